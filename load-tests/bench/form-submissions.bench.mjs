// Benchmark: form submissions per second and the PDF render time (issue 15: `npm run bench`:
// "submissions per second and the PDF render time p95").
//
// Creates its own database (bench_forms_<rand>) and a local S3 (s3rver, in this process, on a
// folder of its own), boots the documents service's own modules from dist (the business name
// answered locally instead of by identity), builds and publishes an intake form with a consent and
// a signature, then:
//   (a) renders the PDF of one submission (names and answers in Polish, Vietnamese, Greek and
//       Cyrillic, the embedded DejaVu font, the signature image) `renders` times in a row → p50/p95/p99;
//   (b) sends `submissions` public submissions, `concurrency` at a time, through SubmitFormUseCase
//       (validation, hash, the PDF, the signature and the PDF stored in S3, the rows and the outbox
//       event in one transaction) → submissions per second and the p50/p95/p99 of one submission.
// Drops the database and the S3 folder.
//
// Needs the documents service built (`npx turbo run build --filter=@salon/documents...`). `npm run bench`:
//   const forms = await import('../../load-tests/bench/form-submissions.bench.mjs');
//   const result = await forms.run({ adminUrl });   // → { submissions, perSecond, submit: {...}, pdfRender: {...} }
// Standalone: node load-tests/bench/form-submissions.bench.mjs [--submissions 300] [--concurrency 8] [--renders 200]
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { round, stats } from './latency-stats.mjs';

