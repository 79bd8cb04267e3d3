import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImports, USERS, waitFor, type ImportsTestApp } from './imports-app.js';

let t: ImportsTestApp;
const tokens: Record<string, string> = {};
const http = () => request(t.app.getHttpServer());

beforeAll(async () => {
  t = await startImports('imports_api', { IMPORT_BATCH_SIZE: '3', IMPORT_MAX_FILE_MB: '1' });
  for (const who of ['admin', 'importer', 'viewer'] as const) tokens[who] = await t.token(who);
});
afterAll(async () => {
  await t?.close();
});

const upload = (csv: string, as = 'importer', fileName = 'clients.csv') =>
  http()
    .post(`/api/client-imports?fileName=${encodeURIComponent(fileName)}`)
    .set('Authorization', `Bearer ${tokens[as]}`)
    .set('Content-Type', 'text/csv')
    .send(csv);
const get = (path: string, as = 'importer') => http().get(path).set('Authorization', `Bearer ${tokens[as]}`);
const post = (path: string, body: unknown, as = 'importer') =>
  http()
    .post(path)
    .set('Authorization', `Bearer ${tokens[as]}`)
    .send(body as object);

async function runToEnd(id: string, body: unknown = {}) {
  const started = await post(`/api/client-imports/${id}/start`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.status).toBe('running');
  return waitFor(async () => {
    const res = await get(`/api/client-imports/${id}`);
    return ['completed', 'failed'].includes(res.body.status) ? res.body : null;
  }, `import ${id} to finish`);
}

const VAGARO = [
  'First Name,Last Name,Email,Cell Phone,Home Phone,Address,City,State,Zip,Birthday,Tags,Notes,Referred By,Customer Since',
  'Ana,Silva,Ana.Silva@Example.com,(312) 555-0101,,1 Main St,Chicago,IL,60601,03/15/1990,VIP;Color,Prefers mornings,Instagram,01/02/2020',
  'Bo,Chen,bo@example.com,12,,,,,,,,,,',
  ',Nameless,nameless@example.com,312-555-0103,,,,,,,,,,',
  'Cy,Diaz,cy@example,312-555-0104,,,,,,13/45/1990,,,,',
  'Di,Evans,di@example.com,312.555.0101,,,,,,,,,,',
  'Ed,Fox,ANA.SILVA@example.com,312-555-0106,,,,,,,,,,',
  'Flo,Gray,flo@example.com,+1 312 555 0107,,,,,,1985-07-04,"New, Regular",,Walk-in,',
].join('\r\n');

describe('permissions', () => {
  it('needs a token and import_clients on every route', async () => {
    expect((await http().get('/api/client-imports')).status).toBe(401);
    const denied = await get('/api/client-imports', 'viewer');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'Forbidden: requires import_clients' });
    expect((await upload('First Name\nAna', 'viewer')).status).toBe(403);
    expect((await get('/api/client-imports', 'importer')).status).toBe(200);
    expect((await get('/api/client-imports', 'admin')).status).toBe(200);
    const gql = await http().post('/graphql').set('Authorization', `Bearer ${tokens.viewer}`).send({ query: '{ clientImports { id } }' });
    expect(gql.body.errors[0].message).toBe('Forbidden: requires import_clients');
  });
});

