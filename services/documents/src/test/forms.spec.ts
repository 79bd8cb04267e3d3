import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope, FormInput } from '@salon/contracts';
import type { AuthContext } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentsUseCase } from '../modules/documents/use-cases/documents.use-case.js';
import { FormLinkPublisher } from '../modules/form-links/events/form-link.publisher.js';
import { FormRepository } from '../modules/forms/persistence/form.repository.js';
import { RequestFormsForBookingUseCase } from '../modules/form-requests/use-cases/request-forms-for-booking.use-case.js';
import { textRuns } from '../modules/submissions/domain/pdf-script.rules.js';
import { pdfFontFile } from '../modules/submissions/persistence/submission-pdf.provider.js';
import { SubmissionRateLimit } from '../modules/submissions/persistence/submission-rate-limit.provider.js';
import { SubmissionRepository } from '../modules/submissions/persistence/submission.repository.js';
import { BUSINESS_NAME, CLIENT, SERVICE, SIGNATURE, signaturePng, startDocuments, USERS, type DocumentsTestApp } from './documents-app.js';

const INTAKE: FormInput = {
  name: 'Colour consent',
  purpose: 'consent',
  serviceIds: [SERVICE.colour],
  definition: {
    sections: [
      {
        title: 'About you',
        fields: [
          { key: 'full_name', type: 'text', label: 'Full name', required: true },
          { key: 'allergies', type: 'yes_no', label: 'Any allergies?', required: true, followUp: 'Which ones?' },
          { key: 'allergy_notes', type: 'long_text', label: 'Tell us more', showIf: { field: 'allergies', equals: 'yes' } },
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

const ANSWERS = { full_name: 'Ada Lovelace', allergies: { answer: 'yes', followUp: 'Latex' }, visits: 3, patch_test: true };

let t: DocumentsTestApp;
beforeAll(async () => {
  t = await startDocuments('forms');
});
afterAll(async () => {
  await t?.close();
});

async function createPublished(input: FormInput = INTAKE): Promise<string> {
  const created = await t.as('desk').post('/api/forms', input).expect(201);
  await t.as('desk').post(`/api/forms/${created.body.id}/publish`, {}).expect(201);
  return created.body.id;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('forms: building, versions and services', () => {
  it('refuses services the catalogue does not know or has retired, naming each field', async () => {
    const res = await t
      .as('desk')
      .post('/api/forms', { ...INTAKE, serviceIds: [SERVICE.colour, SERVICE.retired, '5e000000-0000-4000-8000-00000000ffff'] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'serviceIds.1', message: 'is not an active service' },
      { field: 'serviceIds.2', message: 'is not a service of the catalogue' },
    ]);
  });

  it('refuses a definition whose condition reads a later field, naming the path', async () => {
    const bad = structuredClone(INTAKE);
    bad.definition.sections[0]!.fields[2]!.showIf = { field: 'visits', equals: 'yes' };
    const res = await t.as('desk').post('/api/forms', bad);
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({
      field: 'definition.sections.0.fields.2.showIf.field',
      message: 'must name a field above this one',
    });
  });

  it('publishes the draft as version 1 with a digits-only id; an unchanged draft makes no new version', async () => {
    const id = await createPublished();
    expect(id).toMatch(/^\d+$/);
    const again = await t.as('desk').post(`/api/forms/${id}/publish`, {}).expect(201);
    expect(again.body).toMatchObject({ publishedVersion: 1, hasDraftChanges: false, serviceIds: [SERVICE.colour] });
    const [events] = await t.sql(`SELECT count(*)::int AS n FROM outbox WHERE type = 'documents.form.published.v1' AND aggregate_id = $1`, [
      id,
    ]);
    expect(events!.n).toBe(1);
  });

  it('needs edit_clients to build and view_clients to list', async () => {
    await t.as('viewer').post('/api/forms', INTAKE).expect(403);
    await t.as('outsider').get('/api/forms').expect(403);
    await t.as(null).get('/api/forms').expect(401);
    await t.as('viewer').get('/api/forms').expect(200);
  });
});

describe('submissions', () => {
  it('keeps the version it answered after the form changes, and the PDF names the salon, the signer and the answers', async () => {
    const id = await createPublished();
    const page = await t.as(null).get(`/api/forms/public/${id}`).expect(200);
    expect(page.body).toMatchObject({ version: 1, businessName: BUSINESS_NAME, name: 'Colour consent' });

    // The salon edits and republishes while the client still has version 1 open.
    const changed = structuredClone(INTAKE);
    changed.name = 'Colour consent (2027)';
    changed.definition.sections[1]!.fields[0]!.consentText = 'I agree to a patch test 72 hours before colour.';
    const form = await t.as('desk').get(`/api/forms/${id}`).expect(200);
    await t
      .as('desk')
      .put(`/api/forms/${id}`, { ...changed, version: form.body.version })
      .expect(200);
    const published = await t.as('desk').post(`/api/forms/${id}/publish`, {}).expect(201);
    expect(published.body.publishedVersion).toBe(2);

    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE })
      .set('User-Agent', 'Phone Browser 1.0')
      .expect(201);
    expect(receipt.body.contentSha256).toMatch(/^[0-9a-f]{64}$/);

    const read = await t.as('viewer').get(`/api/forms/submissions/${receipt.body.id}`).expect(200);
    expect(read.body).toMatchObject({
      version: 1,
      formName: 'Colour consent',
      signerName: 'Ada Lovelace',
      intact: true,
      userAgent: 'Phone Browser 1.0',
    });
    expect(read.body.answers.allergies).toEqual({ answer: 'yes', followUp: 'Latex' });

    const [doc] = await t.sql(`SELECT storage_key FROM documents WHERE submission_id = $1`, [receipt.body.id]);
    const link = await t
      .as('viewer')
      .get(`/api/documents/${(await t.sql(`SELECT id FROM documents WHERE submission_id = $1`, [receipt.body.id]))[0]!.id}/download`)
      .expect(200);
    expect(link.body.url).toContain(doc!.storage_key);
    const pdf = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(BUSINESS_NAME);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Latex');
    expect(text).toContain('48 hours');
    expect(text).not.toContain('72 hours');
    expect(text).toContain(receipt.body.contentSha256);
  });

  it('draws names and answers beyond Latin-1 in the PDF: Polish, Vietnamese, Greek, Cyrillic', async () => {
    const id = await createPublished({ ...INTAKE, name: 'Zgoda na koloryzację' });
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, {
        version: 1,
        answers: { ...ANSWERS, full_name: 'Nguyễn Thị Ánh', allergies: { answer: 'yes', followUp: 'Αθηνά: γύρη; Ольга: латекс' } },
        signature: { ...SIGNATURE, name: 'Łucja Wójcik' },
      })
      .expect(201);
    const [doc] = await t.sql(`SELECT id FROM documents WHERE submission_id = $1`, [receipt.body.id]);
    const link = await t.as('viewer').get(`/api/documents/${doc!.id}/download`).expect(200);
    const text = pdfText(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()));
    expect(text).toContain('Zgoda na koloryzację');
    expect(text).toContain('Łucja Wójcik');
    expect(text).toContain('Nguyễn Thị Ánh');
    expect(text).toContain('Αθηνά: γύρη');
    expect(text).toContain('Ольга: латекс');
    expect(text).not.toContain('W?jcik');
  });

  it('draws Chinese, Japanese, Arabic, Hindi, Bengali and Tamil in the PDF, each read back in reading order', async () => {
    const id = await createPublished({ ...INTAKE, name: '染发同意书' });
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, {
        version: 1,
        answers: {
          ...ANSWERS,
          full_name: '山田花子',
          allergies: { answer: 'yes', followUp: 'حساسية من الغبار' },
          allergy_notes: 'রবীন্দ্রনাথ ঠাকুর; தமிழ் கௌசல்யா',
          visits: 2,
        },
        signature: { ...SIGNATURE, name: 'प्रिया शर्मा' },
      })
      .expect(201);
    const [doc] = await t.sql(`SELECT id FROM documents WHERE submission_id = $1`, [receipt.body.id]);
    const link = await t.as('viewer').get(`/api/documents/${doc!.id}/download`).expect(200);
    const pdf = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, pdf);
    const text = pdfText(pdf).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('染发同意书');
    expect(text).toContain('山田花子');
    // Arabic: joined letters, set right to left, read back in logical order.
    expect(text).toContain('حساسية من الغبار');
    // Hindi: the reading order, not the glyphs' (the i-matra is drawn before its consonant).
    expect(text).toContain('प्रिया शर्मा');
    // Bengali and Tamil, each in its own font, between Latin punctuation.
    expect(text).toContain('রবীন্দ্রনাথ ঠাকুর; தமிழ் கௌசல்யா');
    // The read-back of Indic text comes from its ActualText: that every letter is drawn (no empty
    // box) is checked on the fonts themselves, run by run, with both weights.
    const fontkit = createRequire(import.meta.url)('fontkit');
    for (const sample of [
      '染发同意书',
      '山田花子',
      'Yes — حساسية من الغبار',
      'प्रिया शर्मा',
      'রবীন্দ্রনাথ ঠাকুর; தமிழ் கௌசல்யா',
      'Signed by: 山田 Hanako',
    ])
      for (const run of textRuns(sample))
        for (const weight of ['regular', 'bold'] as const) {
          const font = fontkit.openSync(pdfFontFile(run.script, weight));
          const missing = [...run.text].filter((ch) => !/\s/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)));
          expect(missing, `${run.script} ${weight}: ${run.text}`).toEqual([]);
        }
  });

  it('refuses answers that break the version: required, types, hidden keys, a missing signature', async () => {
    const id = await createPublished();
    const res = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, {
        version: 1,
        answers: { allergies: 'maybe', visits: 500, patch_test: false, nope: 1 },
        signature: null,
      })
      .expect(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'answers.nope',
        'answers.full_name',
        'answers.allergies',
        'answers.visits',
        'answers.patch_test',
        'signature',
      ]),
    );
    await t.as(null).post(`/api/forms/public/${id}/submissions`, { version: 9, answers: ANSWERS, signature: SIGNATURE }).expect(400);
  });

  it('takes a form whose file answers are each near the 1 MB limit (the body is over 2 MB in all)', async () => {
    const id = await createPublished({
      name: 'Before and after',
      purpose: 'intake',
      serviceIds: [],
      definition: {
        sections: [
          {
            title: 'Photos',
            fields: [
              { key: 'front', type: 'file', label: 'Front', accept: 'photo', required: true },
              { key: 'side', type: 'file', label: 'Side', accept: 'photo', required: true },
            ],
          },
        ],
      },
    });
    // JPEG's first bytes, then filler: what a phone's photo near the limit weighs.
    const photo = (seed: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(950_000, seed)]).toString('base64');
    const link = await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.bea }).expect(201);
    const request = new URL(link.body.link).searchParams.get('r');
    const answers = {
      front: { fileName: 'front.jpg', contentType: 'image/jpeg', data: photo(1) },
      side: { fileName: 'side.jpg', contentType: 'image/jpeg', data: photo(2) },
    };
    expect(JSON.stringify(answers).length).toBeGreaterThan(2_000_000);
    const res = await t.as(null).post(`/api/forms/public/${id}/submissions`, { version: 1, answers, request });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('keeps a photo answer with the submission; staff open it through a short-lived link, each opening logged like a read', async () => {
    const withPhoto: FormInput = {
      name: 'Skin check',
      purpose: 'intake',
      serviceIds: [],
      definition: {
        sections: [
          {
            title: 'Your skin',
            fields: [
              { key: 'area', type: 'text', label: 'Area', required: true },
              { key: 'photo', type: 'file', label: 'Photo of the area', accept: 'photo', required: true },
            ],
          },
        ],
      },
    };
    const id = await createPublished(withPhoto);
    const png = Buffer.from(signaturePng(64, 64), 'base64');
    const link = await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.bea }).expect(201);
    const request = new URL(link.body.link).searchParams.get('r');
    // A PDF where a photo is asked is refused, naming the answer.
    const wrong = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, {
        version: 1,
        answers: {
          area: 'Left arm',
          photo: { fileName: 'arm.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') },
        },
        request,
      })
      .expect(400);
    expect(wrong.body.details[0].field).toBe('answers.photo');
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, {
        version: 1,
        answers: { area: 'Left arm', photo: { fileName: 'arm.jpg', contentType: 'image/jpeg', data: png.toString('base64') } },
        request,
      })
      .expect(201);

    // The profile lists the file (name, sniffed type, size); the submission is intact.
    const forms = await t.gql(
      'viewer',
      `query($c: ID!) { clientForms(clientId: $c) { submissionId intact files { fieldKey fileName contentType size } } }`,
      {
        c: CLIENT.bea,
      },
    );
    const filled = forms.data.clientForms.find((f: { submissionId: string }) => f.submissionId === receipt.body.id);
    expect(filled).toEqual({
      submissionId: receipt.body.id,
      intact: true,
      files: [{ fieldKey: 'photo', fileName: 'arm.jpg', contentType: 'image/png', size: png.length }],
    });

    // Staff get a short-lived link to exactly those bytes (REST and GraphQL); each opening is a read.
    const rest = await t.as('viewer').get(`/api/forms/submissions/${receipt.body.id}/files/photo`).expect(200);
    expect(new Date(rest.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(Buffer.from(await (await fetch(rest.body.url)).arrayBuffer()).equals(png)).toBe(true);
    const gql = await t.gql('desk', `query($id: ID!, $k: String!) { formSubmissionFile(id: $id, fieldKey: $k) { url } }`, {
      id: receipt.body.id,
      k: 'photo',
    });
    expect(gql.errors).toBeUndefined();
    // No such field, someone else's client, someone without view_clients: 404, and none of it is a read.
    await t.as('viewer').get(`/api/forms/submissions/${receipt.body.id}/files/area`).expect(404);
    await t.as('ada').get(`/api/forms/submissions/${receipt.body.id}/files/photo`).expect(404);
    await t.as('outsider').get(`/api/forms/submissions/${receipt.body.id}/files/photo`).expect(404);
    const reads = await t.as('admin').get(`/api/forms/submissions/${receipt.body.id}/reads`).expect(200);
    expect(reads.body.map((r: { readerId: string; via: string }) => [r.readerId, r.via])).toEqual([
      [USERS.desk.id, 'file'],
      [USERS.viewer.id, 'file'],
    ]);
  });

  it('a tampered submission fails its hash check', async () => {
    const id = await createPublished();
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE })
      .expect(201);
    await t.sql(`UPDATE submissions SET answers = jsonb_set(answers, '{visits}', '4') WHERE id = $1`, [receipt.body.id]);
    const read = await t.as('viewer').get(`/api/forms/submissions/${receipt.body.id}`).expect(200);
    expect(read.body.intact).toBe(false);
  });

  it('logs every read (who, when), and a signed-in client reads only their own submission', async () => {
    const id = await createPublished();
    const link = await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.ada }).expect(201);
    expect(link.body).toMatchObject({ status: 'due', formId: id });
    const token = new URL(link.body.link).searchParams.get('r');
    await t.as(null).get(`/api/forms/public/${id}?r=${token}`).expect(200);
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: token })
      .expect(201);
    // The link is used up.
    await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: token })
      .expect(409);

    await t.as('ada').get(`/api/forms/submissions/${receipt.body.id}`).expect(200);
    await t.as('bea').get(`/api/forms/submissions/${receipt.body.id}`).expect(404);
    await t.as('outsider').get(`/api/forms/submissions/${receipt.body.id}`).expect(404);
    await t.as('viewer').get(`/api/forms/submissions/${receipt.body.id}`).expect(200);
    const reads = await t.as('admin').get(`/api/forms/submissions/${receipt.body.id}/reads`).expect(200);
    // Newest first: the viewer, then the client; the refused reads are not reads.
    expect(reads.body.map((r: { readerId: string }) => r.readerId)).toEqual(['0d000000-0000-4000-8000-000000000003', CLIENT.ada]);
    expect(reads.body[0]).toMatchObject({ via: 'rest', readAt: expect.stringMatching(/^\d{4}-/) });

    const forms = await t.as('ada').get(`/api/forms/clients/${CLIENT.ada}`).expect(200);
    expect(forms.body).toContainEqual(expect.objectContaining({ formId: id, status: 'filled', submissionId: receipt.body.id }));
    await t.as('bea').get(`/api/forms/clients/${CLIENT.ada}`).expect(404);
    const pdfs = await t.as('ada').get(`/api/documents?clientId=${CLIENT.ada}`).expect(200);
    expect(pdfs.body).toContainEqual(expect.objectContaining({ kind: 'form_pdf', submissionId: receipt.body.id }));
    await t.as('bea').get(`/api/documents/${pdfs.body[0].id}`).expect(404);
  });

  it("opening a signed form's PDF is logged as a read of it; the profile shows its integrity check and, to staff, who read it when", async () => {
    const id = await createPublished({ ...INTAKE, name: 'PDF read log' });
    const link = await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.bea }).expect(201);
    const token = new URL(link.body.link).searchParams.get('r');
    const receipt = await t
      .as(null)
      .post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: token })
      .expect(201);
    const [pdf] = await t.sql<{ id: string }>(`SELECT id FROM documents WHERE submission_id = $1`, [receipt.body.id]);
    // Staff open the PDF through REST and GraphQL (the profile's "Signed PDF"), the client their own; someone else is refused.
    await t.as('viewer').get(`/api/documents/${pdf!.id}/download`).expect(200);
    const viaGql = await t.gql('desk', `query($id: ID!) { documentDownload(id: $id) { url } }`, { id: pdf!.id });
    expect(viaGql.errors).toBeUndefined();
    await t.as('bea').get(`/api/documents/${pdf!.id}/download`).expect(200);
    await t.as('ada').get(`/api/documents/${pdf!.id}/download`).expect(404);
    // Listing or describing the document is not opening it.
    await t.as('viewer').get(`/api/documents/${pdf!.id}`).expect(200);

    const reads = await t.as('admin').get(`/api/forms/submissions/${receipt.body.id}/reads`).expect(200);
    expect(reads.body.map((r: { readerId: string; via: string }) => [r.readerId, r.via])).toEqual([
      [CLIENT.bea, 'pdf'],
      ['0d000000-0000-4000-8000-000000000002', 'pdf'],
      ['0d000000-0000-4000-8000-000000000003', 'pdf'],
    ]);
    expect(reads.body[0]).toMatchObject({ readerRole: 'client', readAt: expect.stringMatching(/^\d{4}-/) });
    await t.as('bea').get(`/api/forms/submissions/${receipt.body.id}/reads`).expect(404);

    const query = `query($c: ID!) { clientForms(clientId: $c) { formId status submissionId intact reads { readerId readerRole via readAt } } }`;
    const staff = await t.gql('admin', query, { c: CLIENT.bea });
    expect(staff.errors).toBeUndefined();
    const filled = staff.data.clientForms.find((f: { submissionId: string }) => f.submissionId === receipt.body.id);
    expect(filled).toMatchObject({ status: 'filled', intact: true });
    expect(filled.reads.map((r: { via: string }) => r.via)).toEqual(['pdf', 'pdf', 'pdf']);
    expect(
      staff.data.clientForms.filter((f: { status: string }) => f.status === 'due').every((f: { intact: null }) => f.intact === null),
    ).toBe(true);
    // The client sees their form's integrity check but not the log of who read it.
    const own = await t.gql('bea', query, { c: CLIENT.bea });
    expect(own.data.clientForms.find((f: { submissionId: string }) => f.submissionId === receipt.body.id)).toMatchObject({
      intact: true,
      reads: null,
    });
    // A changed answer shows on the profile as a failed check.
    await t.sql(`UPDATE submissions SET answers = jsonb_set(answers, '{visits}', '9') WHERE id = $1`, [receipt.body.id]);
    const after = await t.gql('viewer', query, { c: CLIENT.bea });
    expect(after.data.clientForms.find((f: { submissionId: string }) => f.submissionId === receipt.body.id).intact).toBe(false);
  });

  it('a booking of an attached service makes the form due once; a once-per-client intake is not asked again', async () => {
    const consent = await createPublished({ ...INTAKE, name: 'Massage waiver', serviceIds: [SERVICE.massage] });
    const intake = await createPublished({ ...INTAKE, name: 'Massage intake', serviceIds: [SERVICE.massage], oncePerClient: true });
    const ds = t.app.get(DataSource);
    const useCase = new RequestFormsForBookingUseCase(
      t.app.get(FormRepository),
      t.app.get(SubmissionRepository),
      t.app.get(FormLinkPublisher),
    );
    const booking = (n: number) => ({
      appointmentId: `a1000000-0000-4000-8000-00000000000${n}`,
      clientId: CLIENT.bea,
      serviceId: SERVICE.massage,
      serviceName: 'Massage',
      staffId: '5a000000-0000-4000-8000-000000000001',
      startsAt: '2026-11-30T16:00:00.000Z',
      endsAt: '2026-11-30T17:00:00.000Z',
      priceMinor: 9000,
      currency: 'USD',
      source: 'online' as const,
    });
    const now = new Date('2026-11-23T15:00:00Z');
    expect(await ds.transaction((m) => useCase.execute(booking(1), m, now))).toBe(2);
    // A redelivered event makes nothing twice.
    expect(await ds.transaction((m) => useCase.execute(booking(1), m, now))).toBe(0);
    // A second booking: the waiver again, the intake not (a live request exists).
    expect(await ds.transaction((m) => useCase.execute(booking(2), m, now))).toBe(1);
    const due = await t.as('viewer').get(`/api/forms/clients/${CLIENT.bea}`).expect(200);
    const names = due.body.filter((f: { status: string }) => f.status === 'due').map((f: { formId: string }) => f.formId);
    expect(names.filter((f: string) => f === consent)).toHaveLength(2);
    expect(names.filter((f: string) => f === intake)).toHaveLength(1);
  });

  it("lists an online booking's forms by its formsKey only, each with the client's link, until filled", async () => {
    const waiver = await createPublished({ ...INTAKE, name: 'Pedicure waiver', serviceIds: [SERVICE.pedicure] });
    const ds = t.app.get(DataSource);
    const useCase = new RequestFormsForBookingUseCase(
      t.app.get(FormRepository),
      t.app.get(SubmissionRepository),
      t.app.get(FormLinkPublisher),
    );
    const formsKey = randomBytes(32).toString('base64url');
    // Far ahead: the link stays live whatever the machine's date (the endpoint reads the real clock).
    await ds.transaction((m) =>
      useCase.execute(
        {
          appointmentId: 'a2000000-0000-4000-8000-000000000001',
          clientId: CLIENT.ada,
          serviceId: SERVICE.pedicure,
          serviceName: 'Pedicure',
          staffId: '5a000000-0000-4000-8000-000000000001',
          startsAt: '2999-01-04T16:00:00.000Z',
          endsAt: '2999-01-04T17:00:00.000Z',
          priceMinor: 4000,
          currency: 'USD',
          source: 'online',
          formsKeySha256: createHash('sha256').update(formsKey).digest('hex'),
        },
        m,
        new Date('2998-12-30T15:00:00Z'),
      ),
    );
    const listed = await t.as(null).get(`/api/forms/public/booked/${formsKey}`).expect(200);
    expect(listed.body).toEqual([
      { formId: waiver, formName: 'Pedicure waiver', link: expect.stringMatching(new RegExp(`/forms/${waiver}\\?r=`)) },
    ]);
    // Another key, or something that is not a key, learns nothing.
    await t
      .as(null)
      .get(`/api/forms/public/booked/${randomBytes(32).toString('base64url')}`)
      .expect(200, []);
    await t.as(null).get(`/api/forms/public/booked/${CLIENT.ada}`).expect(200, []);

    const r = new URL(listed.body[0].link).searchParams.get('r');
    await t
      .as(null)
      .post(`/api/forms/public/${waiver}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: r })
      .expect(201);
    await t.as(null).get(`/api/forms/public/booked/${formsKey}`).expect(200, []);
  });

  it("a second online booking's confirmation lists the once-per-client form the client still has open from the first", async () => {
    const intake = await createPublished({ ...INTAKE, name: 'Pedicure intake', serviceIds: [SERVICE.pedicure], oncePerClient: true });
    const ds = t.app.get(DataSource);
    const useCase = new RequestFormsForBookingUseCase(
      t.app.get(FormRepository),
      t.app.get(SubmissionRepository),
      t.app.get(FormLinkPublisher),
    );
    const book = async (n: number) => {
      const formsKey = randomBytes(32).toString('base64url');
      // Far ahead: the endpoint reads the real clock.
      await ds.transaction((m) =>
        useCase.execute(
          {
            appointmentId: `a4000000-0000-4000-8000-00000000000${n}`,
            clientId: CLIENT.bea,
            serviceId: SERVICE.pedicure,
            serviceName: 'Pedicure',
            staffId: '5a000000-0000-4000-8000-000000000001',
            startsAt: `2999-02-0${n}T16:00:00.000Z`,
            endsAt: `2999-02-0${n}T17:00:00.000Z`,
            priceMinor: 4000,
            currency: 'USD',
            source: 'online',
            formsKeySha256: createHash('sha256').update(formsKey).digest('hex'),
          },
          m,
          new Date('2999-01-30T15:00:00Z'),
        ),
      );
      return formsKey;
    };
    const listed = async (key: string) =>
      (await t.as(null).get(`/api/forms/public/booked/${key}`).expect(200)).body as { formId: string; formName: string; link: string }[];
    const first = await book(1);
    const second = await book(2);
    // The intake is asked once (one request), yet both confirmations list it, with the same link.
    const requests = await t.sql(`SELECT id FROM form_requests WHERE client_id = $1 AND form_id = $2`, [CLIENT.bea, intake]);
    expect(requests).toHaveLength(1);
    const fromFirst = (await listed(first)).find((f) => f.formId === intake);
    const fromSecond = (await listed(second)).find((f) => f.formId === intake);
    expect(fromSecond).toEqual({ formId: intake, formName: 'Pedicure intake', link: fromFirst!.link });
    // The second booking's own (not once-per-client) forms are there too.
    expect((await listed(second)).map((f) => f.formName)).toContain('Pedicure waiver');
    // Filled from either, it leaves both.
    const r = new URL(fromSecond!.link).searchParams.get('r');
    await t
      .as(null)
      .post(`/api/forms/public/${intake}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: r })
      .expect(201);
    expect((await listed(first)).map((f) => f.formId)).not.toContain(intake);
    expect((await listed(second)).map((f) => f.formId)).not.toContain(intake);
    // A third booking after it was filled asks nothing more of it.
    expect((await listed(await book(3))).map((f) => f.formId)).not.toContain(intake);
  });
});