const DOCUMENTS_DIR = fileURLToPath(new URL('../../services/documents/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${DOCUMENTS_DIR}dist/${path}`).href);
const fromDocuments = createRequire(join(DOCUMENTS_DIR, 'package.json'));

const FORM = {
  name: 'Bench intake',
  purpose: 'intake',
  serviceIds: [],
  definition: {
    sections: [
      {
        title: 'About you',
        fields: [
          { key: 'full_name', type: 'text', label: 'Full name', required: true },
          { key: 'allergies', type: 'yes_no', label: 'Any allergies?', required: true, followUp: 'Which ones?' },
          { key: 'notes', type: 'long_text', label: 'Anything else we should know?' },
          { key: 'visits', type: 'number', label: 'Visits this year', min: 0, max: 100 },
        ],
      },
      {
        title: 'Consent',
        fields: [
          { key: 'patch_test', type: 'consent', label: 'Patch test', consentText: 'I agree to a patch test 48 hours before colour.' },
          { key: 'signature', type: 'signature', label: 'Sign here', required: true },
        ],
      },
    ],
  },
};
const NAMES = ['Łucja Wójcik', 'Nguyễn Thị Ánh', 'Αθηνά Παππά', 'Ольга Смирнова', 'Ada Lovelace'];

/** A real PNG of a drawn stroke (what the signature pad sends), base64. */
function signaturePng(width = 360, height = 120) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + Math.sin(x / 20) * (height / 3));
    rows.set([0, 0, 0, 255], y * (width * 4 + 1) + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

export async function run({
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  submissions = 300,
  concurrency = 8,
  renders = 200,
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { Test } = fromDocuments('@nestjs/testing');
  const S3rver = fromDocuments('s3rver');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { AppModule } = await dist('app.module.js');
  const { loadDocumentsConfig } = await dist('config.js');
  const { BusinessDirectory } = await dist('modules/submissions/persistence/business-directory.provider.js');
  const { SubmissionPdfRenderer } = await dist('modules/submissions/persistence/submission-pdf.provider.js');
  const { SubmitFormUseCase } = await dist('modules/submissions/use-cases/submit-form.use-case.js');
  const { FormsUseCase } = await dist('modules/forms/use-cases/forms.use-case.js');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_forms_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const s3Dir = mkdtempSync(join(tmpdir(), 'bench-forms-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true });
  let app;
  try {
    const s3Address = await s3.run();
    await nestKit.ensureDatabase(databaseUrl);
    await nestKit.runMigrations(databaseUrl, { entities: ENTITIES, migrations: MIGRATIONS });
    const config = loadDocumentsConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JWT_SECRET: process.env.JWT_SECRET ?? `bench-secret-${randomBytes(16).toString('hex')}`,
      EVENT_SECRET_KEY: process.env.EVENT_SECRET_KEY ?? randomBytes(32).toString('base64'),
      DATABASE_URL: databaseUrl,
      REDIS_KEY_PREFIX: `bench:forms:${tag}:`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: `bench-forms-${tag}`,
    });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
      .overrideProvider(BusinessDirectory)
      .useValue({ businessName: async () => 'Maple & Moss Salon' })
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();

    const forms = app.get(FormsUseCase);
    const created = await forms.create(null, FORM);
    await forms.publish(null, created.id);
    const signature = signaturePng();
    const body = (i) => ({
      version: 1,
      answers: {
        full_name: NAMES[i % NAMES.length],
        allergies: { answer: 'yes', followUp: 'Латекс, γύρη, orzechy' },
        notes: 'Prefers a quiet room. '.repeat(8),
        visits: i % 50,
        patch_test: true,
      },
      signature: { name: NAMES[i % NAMES.length], imagePng: signature },
    });

    // (a) The PDF alone.
    const renderer = app.get(SubmissionPdfRenderer);
    const content = {
      businessName: 'Maple & Moss Salon',
      formName: FORM.name,
      version: 1,
      definition: FORM.definition,
      answers: body(0).answers,
      signerName: NAMES[0],
      signaturePng: Buffer.from(signature, 'base64'),
      signedAt: new Date(),
      timeZone: 'America/Chicago',
      ip: '203.0.113.7',
      userAgent: 'Bench Tablet 1.0',
      contentSha256: 'a'.repeat(64),
      submissionId: '00000000-0000-4000-8000-000000000000',
    };
    for (let i = 0; i < 10; i++) await renderer.render(content); // warm-up (the font is read and parsed once)
    const renderTimes = [];
    let pdfBytes = 0;
    for (let i = 0; i < renders; i++) {
      const start = process.hrtime.bigint();
      pdfBytes = (await renderer.render({ ...content, signerName: NAMES[i % NAMES.length] })).length;
      renderTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const pdfRender = stats(renderTimes);
    log(
      `  PDF render (${renders}, one at a time, ${Math.round(pdfBytes / 1024)} KB each): p50 ${pdfRender.p50} ms  p95 ${pdfRender.p95} ms  p99 ${pdfRender.p99} ms`,
    );

    // (b) Whole submissions, `concurrency` at a time.
    const submit = app.get(SubmitFormUseCase);
    for (let i = 0; i < 5; i++) await submit.execute(created.id, body(i), { ip: '203.0.113.7', userAgent: 'Bench', now: new Date() });
    const times = [];
    let next = 0;
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < submissions) {
          const i = next++;
          const start = process.hrtime.bigint();
          await submit.execute(created.id, body(i), { ip: '203.0.113.7', userAgent: 'Bench', now: new Date() });
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const submit_ = stats(times);
    const perSecond = round(submissions / seconds);
    log(
      `  submissions (${submissions}, ${concurrency} at a time, PDF and files to S3): ${perSecond}/s  p50 ${submit_.p50} ms  p95 ${submit_.p95} ms  p99 ${submit_.p99} ms`,
    );
    return { submissions, concurrency, perSecond, submit: submit_, renders, pdfRender, pdfBytes };
  } finally {
    await app?.close().catch(() => {});
    await s3.close().catch(() => {});
    rmSync(s3Dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { submissions: { type: 'string' }, concurrency: { type: 'string' }, renders: { type: 'string' } },
  });
  const result = await run({
    submissions: Number(values.submissions ?? 300),
    concurrency: Number(values.concurrency ?? 8),
    renders: Number(values.renders ?? 200),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