describe('upload and format detection', () => {
  it('recognises a Vagaro export and suggests its mapping', async () => {
    const res = await upload(VAGARO, 'importer', 'vagaro-export.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'uploaded',
      fileName: 'vagaro-export.csv',
      format: 'vagaro',
      totalRows: 7,
      processedRows: 0,
      mapping: {
        firstName: 'First Name',
        lastName: 'Last Name',
        email: 'Email',
        phone: 'Cell Phone',
        birthday: 'Birthday',
        tags: 'Tags',
        notes: 'Notes',
        source: 'Referred By',
        postalCode: 'Zip',
        name: null,
      },
    });
    expect(res.body.columns).toContain('Customer Since');
  });

  it('recognises a Fresha export', async () => {
    const csv =
      'Client ID,First Name,Last Name,Mobile Number,Email,Accepts Marketing,Accepts SMS Marketing,Date of Birth,Gender,Client Source\n1,Gia,Ho,+1 312 555 0190,gia@example.com,yes,no,1992-02-02,Female,Google\n';
    const res = await upload(csv, 'importer', 'fresha.csv');
    expect(res.body).toMatchObject({
      format: 'fresha',
      mapping: {
        phone: 'Mobile Number',
        emailConsent: 'Accepts Marketing',
        smsConsent: 'Accepts SMS Marketing',
        birthday: 'Date of Birth',
        source: 'Client Source',
      },
    });
  });

  it('reads a Windows-1252 file (older Excel) as well as UTF-8', async () => {
    const bytes = Buffer.from('First Name,Last Name\nJos\xe9,Mu\xf1oz\n', 'latin1');
    const res = await http()
      .post('/api/client-imports')
      .set('Authorization', `Bearer ${tokens.importer}`)
      .set('Content-Type', 'text/csv')
      .send(bytes);
    expect(res.status).toBe(201);
    const preview = await get(`/api/client-imports/${res.body.id}/preview`);
    expect(preview.body.rows[0].client).toMatchObject({ firstName: 'José', lastName: 'Muñoz' });
  });

  it('refuses a file over IMPORT_MAX_FILE_MB', async () => {
    const big = `First Name,Notes\n${'Ana,'.padEnd(1000, 'x')}\n`.repeat(1100);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/too large/i);
  });

  it('refuses an empty or header-only file with the reason', async () => {
    const res = await upload('First Name,Email\n');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('file: has a header row but no clients');
    const none = await http()
      .post('/api/client-imports')
      .set('Authorization', `Bearer ${tokens.importer}`)
      .set('Content-Type', 'application/json')
      .send({});
    expect(none.status).toBe(400);
  });
});

