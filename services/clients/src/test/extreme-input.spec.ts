import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClients, type ClientsTestApp } from './clients-app.js';

/**
 * Issue 10, findings 8, 12 and 13 on the clients service: input the database cannot hold is a
 * 400 naming the field, messages say what is wrong, every string has a limit, and the export
 * writes no formula a spreadsheet would run.
 */
let t: ClientsTestApp;

beforeAll(async () => {
  t = await startClients('extreme');
});
afterAll(async () => t?.close());

const details = (res: { body: { details?: unknown } }) => res.body.details;

describe('creating and changing a client', () => {
  it('a NUL or another control character in a name is a 400 naming the field, not a 500', async () => {
    const nul = await t.as('manager').post('/api/clients', { firstName: 'Ana\u0000', lastName: 'Silva' });
    expect([nul.status, details(nul)]).toEqual([400, [{ field: 'firstName', message: 'must not contain control characters' }]]);
    const escape = await t.as('manager').post('/api/clients', { firstName: 'Ana', lastName: 'Sil\u001bva' });
    expect([escape.status, details(escape)]).toEqual([400, [{ field: 'lastName', message: 'must not contain control characters' }]]);
    const address = await t.as('manager').post('/api/clients', { firstName: 'Ana', address: { city: 'Chi\u0000cago' } });
    expect([address.status, details(address)]).toEqual([400, [{ field: 'address.city', message: 'must not contain control characters' }]]);
    const tag = await t.as('manager').post('/api/clients', { firstName: 'Ana', tags: ['VIP\u0000'] });
    expect([tag.status, details(tag)]).toEqual([400, [{ field: 'tags.0', message: 'must not contain control characters' }]]);
    expect(await t.sql(`SELECT id FROM clients WHERE first_name LIKE 'Ana%'`)).toEqual([]);
  });

  it('a wrong type is named as such: a number for an e-mail "must be a string", a missing name "is required"', async () => {
    const res = await t.as('manager').post('/api/clients', { firstName: 'Ana', email: 42 });
    expect(details(res)).toEqual([{ field: 'email', message: 'must be a string' }]);
    const name = await t.as('manager').post('/api/clients', { firstName: 7 });
    expect(details(name)).toEqual([{ field: 'firstName', message: 'must be a string' }]);
    const missing = await t.as('manager').post('/api/clients', { lastName: 'Silva' });
    expect(details(missing)).toEqual([{ field: 'firstName', message: 'is required' }]);
    const version = await t.as('manager').post('/api/clients', { firstName: 'Ana', smsConsent: 'yes' });
    expect(version.status).toBe(400);
  });

  it('a birthday of 1800-01-01 is before 1900, not "in the future"; 2026-02-30 is not a real date', async () => {
    const old = await t.as('manager').post('/api/clients', { firstName: 'Ana', birthday: '1800-01-01' });
    expect(details(old)).toEqual([{ field: 'birthday', message: 'must be on or after 1900-01-01' }]);
    const unreal = await t.as('manager').post('/api/clients', { firstName: 'Ana', birthday: '2026-02-30' });
    expect(details(unreal)).toEqual([{ field: 'birthday', message: 'is not a real date' }]);
    const future = await t.as('manager').post('/api/clients', { firstName: 'Ana', birthday: '2199-01-01' });
    expect(details(future)).toEqual([{ field: 'birthday', message: 'must not be in the future' }]);
  });

  it('a version beyond an int4 is a 400 naming version', async () => {
    const c = await t.as('manager').post('/api/clients', { firstName: 'Vera' }).expect(201);
    const res = await t.as('manager').patch(`/api/clients/${c.body.id}`, { version: 2 ** 31, lastName: 'X' });
    expect([res.status, details(res)]).toEqual([400, [{ field: 'version', message: 'must be at most 2147483647' }]]);
  });
});

describe('searching', () => {
  it('lastVisitBefore=2026-02-30 is "not a real date"; a NUL in the search box is a 400, not a 500', async () => {
    const unreal = await t.as('manager').get('/api/clients?lastVisitBefore=2026-02-30');
    expect([unreal.status, details(unreal)]).toEqual([400, [{ field: 'lastVisitBefore', message: 'is not a real date' }]]);
    const far = await t.as('manager').get('/api/clients?lastVisitAfter=0001-01-01');
    expect([far.status, details(far)]).toEqual([400, [{ field: 'lastVisitAfter', message: 'must be on or after 1900-01-01' }]]);
    const nul = await t.as('manager').get('/api/clients?search=Ana%00');
    expect([nul.status, details(nul)]).toEqual([400, [{ field: 'search', message: 'must not contain control characters' }]]);
    expect((await t.as('manager').get('/api/clients?lastVisitBefore=2026-02-28')).status).toBe(200);
  });
});

describe('notes', () => {
  it('a NUL in a note is a 400 naming body; line breaks stay', async () => {
    const c = await t.as('manager').post('/api/clients', { firstName: 'Nora' }).expect(201);
    const bad = await t.as('manager').post(`/api/clients/${c.body.id}/notes`, { body: 'patch test\u0000' });
    expect([bad.status, details(bad)]).toEqual([400, [{ field: 'body', message: 'must not contain control characters' }]]);
    const good = await t.as('manager').post(`/api/clients/${c.body.id}/notes`, { body: 'line 1\nline 2' });
    expect(good.status).toBe(201);
  });
});

describe('the export', () => {
  it('writes formula cells as text, whatever field they come from', async () => {
    await t
      .as('manager')
      .post('/api/clients', {
        firstName: '=HYPERLINK("http://evil.example","Click")',
        lastName: '@SUM(A1:A9)',
        source: '+cmd|"/C calc"!A0',
        tags: ['-2+3'],
      })
      .expect(201);
    const csv = await t.as('manager').get('/api/clients/export?format=csv').expect(200);
    const line = csv.text.split('\n').find((l) => l.includes('HYPERLINK'))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(line).toContain(`'@SUM(A1:A9)`);
    expect(line).toContain(`"'+cmd|""/C calc""!A0"`);
    expect(line).toContain(`'-2+3`);
  });
});
