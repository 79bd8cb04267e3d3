import 'reflect-metadata';
import { formDefinitionSchema, formInputSchema } from '@salon/contracts';
import { ConfigError, OutboxWriter } from '@salon/nest-kit';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadDocumentsConfig } from './config.js';
import { DEMO_ANSWERS, DEMO_DOCUMENTS, DEMO_FORMS } from './database/demo-forms.js';
import { demoSignaturePng } from './database/demo-signature.js';
import { newPublicId, newRequestToken } from './modules/documents/domain/public-link.rules.js';
import { DocumentRepository } from './modules/documents/persistence/document.repository.js';
import { FormRepository } from './modules/forms/persistence/form.repository.js';
import { S3FileStore } from './modules/storage/persistence/file-store.provider.js';
import { sha256Hex } from './modules/submissions/domain/submission-hash.rules.js';
import { SubmissionPdfRenderer } from './modules/submissions/persistence/submission-pdf.provider.js';
import { SubmissionRepository } from './modules/submissions/persistence/submission.repository.js';
import { SubmitFormUseCase } from './modules/submissions/use-cases/submit-form.use-case.js';
import type { BusinessDirectory } from './modules/submissions/persistence/business-directory.provider.js';

/**
 * `npm run seed -w @salon/documents`: the demo salon's intake form, colour consent and massage
 * waiver, published and attached to the demo catalogue's services; a few demo clients' signed
 * submissions (through the real submission use-case: hash, PDF, files in the local S3); two public
 * documents. Once. SEED-ONLY SHORTCUT: services, clients and the salon's name are read (read-only)
 * from scheduling's, clients' and identity's databases; the running service asks their owners.
 */
async function readOnly<T>(url: string | undefined, fallback: string, query: string): Promise<T[]> {
  const db = new pg.Client({ connectionString: url ?? fallback });
  await db.connect();
  try {
    return (await db.query(query)).rows as T[];
  } finally {
    await db.end();
  }
}

try {
  const config = loadDocumentsConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL });
  await dataSource.initialize();
  try {
    if ((await dataSource.query(`SELECT 1 FROM forms LIMIT 1`)).length) {
      console.log(JSON.stringify({ service: 'documents', seeded: false, reason: 'already seeded' }));
    } else {
      const services = await readOnly<{ id: string; name: string }>(
        process.env.SCHEDULING_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_scheduling',
        `SELECT id, name FROM services`,
      );
      const clients = await readOnly<{ id: string; name: string }>(
        process.env.CLIENTS_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_clients',
        `SELECT id, trim(first_name || ' ' || coalesce(last_name, '')) AS name FROM clients
          WHERE deleted_at IS NULL AND merged_into IS NULL ORDER BY created_at, id LIMIT 4`,
      );
      const [business] = await readOnly<{ name: string }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT business_name AS name FROM business_settings LIMIT 1`,
      ).catch(() => [{ name: 'Your salon' }]);
      const store = new S3FileStore(config);
      await store.onModuleInit();
      const forms = new FormRepository(dataSource);
      const submissions = new SubmissionRepository(dataSource);
      const documents = new DocumentRepository(dataSource);
      const outbox = new OutboxWriter();
      const directory = { businessName: async () => business?.name ?? 'Your salon' } as unknown as BusinessDirectory;
      const submit = new SubmitFormUseCase(
        dataSource,
        forms,
        submissions,
        documents,
        store,
        new SubmissionPdfRenderer(),
        directory,
        outbox,
        config,
      );

      const formIds: { id: string; name: string }[] = [];
      for (const { serviceNames, ...demo } of DEMO_FORMS) {
        const serviceIds = services.filter((s) => serviceNames.includes(s.name)).map((s) => s.id);
        const f = formInputSchema.parse({ ...demo, serviceIds });
        const definition = formDefinitionSchema.parse(f.definition);
        const id = await dataSource.transaction(async (m) => {
          const id = await forms.insert(m, { ...f, definition, createdBy: null });
          await forms.setServices(m, id, serviceIds);
          await forms.publish(m, id, { version: 1, name: f.name, definition, by: null });
          await outbox.append(m, {
            type: 'documents.form.published.v1',
            aggregateType: 'form',
            aggregateId: id,
            payload: { formId: id, version: 1, name: f.name, serviceIds },
          });
          return id;
        });
        formIds.push({ id, name: f.name });
      }

      // Each demo client filled the intake; some also the colour consent or the massage waiver.
      let filled = 0;
      for (const [i, client] of clients.entries()) {
        for (const form of formIds.filter((f, n) => n === 0 || (n === 1 && i % 2 === 0) || (n === 2 && i % 2 === 1))) {
          const token = newRequestToken();
          await dataSource.transaction((m) =>
            submissions.insertRequest(m, {
              tokenSha256: sha256Hex(token),
              token,
              formId: form.id,
              clientId: client.id,
              appointmentId: null,
              dueAt: null,
              expiresAt: new Date(Date.now() + 30 * 86_400_000),
            }),
          );
          await submit.execute(
            form.id,
            {
              version: 1,
              answers: DEMO_ANSWERS[form.name]!(client.name, i),
              signature: { name: client.name, imagePng: demoSignaturePng(i).toString('base64') },
              request: token,
            },
            { ip: '127.0.0.1', userAgent: 'Front-desk tablet (demo)', now: new Date(Date.now() - (i + 1) * 86_400_000) },
          );
          filled++;
        }
      }

      for (const doc of DEMO_DOCUMENTS) {
        const bytes = Buffer.from(doc.text, 'utf8');
        const id = crypto.randomUUID();
        await store.put(`documents/${id}`, bytes, 'text/plain');
        await dataSource.transaction(async (m) => {
          await documents.insert(m, {
            id,
            title: doc.title,
            description: null,
            kind: doc.kind,
            fileName: doc.fileName,
            contentType: 'text/plain',
            size: bytes.length,
            sha256: sha256Hex(bytes),
            storageKey: `documents/${id}`,
            clientId: null,
            submissionId: null,
            createdBy: null,
            retainUntil: null,
          });
          await documents.share(m, id, newPublicId(), null);
        });
      }
      console.log(
        JSON.stringify({
          service: 'documents',
          seeded: true,
          forms: formIds.length,
          submissions: filled,
          publicDocuments: DEMO_DOCUMENTS.length,
        }),
      );
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `documents seed failed: ${(error as Error).message}`);
  process.exit(1);
}