describe('preview, import with bad rows, rejected rows download', () => {
  let id: string;

  it('previews every row with its problems and counts', async () => {
    id = (await upload(VAGARO)).body.id;
    const res = await get(`/api/client-imports/${id}/preview`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 7, rejectedCount: 5, duplicateCount: 0 });
    expect(res.body.rows.map((r: any) => [r.row, r.status, r.problems])).toEqual([
      [1, 'new', []],
      [2, 'rejected', ['phone: "12" is not a valid phone number']],
      [3, 'rejected', ['firstName: is required']],
      [
        4,
        'rejected',
        ['email: "cy@example" is not a valid e-mail address', 'birthday: "13/45/1990" is not a date (use YYYY-MM-DD or MM/DD/YYYY)'],
      ],
      [5, 'rejected', ['duplicate of row 1 (same phone)']],
      [6, 'rejected', ['duplicate of row 1 (same e-mail)']],
      [7, 'new', []],
    ]);
    expect(res.body.rows[0].client).toMatchObject({
      firstName: 'Ana',
      phone: '+13125550101',
      email: 'ana.silva@example.com',
      birthday: '1990-03-15',
      tags: ['VIP', 'Color'],
      address: { line1: '1 Main St', city: 'Chicago', region: 'IL', postalCode: '60601' },
    });
    expect((await get(`/api/client-imports/${id}`)).body.status).toBe('validated');
  });

  it('answers 400 naming a mapping problem', async () => {
    const res = await get(`/api/client-imports/${id}/preview?mapping=${encodeURIComponent(JSON.stringify({ firstName: 'Nope' }))}`);
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'mapping.firstName', message: 'column "Nope" is not in the file' });
  });

  it('imports the good rows and keeps every rejected row with its number and reason', async () => {
    const done = await runToEnd(id);
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 7,
      processedRows: 7,
      createdCount: 2,
      updatedCount: 0,
      skippedDuplicateCount: 0,
      rejectedCount: 5,
      error: null,
    });
    expect(done.finishedAt).toBeTruthy();

    const rejections = await t.sql('SELECT row_number, reason FROM client_import_rejections WHERE import_id = $1 ORDER BY row_number', [
      id,
    ]);
    expect(rejections).toEqual([
      { row_number: 2, reason: 'phone: "12" is not a valid phone number' },
      { row_number: 3, reason: 'firstName: is required' },
      {
        row_number: 4,
        reason: 'email: "cy@example" is not a valid e-mail address; birthday: "13/45/1990" is not a date (use YYYY-MM-DD or MM/DD/YYYY)',
      },
      { row_number: 5, reason: 'duplicate of row 1 (same phone)' },
      { row_number: 6, reason: 'duplicate of row 1 (same e-mail)' },
    ]);
    const clients = await t.sql(
      `SELECT first_name, last_name, phone, email::text, to_char(birthday, 'YYYY-MM-DD') AS birthday, tags, source, import_row, created_by, sms_consent FROM clients WHERE import_id = $1 ORDER BY import_row`,
      [id],
    );
    expect(clients).toEqual([
      {
        first_name: 'Ana',
        last_name: 'Silva',
        phone: '+13125550101',
        email: 'ana.silva@example.com',
        birthday: '1990-03-15',
        tags: ['VIP', 'Color'],
        source: 'Instagram',
        import_row: 1,
        created_by: USERS.importer,
        sms_consent: false,
      },
      {
        first_name: 'Flo',
        last_name: 'Gray',
        phone: '+13125550107',
        email: 'flo@example.com',
        birthday: '1985-07-04',
        tags: ['New', 'Regular'],
        source: 'Walk-in',
        import_row: 7,
        created_by: USERS.importer,
        sms_consent: false,
      },
    ]);
  });

  it('serves the rejected rows as a CSV download', async () => {
    const res = await get(`/api/client-imports/${id}/rejected.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients-rejected.csv"');
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe(
      'row,reason,First Name,Last Name,Email,Cell Phone,Home Phone,Address,City,State,Zip,Birthday,Tags,Notes,Referred By,Customer Since',
    );
    expect(lines[1]).toBe('2,"phone: ""12"" is not a valid phone number",Bo,Chen,bo@example.com,12,,,,,,,,,,');
    expect(lines).toHaveLength(6);
  });

  it('writes a created event per client and the notes column as a note, in the same transactions', async () => {
    const events = await t.sql(`SELECT envelope FROM outbox WHERE type = 'clients.client.created.v1'`);
    const ids = (await t.sql<{ id: string }>('SELECT id FROM clients WHERE import_id = $1', [id])).map((r) => r.id).sort();
    expect(events.map((e) => e.envelope.payload.clientId).sort()).toEqual(ids);
    expect(events[0].envelope.actor).toEqual({ type: 'user', id: USERS.importer });
    // Marked as imported: messaging's "a new client is added" automations leave them out.
    expect(events.every((e) => e.envelope.payload.importId === id)).toBe(true);
    const notes = await t.sql(
      `SELECT n.body, n.author_name FROM client_notes n JOIN clients c ON c.id = n.client_id WHERE c.import_id = $1`,
      [id],
    );
    expect(notes).toEqual([{ body: 'Prefers mornings', author_name: 'Import' }]);
  });

  it('lists recent imports (REST and GraphQL) and starting again changes nothing', async () => {
    const again = await post(`/api/client-imports/${id}/start`, {});
    expect(again.body).toMatchObject({ status: 'completed', createdCount: 2 });
    const list = await get('/api/client-imports');
    expect(list.body.map((i: any) => i.id)).toContain(id);
    const gql = await http().post('/graphql').set('Authorization', `Bearer ${tokens.importer}`).send({
      query: `{ clientImports(limit: 50) { id status format totalRows processedRows createdCount rejectedCount mapping { field column } startedAt } }`,
    });
    expect(gql.body.errors).toBeUndefined();
    const found = gql.body.data.clientImports.find((i: any) => i.id === id);
    expect(found).toMatchObject({
      status: 'completed',
      format: 'vagaro',
      totalRows: 7,
      processedRows: 7,
      createdCount: 2,
      rejectedCount: 5,
    });
    expect(found.mapping).toContainEqual({ field: 'phone', column: 'Cell Phone' });
  });
});

describe('dedupe against existing clients', () => {
  const existing = { skip: '', update: '' };
  beforeAll(async () => {
    const [a] = await t.sql(
      `INSERT INTO clients (first_name, last_name, phone, email, tags) VALUES ('Hal', 'Ivy', '+13125550150', 'hal@example.com', '{Regular}') RETURNING id`,
    );
    const [b] = await t.sql(
      `INSERT INTO clients (first_name, last_name, phone, email, tags) VALUES ('Jo', 'Kay', '+13125550151', 'jo@example.com', '{}') RETURNING id`,
    );
    existing.skip = a.id;
    existing.update = b.id;
    // A deleted client with a matching phone is not a duplicate.
    await t.sql(`INSERT INTO clients (first_name, phone, deleted_at) VALUES ('Gone', '+13125550152', now())`);
  });

  it('skips rows matching a live client by phone or e-mail when onDuplicate=skip', async () => {
    const csv =
      'First Name,Last Name,Phone,Email,Tags\nHal,Ivy-New,312 555 0150,,VIP\nHarry,Ivy,,HAL@example.com,\nNew,Person,312 555 0152,new@example.com,\n';
    const { id } = (await upload(csv)).body;
    const preview = await get(`/api/client-imports/${id}/preview`);
    expect(preview.body).toMatchObject({ duplicateCount: 2, rejectedCount: 0 });
    expect(preview.body.rows.map((r: any) => [r.status, r.duplicateOfClientId])).toEqual([
      ['duplicate', existing.skip],
      ['duplicate', existing.skip],
      ['new', null],
    ]);
    const done = await runToEnd(id, { onDuplicate: 'skip' });
    expect(done).toMatchObject({ status: 'completed', createdCount: 1, updatedCount: 0, skippedDuplicateCount: 2, rejectedCount: 0 });
    const [hal] = await t.sql(`SELECT last_name, tags, version FROM clients WHERE id = $1`, [existing.skip]);
    expect(hal).toEqual({ last_name: 'Ivy', tags: ['Regular'], version: 1 });
  });

  it('updates them when onDuplicate=update: the file wins where it says something, tags are added', async () => {
    const csv =
      'First Name,Last Name,Phone,Email,Tags,Birthday,SMS Opt-in\nJo,Kay-Lee,(312) 555-0151,,VIP,1/2/1988,yes\nJo,Kay,,jo@example.com,,,\n';
    const { id } = (await upload(csv)).body;
    const done = await runToEnd(id, {
      onDuplicate: 'update',
      mapping: {
        firstName: 'First Name',
        lastName: 'Last Name',
        phone: 'Phone',
        email: 'Email',
        tags: 'Tags',
        birthday: 'Birthday',
        smsConsent: 'SMS Opt-in',
      },
    });
    // Row 2 (same e-mail, says nothing new after row 1's update… except its last name) updates the same client again.
    expect(done).toMatchObject({ status: 'completed', createdCount: 0, rejectedCount: 0 });
    expect(done.updatedCount + done.skippedDuplicateCount).toBe(2);
    const [jo] = await t.sql(
      `SELECT first_name, last_name, email::text, phone, tags, to_char(birthday, 'YYYY-MM-DD') AS birthday, sms_consent, sms_consent_method, sms_consent_by, version FROM clients WHERE id = $1`,
      [existing.update],
    );
    expect(jo).toMatchObject({
      first_name: 'Jo',
      email: 'jo@example.com',
      phone: '+13125550151',
      tags: ['VIP'],
      birthday: '1988-01-02',
      sms_consent: true,
      sms_consent_method: 'import',
      sms_consent_by: USERS.importer,
    });
    expect(jo.version).toBeGreaterThan(1);
    const updated = await t.sql(`SELECT envelope FROM outbox WHERE type = 'clients.client.updated.v1' AND aggregate_id = $1`, [
      existing.update,
    ]);
    expect(updated[0].envelope.payload.changed).toEqual(expect.arrayContaining(['lastName', 'birthday', 'tags', 'smsConsent']));
    const consent = await t.sql(`SELECT envelope FROM outbox WHERE type = 'clients.client.consent-changed.v1' AND aggregate_id = $1`, [
      existing.update,
    ]);
    expect(consent[0].envelope.payload).toMatchObject({ channel: 'sms', granted: true, method: 'import', phone: '+13125550151' });
  });

  it('404s an unknown import and 400s a bad start body', async () => {
    expect((await get('/api/client-imports/00000000-0000-4000-8000-00000000dead')).status).toBe(404);
    const { id } = (await upload('Name,Phone\nAl Bo,3125550199\n')).body;
    const bad = await post(`/api/client-imports/${id}/start`, { onDuplicate: 'merge' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('onDuplicate');
  });
});