describe('form links sent to clients', () => {
  type LinkEvent = EventEnvelope<{
    sendId: string;
    reason: string;
    clientId: string;
    appointmentId: string | null;
    formId: string;
    formNames: string[];
    startsAt: string | null;
    expiresAt: string;
    token: { v: 1; iv: string; data: string; tag: string };
  }>;
  const linkEvents = async (clientId: string): Promise<LinkEvent[]> =>
    (
      await t.sql<{ envelope: LinkEvent }>(
        `SELECT envelope FROM outbox WHERE type = 'documents.form-link.requested.v1' AND envelope->'payload'->>'clientId' = $1 ORDER BY seq`,
        [clientId],
      )
    ).map((r) => r.envelope);
  const booking = (appointmentId: string, startsAt: string) => ({
    appointmentId,
    clientId: CLIENT.bea,
    serviceId: SERVICE.facial,
    serviceName: 'Facial',
    staffId: '5a000000-0000-4000-8000-000000000001',
    startsAt,
    endsAt: startsAt.replace('T16', 'T17'),
    priceMinor: 9000,
    currency: 'USD',
    source: 'staff' as const,
  });

  it('a booking that asks forms publishes one link for the appointment, its token sealed; the link opens the form and leads on to the others', async () => {
    const intake = await createPublished({ ...INTAKE, name: 'Facial intake', serviceIds: [SERVICE.facial] });
    const consent = await createPublished({ ...INTAKE, name: 'Facial patch test', serviceIds: [SERVICE.facial] });
    const ds = t.app.get(DataSource);
    const useCase = new RequestFormsForBookingUseCase(
      t.app.get(FormRepository),
      t.app.get(SubmissionRepository),
      t.app.get(FormLinkPublisher),
    );
    const appointmentId = 'a3000000-0000-4000-8000-000000000001';
    // Far ahead: the public page reads the real clock.
    const now = new Date('2998-12-30T15:00:00Z');
    await ds.transaction((m) => useCase.execute(booking(appointmentId, '2999-01-04T16:00:00.000Z'), m, now, 'loc-1'));
    // A redelivered booking asks nothing new and sends nothing more.
    await ds.transaction((m) => useCase.execute(booking(appointmentId, '2999-01-04T16:00:00.000Z'), m, now, 'loc-1'));
    const [event, ...more] = (await linkEvents(CLIENT.bea)).filter((e) => e.aggregateId === appointmentId);
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      aggregateType: 'form-link',
      aggregateId: appointmentId,
      locationId: 'loc-1',
      payload: {
        sendId: appointmentId,
        reason: 'booked',
        appointmentId,
        formId: intake,
        formNames: ['Facial intake', 'Facial patch test'],
        startsAt: '2999-01-04T16:00:00.000Z',
        expiresAt: '2999-01-05T16:00:00.000Z',
      },
    });
    // The token is in the event only sealed; opened, it is the client's own link to the first form.
    expect(JSON.stringify(event)).not.toMatch(/"token":"[A-Za-z0-9_-]{32}"/);
    const token = openSecret(event!.payload.token, process.env.EVENT_SECRET_KEY!);
    const page = await t.as(null).get(`/api/forms/public/${intake}?r=${token}`).expect(200);
    // The client's other open forms (this visit's patch test, and whatever else they still have to fill), never this one.
    expect(page.body.moreForms).toContainEqual({
      formId: consent,
      formName: 'Facial patch test',
      link: expect.stringMatching(new RegExp(`/forms/${consent}\\?r=[A-Za-z0-9_-]{32}$`)),
    });
    expect(page.body.moreForms.map((f: { formId: string }) => f.formId)).not.toContain(intake);
    // The link is single-purpose: once the form is signed it opens nothing more.
    await t
      .as(null)
      .post(`/api/forms/public/${intake}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE, request: token })
      .expect(201);
    await t.as(null).get(`/api/forms/public/${intake}?r=${token}`).expect(404);
    // Without a link the page names no one's other forms.
    expect((await t.as(null).get(`/api/forms/public/${intake}`).expect(200)).body.moreForms).toEqual([]);

    // A booking entered after the visit asks the forms but sends nothing.
    await ds.transaction((m) => useCase.execute(booking('a3000000-0000-4000-8000-000000000002', '2998-12-01T16:00:00.000Z'), m, now));
    expect((await linkEvents(CLIENT.bea)).filter((e) => e.aggregateId === 'a3000000-0000-4000-8000-000000000002')).toHaveLength(0);
  });

  it("staff's Send forms sends the client's open forms in one message, each press a send of its own; a client with none due is told so", async () => {
    const id = await createPublished({ ...INTAKE, name: 'Gloss waiver', serviceIds: [SERVICE.massage] });
    await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.ada, validDays: 400000 }).expect(400);
    await t.as('desk').post(`/api/forms/${id}/requests`, { clientId: CLIENT.ada, validDays: 365 }).expect(201);
    await t.as('viewer').post(`/api/forms/clients/${CLIENT.ada}/send`).expect(403);
    const sent = await t.gql('desk', `mutation($c: ID!) { sendClientForms(clientId: $c) { sendId formNames expiresAt } }`, {
      c: CLIENT.ada,
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendClientForms.formNames).toContain('Gloss waiver');
    const again = await t.as('desk').post(`/api/forms/clients/${CLIENT.ada}/send`).expect(202);
    expect(again.body.sendId).not.toBe(sent.data.sendClientForms.sendId);
    const events = (await linkEvents(CLIENT.ada)).filter((e) => e.payload.reason === 'staff');
    expect(events.map((e) => e.payload.sendId)).toEqual([sent.data.sendClientForms.sendId, again.body.sendId]);
    expect(events[0]).toMatchObject({ actor: { type: 'user' }, payload: { appointmentId: null, startsAt: null } });

    // A client the clients service does not know, and one with nothing left to fill.
    const nobody = await t.as('desk').post(`/api/forms/clients/c1000000-0000-4000-8000-000000000009/send`);
    expect(nobody.body.details?.[0]?.field ?? nobody.status).toBe('clientId');
    await t.sql(`UPDATE form_requests SET expires_at = now() - interval '1 day' WHERE client_id = $1`, [CLIENT.ada]);
    const none = await t.as('desk').post(`/api/forms/clients/${CLIENT.ada}/send`).expect(400);
    expect(none.body.details[0]).toEqual({ field: 'clientId', message: 'has no forms due: ask for a form first' });
  });
});

describe('documents', () => {
  const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it('refuses a file that claims to be a PDF but is not, naming the file', async () => {
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const res = await t.as('desk').post('/api/documents?title=Policy&fileName=policy.pdf').set('Content-Type', 'application/pdf').send(exe);
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('file');
  });

  it('shares a document by an unguessable id without a session; a revoked link answers 404', async () => {
    const up = await t
      .as('desk')
      .post('/api/documents?title=Cancellation%20policy&fileName=policy.pdf&kind=policy')
      .set('Content-Type', 'application/octet-stream')
      .send(pdfBytes())
      .expect(201);
    expect(up.body).toMatchObject({ contentType: 'application/pdf', publicId: null, clientId: null });
    const shared = await t.as('desk').post(`/api/documents/${up.body.id}/share`, { expiresInDays: 30 }).expect(201);
    expect(shared.body.publicId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const page = await t.as(null).get(`/api/documents/public/${shared.body.publicId}`).expect(200);
    expect(page.body).toMatchObject({ title: 'Cancellation policy', businessName: BUSINESS_NAME });
    const file = await fetch(page.body.downloadUrl);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await t.as('desk').post(`/api/documents/${up.body.id}/revoke`).expect(201);
    await t.as(null).get(`/api/documents/public/${shared.body.publicId}`).expect(404);
    await t.as(null).get(`/api/documents/public/${shared.body.publicId}/download`).expect(404);
  });

  it('a link past its expiry answers 404, page and download alike; until then it opens', async () => {
    const up = await t
      .as('desk')
      .post('/api/documents?title=Winter%20hours&fileName=hours.pdf&kind=policy')
      .set('Content-Type', 'application/octet-stream')
      .send(pdfBytes())
      .expect(201);
    const documents = t.app.get(DocumentsUseCase);
    const desk: AuthContext = { userId: USERS.desk.id, role: 'staff', tokenId: 'test', issuedAt: 0, expiresAt: 0 };
    // Shared on a day of the test's choosing for two days.
    const sharedAt = new Date('2020-03-02T10:00:00Z');
    const shared = await documents.share(desk, up.body.id, { expiresInDays: 2 }, sharedAt);
    expect(shared.publicExpiresAt).toBe('2020-03-04T10:00:00.000Z');
    const publicId = shared.publicId!;
    expect((await documents.publicDocument(publicId, new Date('2020-03-04T09:59:59Z'))).title).toBe('Winter hours');
    await expect(documents.publicDocument(publicId, new Date('2020-03-04T10:00:00Z'))).rejects.toThrow('No such document');
    await expect(documents.publicDownload(publicId, new Date('2020-03-05T00:00:00Z'))).rejects.toThrow('No such document');
    // Through HTTP (the service's own clock, long after 2020): the page and the download both answer 404.
    await t.as(null).get(`/api/documents/public/${publicId}`).expect(404);
    await t.as(null).get(`/api/documents/public/${publicId}/download`).expect(404);
    // Staff no longer see a live link on it.
    expect((await t.as('desk').get(`/api/documents/${up.body.id}`).expect(200)).body.publicId).toBeNull();
    // The preview's link shows the file in place; a download's saves it.
    const inline = await t.as('desk').get(`/api/documents/${up.body.id}/download?inline=1`).expect(200);
    expect(decodeURIComponent(inline.body.url)).toContain('response-content-disposition=inline; filename');
    const saved = await t.as('desk').get(`/api/documents/${up.body.id}/download`).expect(200);
    expect(decodeURIComponent(saved.body.url)).toContain('response-content-disposition=attachment; filename');
  });

  it("a signed-in client cannot read another client's document; a signed form is kept under the retention rule", async () => {
    const up = await t
      .as('desk')
      .post(`/api/documents?title=Aftercare&fileName=aftercare.png&clientId=${CLIENT.ada}`)
      .set('Content-Type', 'image/png')
      .send(Buffer.from(signaturePng(), 'base64'))
      .expect(201);
    await t.as('ada').get(`/api/documents/${up.body.id}`).expect(200);
    await t.as('bea').get(`/api/documents/${up.body.id}`).expect(404);
    await t.as('bea').get(`/api/documents?clientId=${CLIENT.ada}`).expect(404);
    await t.as('admin').delete(`/api/documents/${up.body.id}`).expect(204);
    await t.as('admin').get(`/api/documents/${up.body.id}`).expect(404);
    const [signed] = await t.sql(`SELECT id FROM documents WHERE kind = 'form_pdf' LIMIT 1`);
    const refused = await t.as('admin').delete(`/api/documents/${signed!.id}`).expect(409);
    expect(refused.body.error).toMatch(/retention rule/);
  });
});

describe('the public form against floods', () => {
  it('refuses more submissions from one address than the hourly limit with a clear 429, valid or not; other addresses go on', async () => {
    const id = await createPublished({ ...INTAKE, name: 'Flood check' });
    const limit = t.app.get(SubmissionRateLimit);
    // This suite's requests all come from the loopback address: use up its hour (60 by default) but one.
    const loopback = ['127.0.0.1', '::ffff:127.0.0.1'];
    try {
      for (const ip of loopback) await limit.reset(ip);
      for (let i = 0; i < 59; i++) for (const ip of loopback) await limit.admit(ip);
      await t.as(null).post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE }).expect(201);
      const refused = await t.as(null).post(`/api/forms/public/${id}/submissions`, { version: 1, answers: ANSWERS, signature: SIGNATURE });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many forms sent from this network in the last hour/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Junk counts too, and is refused before it is read.
      await t.as(null).post(`/api/forms/public/${id}/submissions`, { nonsense: true }).expect(429);
      expect((await t.sql(`SELECT count(*)::int AS n FROM submissions WHERE form_id = $1`, [id]))[0]!.n).toBe(1);
      // Another network is not held back by this one.
      await expect(limit.admit('203.0.113.50')).resolves.toBeUndefined();
    } finally {
      for (const ip of loopback) await limit.reset(ip);
    }
  });
});
