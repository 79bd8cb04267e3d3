import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_ID, outboxEvents, startClients, USERS, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;

beforeAll(async () => {
  t = await startClients('api');
});
afterAll(async () => t?.close());

async function create(body: Record<string, unknown>) {
  const res = await t.as('manager').post('/api/clients', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('profiles', () => {
  it('creates a client with the phone in E.164, consent recorded and created.v1 in the outbox', async () => {
    const c = await create({
      firstName: 'Jennifer',
      lastName: 'Smith',
      phone: '(312) 555-0101',
      email: 'Jen.Smith@Example.com',
      birthday: '1990-04-21',
      address: { line1: '100 N Clark St', city: 'Chicago', region: '' },
      tags: ['VIP', 'vip', 'Colour'],
      source: 'Instagram',
      alerts: [{ kind: 'allergy', text: 'Allergic to PPD hair dye' }],
      smsConsent: { granted: true, method: 'written' },
    });
    expect(c).toMatchObject({
      firstName: 'Jennifer',
      lastName: 'Smith',
      fullName: 'Jennifer Smith',
      phone: '+13125550101',
      email: 'jen.smith@example.com',
      birthday: '1990-04-21',
      address: { line1: '100 N Clark St', city: 'Chicago' },
      tags: ['VIP', 'Colour'],
      source: 'Instagram',
      version: 1,
      possibleDuplicateCount: 0,
      smsConsent: { granted: true, method: 'written', changedBy: USERS.manager.id },
      emailConsent: { granted: false, changedAt: null, method: null },
      createdBy: USERS.manager.id,
      lastVisitAt: null,
      lifetimeSpendMinor: 0,
      lastPurchaseAt: null,
    });
    expect(c.alerts).toEqual([{ id: expect.any(String), kind: 'allergy', text: 'Allergic to PPD hair dye', critical: false }]);
    expect(c.smsConsent.changedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const created = await outboxEvents(t, 'clients.client.created.v1');
    expect(created.find((e) => e.aggregateId === c.id)).toMatchObject({
      payload: { clientId: c.id, firstName: 'Jennifer', lastName: 'Smith', source: 'Instagram' },
      actor: { type: 'user', id: USERS.manager.id },
    });
    const consent = await outboxEvents(t, 'clients.client.consent-changed.v1');
    expect(consent.find((e) => e.aggregateId === c.id)?.payload).toEqual({
      clientId: c.id,
      channel: 'sms',
      granted: true,
      method: 'written',
      phone: '+13125550101',
      email: 'jen.smith@example.com',
    });
    const got = await t.as('viewer').get(`/api/clients/${c.id}`).expect(200);
    expect(got.body).toEqual(c);
  });

  it('answers 400 naming the field for a bad phone, e-mail or missing first name', async () => {
    const phone = await t.as('manager').post('/api/clients', { firstName: 'A', phone: '12' }).expect(400);
    expect(phone.body.details[0].field).toBe('phone');
    expect(phone.body.error).toMatch(/^phone: /);
    const email = await t.as('manager').post('/api/clients', { firstName: 'A', email: 'nope' }).expect(400);
    expect(email.body.details[0]).toEqual({ field: 'email', message: 'must be a valid e-mail address' });
    const name = await t.as('manager').post('/api/clients', { lastName: 'Only' }).expect(400);
    expect(name.body.details[0]).toEqual({ field: 'firstName', message: 'is required' });
    const sms = await t.as('manager').post('/api/clients', { firstName: 'A', smsConsent: true }).expect(400);
    expect(sms.body.details[0].field).toBe('smsConsent');
  });

  it('answers 409 naming the existing client on the same phone or e-mail, unless allowDuplicate', async () => {
    const first = await create({ firstName: 'Maria', lastName: 'Garcia', phone: '+1 312 555 0102', email: 'maria@example.com' });
    const samePhone = await t.as('manager').post('/api/clients', { firstName: 'Mary', phone: '3125550102' }).expect(409);
    expect(samePhone.body.error).toBe('Maria Garcia already has the phone +13125550102');
    expect(samePhone.body.details).toMatchObject({ id: first.id, fullName: 'Maria Garcia' });
    const sameEmail = await t.as('manager').post('/api/clients', { firstName: 'Mary', email: 'MARIA@example.com' }).expect(409);
    expect(sameEmail.body.details.id).toBe(first.id);
    const allowed = await create({ firstName: 'Mary', lastName: 'Garcia', phone: '312-555-0102', allowDuplicate: true });
    expect(allowed.possibleDuplicateCount).toBe(0); // counted when read
    const again = await t.as('viewer').get(`/api/clients/${allowed.id}`).expect(200);
    expect(again.body.possibleDuplicateCount).toBe(1);
    const dups = await t.as('viewer').get(`/api/clients/${first.id}/duplicates`).expect(200);
    expect(dups.body).toEqual([expect.objectContaining({ id: allowed.id, reasons: ['same phone'] })]);
  });

  it('finds the client by phone or e-mail for online booking, or creates one, without revealing the profile', async () => {
    const known = await create({ firstName: 'Noor', lastName: 'Haddad', phone: '+1 312 555 0177', email: 'noor@example.com' });
    const byPhone = await t
      .as('manager')
      .post('/api/clients/find-or-create', { firstName: 'N', phone: '(312) 555-0177', source: 'Online booking' })
      .expect(200);
    expect(byPhone.body).toEqual({ clientId: known.id, created: false });
    const byEmail = await t.as('manager').post('/api/clients/find-or-create', { firstName: 'Noor', email: 'NOOR@example.com' }).expect(200);
    expect(byEmail.body).toEqual({ clientId: known.id, created: false });
    const fresh = await t
      .as('manager')
      .post('/api/clients/find-or-create', { firstName: 'Ines', lastName: 'Costa', phone: '+1 312 555 0178', source: 'Online booking' })
      .expect(200);
    expect(fresh.body.created).toBe(true);
    expect((await t.as('viewer').get(`/api/clients/${fresh.body.clientId}`).expect(200)).body).toMatchObject({
      fullName: 'Ines Costa',
      source: 'Online booking',
    });
    const none = await t.as('manager').post('/api/clients/find-or-create', { firstName: 'Nobody' }).expect(400);
    expect(none.body.details).toEqual([{ field: 'phone', message: 'a phone number or an e-mail address is required' }]);
    await t.as('viewer').post('/api/clients/find-or-create', { firstName: 'X', phone: '+13125550179' }).expect(403);
  });

  it('edits with optimistic concurrency: a stale version answers 409 with the current client', async () => {
    const c = await create({ firstName: 'Olivia', lastName: 'Brown', email: 'olivia@example.com' });
    const edited = await t
      .as('manager')
      .patch(`/api/clients/${c.id}`, { version: 1, lastName: 'Browne', tags: ['New'] })
      .expect(200);
    expect(edited.body).toMatchObject({ lastName: 'Browne', tags: ['New'], version: 2, updatedBy: USERS.manager.id });
    const stale = await t.as('manager').patch(`/api/clients/${c.id}`, { version: 1, lastName: 'Brown' }).expect(409);
    expect(stale.body.details).toMatchObject({ id: c.id, lastName: 'Browne', version: 2 });
    expect(stale.body.error).toMatch(/changed by someone else/);
    const missingVersion = await t.as('manager').patch(`/api/clients/${c.id}`, { lastName: 'X' }).expect(400);
    expect(missingVersion.body.details[0]).toEqual({ field: 'version', message: 'is required' });
    const updated = await outboxEvents(t, 'clients.client.updated.v1');
    expect(updated.filter((e) => e.aggregateId === c.id).map((e) => e.payload.changed)).toEqual([['lastName', 'tags']]);
  });

  it('records consent changes with when, how and by whom, and publishes consent-changed.v1', async () => {
    const c = await create({ firstName: 'Ava', lastName: 'Lee', phone: '312 555 0103', email: 'ava@example.com' });
    const res = await t
      .as('manager')
      .patch(`/api/clients/${c.id}`, { version: 1, emailConsent: { granted: true, method: 'online-booking' }, smsConsent: false })
      .expect(200);
    expect(res.body.emailConsent).toMatchObject({ granted: true, method: 'online-booking', changedBy: USERS.manager.id });
    expect(res.body.smsConsent).toEqual({ granted: false, changedAt: null, method: null, changedBy: null });
    const withdrawn = await t
      .as('manager')
      .patch(`/api/clients/${c.id}`, { version: 2, emailConsent: { granted: false, method: 'verbal' } })
      .expect(200);
    expect(withdrawn.body.emailConsent).toMatchObject({ granted: false, method: 'verbal' });
    const events = (await outboxEvents(t, 'clients.client.consent-changed.v1')).filter((e) => e.aggregateId === c.id);
    expect(events.map((e) => e.payload)).toEqual([
      { clientId: c.id, channel: 'email', granted: true, method: 'online-booking', phone: '+13125550103', email: 'ava@example.com' },
      { clientId: c.id, channel: 'email', granted: false, method: 'verbal', phone: '+13125550103', email: 'ava@example.com' },
    ]);
    const updated = (await outboxEvents(t, 'clients.client.updated.v1')).filter((e) => e.aggregateId === c.id);
    expect(updated.map((e) => e.payload.changed)).toEqual([['emailConsent'], ['emailConsent']]);
  });

  it('deletes (hidden, row kept) and anonymises (personal data and notes erased); both publish deleted.v1', async () => {
    const gone = await create({ firstName: 'Delete', lastName: 'Me', phone: '312 555 0104' });
    await t.as('manager').delete(`/api/clients/${gone.id}?mode=delete`).expect(204);
    await t.as('viewer').get(`/api/clients/${gone.id}`).expect(404);
    const [row] = await t.sql(`SELECT first_name, deleted_at FROM clients WHERE id = $1`, [gone.id]);
    expect(row.first_name).toBe('Delete');
    expect(row.deleted_at).not.toBeNull();

    const anon = await create({
      firstName: 'Private',
      lastName: 'Person',
      phone: '312 555 0105',
      email: 'private@example.com',
      birthday: '1980-01-01',
      smsConsent: true,
    });
    await t.as('manager').post(`/api/clients/${anon.id}/notes`, { body: 'Secret note' }).expect(201);
    await t.as('manager').delete(`/api/clients/${anon.id}?mode=anonymise`).expect(204);
    const [a] = await t.sql(`SELECT first_name, last_name, phone, email, birthday, anonymised_at FROM clients WHERE id = $1`, [anon.id]);
    expect(a).toMatchObject({ first_name: 'Anonymised client', last_name: null, phone: null, email: null, birthday: null });
    expect(a.anonymised_at).not.toBeNull();
    const notes = await t.sql(`SELECT body FROM client_notes WHERE client_id = $1`, [anon.id]);
    expect(notes).toEqual([{ body: null }]);
    const deleted = (await outboxEvents(t, 'clients.client.deleted.v1')).map((e) => e.payload);
    expect(deleted).toEqual(
      expect.arrayContaining([
        { clientId: gone.id, mode: 'delete' },
        { clientId: anon.id, mode: 'anonymise' },
      ]),
    );
    await t.as('manager').delete(`/api/clients/${gone.id}`).expect(404);
    await t.as('manager').delete(`/api/clients/${anon.id}?mode=shred`).expect(400);
  });
});

describe('merge', () => {
  it('merges the duplicate into the survivor: blanks filled, tags and alerts united, notes moved, merged.v1 published', async () => {
    const survivor = await create({ firstName: 'Sophia', lastName: 'Martinez', phone: '312 555 0110', tags: ['VIP'] });
    const duplicate = await create({
      firstName: 'Sophia',
      lastName: 'Martines',
      phone: '312 555 0111',
      email: 'sophia@example.com',
      birthday: '1992-02-02',
      tags: ['vip', 'Bridal'],
      alerts: [{ kind: 'sensitivity', text: 'Sensitive scalp' }],
      emailConsent: { granted: true, method: 'written' },
    });
    const note = await t.as('manager').post(`/api/clients/${duplicate.id}/notes`, { body: 'Bridal trial booked' }).expect(201);
    const merged = await t.as('manager').post(`/api/clients/${survivor.id}/merge`, { duplicateId: duplicate.id }).expect(200);
    expect(merged.body).toMatchObject({
      id: survivor.id,
      lastName: 'Martinez',
      phone: '+13125550110',
      email: 'sophia@example.com',
      birthday: '1992-02-02',
      tags: ['VIP', 'Bridal'],
      alerts: [expect.objectContaining({ text: 'Sensitive scalp' })],
      emailConsent: { granted: true, method: 'written' },
      version: 2,
    });
    const notes = await t.as('viewer').get(`/api/clients/${survivor.id}/notes`).expect(200);
    expect(notes.body.map((n: { id: string }) => n.id)).toEqual([note.body.id]);
    await t.as('viewer').get(`/api/clients/${duplicate.id}`).expect(404);
    const [row] = await t.sql(`SELECT merged_into FROM clients WHERE id = $1`, [duplicate.id]);
    expect(row.merged_into).toBe(survivor.id);
    expect((await outboxEvents(t, 'clients.client.merged.v1')).map((e) => e.payload)).toContainEqual({
      survivorId: survivor.id,
      mergedId: duplicate.id,
    });

    const again = await t.as('manager').post(`/api/clients/${survivor.id}/merge`, { duplicateId: duplicate.id }).expect(409);
    expect(again.body.error).toMatch(/already merged/);
    const self = await t.as('manager').post(`/api/clients/${survivor.id}/merge`, { duplicateId: survivor.id }).expect(400);
    expect(self.body.details[0].field).toBe('duplicateId');
  });
});

describe('permissions', () => {
  it('lets view_clients read but not create, edit, export, merge or delete', async () => {
    const c = await create({ firstName: 'Perm', lastName: 'Check' });
    await t.as('viewer').get('/api/clients').expect(200);
    await t.as('viewer').get(`/api/clients/${c.id}/notes`).expect(200);
    const denied = await t.as('viewer').post('/api/clients', { firstName: 'X' }).expect(403);
    expect(denied.body).toEqual({ error: 'Forbidden: requires create_clients' });
    await t.as('viewer').patch(`/api/clients/${c.id}`, { version: 1, firstName: 'Y' }).expect(403);
    await t.as('viewer').post(`/api/clients/${c.id}/notes`, { body: 'x' }).expect(403);
    await t.as('viewer').get('/api/clients/export?format=csv').expect(403);
    await t.as('viewer').delete(`/api/clients/${c.id}`).expect(403);
    await t.as('viewer').post(`/api/clients/${c.id}/merge`, { duplicateId: c.id }).expect(403);
    await t.as('viewer').post('/api/note-templates', { name: 'x', sections: [] }).expect(403);
  });

  it('refuses a user without view_clients, and answers 401 without a token', async () => {
    const res = await t.as('outsider').get('/api/clients').expect(403);
    expect(res.body).toEqual({ error: 'Forbidden: requires view_clients' });
    await t.as('outsider').get('/api/note-templates').expect(403);
    const anon = await t.as(null).get('/api/clients').expect(401);
    expect(anon.body).toEqual({ error: 'Authentication required' });
  });

  it('lets admin do everything', async () => {
    const c = await t.as('admin').post('/api/clients', { firstName: 'Admin', lastName: 'Made' }).expect(201);
    await t.as('admin').patch(`/api/clients/${c.body.id}`, { version: 1, lastName: 'Changed' }).expect(200);
    await t.as('admin').get('/api/clients/export?format=json').expect(200);
    await t.as('admin').delete(`/api/clients/${c.body.id}`).expect(204);
  });
});

describe('export', () => {
  it('streams every live client with tags, alerts, consent and notes as CSV and JSON', async () => {
    const c = await create({
      firstName: 'Zelda',
      lastName: 'Export',
      phone: '312 555 0120',
      tags: ['VIP', 'Colour'],
      alerts: [{ kind: 'allergy', text: 'Latex' }],
      smsConsent: { granted: true, method: 'verbal' },
    });
    await t.as('manager').post(`/api/clients/${c.id}/notes`, { body: 'Likes, commas "and" quotes' }).expect(201);
    const csv = await t
      .as('manager')
      .get('/api/clients/export?format=csv')
      .buffer(true)
      .parse((res, cb) => {
        let data = '';
        res.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        res.on('end', () => cb(null, data));
      })
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = csv.body as string;
    const header = text.replace(/^\uFEFF/, '').split('\n')[0];
    expect(header).toBe(
      'id,firstName,lastName,phone,email,birthday,addressLine1,addressLine2,city,region,postalCode,country,preferredLocationId,preferredStaffId,tags,alerts,source,smsConsent,smsConsentAt,smsConsentMethod,emailConsent,emailConsentAt,emailConsentMethod,lastVisitAt,createdAt,updatedAt,notes',
    );
    const line = text.split('\n').find((l) => l.startsWith(c.id))!;
    expect(line).toContain('Zelda,Export,+13125550120');
    expect(line).toContain('VIP; Colour,allergy: Latex');
    expect(line).toContain(',yes,');
    expect(line).toContain('Dana Reyes] Likes, commas ""and"" quotes"');
    const deletedIds = (await t.sql(`SELECT id FROM clients WHERE deleted_at IS NOT NULL OR merged_into IS NOT NULL`)).map((r) => r.id);
    for (const id of deletedIds) expect(text).not.toContain(id);

    const json = await t.as('manager').get('/api/clients/export?format=json').expect(200);
    expect(json.headers['content-disposition']).toMatch(/filename="clients-\d{4}-\d{2}-\d{2}\.json"/);
    const all = JSON.parse(json.text);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM clients WHERE deleted_at IS NULL AND merged_into IS NULL`);
    expect(all).toHaveLength(n);
    const mine = all.find((x: { id: string }) => x.id === c.id);
    expect(mine).toMatchObject({
      firstName: 'Zelda',
      tags: ['VIP', 'Colour'],
      smsConsent: { granted: true, method: 'verbal' },
      notes: [expect.objectContaining({ body: 'Likes, commas "and" quotes', authorName: 'Dana Reyes' })],
    });
    await t.as('manager').get('/api/clients/export?format=xml').expect(400);
  });

  it('reads in batches (smaller than the client count) without losing anyone', async () => {
    const small = await startClients('export_batches', { EXPORT_BATCH_SIZE: '10' });
    try {
      for (let i = 0; i < 25; i++)
        await small
          .as('manager')
          .post('/api/clients', { firstName: `Batch${String(i).padStart(2, '0')}` })
          .expect(201);
      const json = await small.as('manager').get('/api/clients/export?format=json').expect(200);
      expect(JSON.parse(json.text).map((c: { firstName: string }) => c.firstName)).toEqual(
        Array.from({ length: 25 }, (_, i) => `Batch${String(i).padStart(2, '0')}`),
      );
    } finally {
      await small.close();
    }
  });

  it('pages the whole book by keyset (after=<id>) in id order, each live client once; a bad cursor answers 400 naming it', async () => {
    await create({ firstName: 'Keyset', lastName: 'One', tags: ['Keyset'] });
    await create({ firstName: 'Keyset', lastName: 'Two', tags: ['Keyset'] });
    await create({ firstName: 'Keyset', lastName: 'Three', tags: ['Keyset'] });
    const NIL = '00000000-0000-0000-0000-000000000000';
    const read = async (filter: string) => {
      const ids: string[] = [];
      let total: number | undefined;
      for (let after = NIL; ;) {
        const res = await t.as('manager').get(`/api/clients?limit=2&after=${after}${filter}`).expect(200);
        ids.push(...res.body.data.map((c: { id: string }) => c.id));
        total = res.body.total;
        if (res.body.data.length < 2) break;
        after = ids[ids.length - 1]!;
      }
      return { ids, total };
    };
    const all = await read('');
    expect(all.ids.length).toBeGreaterThan(2);
    expect(all.ids).toEqual([...all.ids].sort());
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(all.total).toBe(all.ids.length);
    const tagged = await read('&tag=Keyset');
    expect(tagged.ids).toHaveLength(3);
    const bad = await t.as('manager').get('/api/clients?after=nope').expect(400);
    expect(JSON.stringify(bad.body)).toContain('after');
  });
});

describe("a profile's references to identity", () => {
  const NOBODY = '0c000000-0000-4000-8000-000000000099';
  const NOWHERE = '0d000000-0000-4000-8000-000000000099';

  it('refuses a preferred stylist or location identity does not know, on create and edit, naming the field; saves nothing', async () => {
    const before = (await t.sql(`SELECT count(*)::int AS n FROM clients`))[0].n;
    const res = await t.as('manager').post('/api/clients', { firstName: 'Pat', preferredStaffId: NOBODY, preferredLocationId: NOWHERE });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'preferredStaffId', message: 'is not a staff member' },
      { field: 'preferredLocationId', message: 'is not a location of the business' },
    ]);
    const asClientLogin = await t.as('manager').post('/api/clients', { firstName: 'Pat', preferredStaffId: USERS.client.id });
    expect(asClientLogin.body.details).toEqual([{ field: 'preferredStaffId', message: 'is not a staff member' }]);
    const gql = await t.gql('manager', 'mutation($s: ID) { createClient(input: { firstName: "Pat", preferredStaffId: $s }) { id } }', {
      s: NOBODY,
    });
    expect(gql.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'preferredStaffId' });
    expect((await t.sql(`SELECT count(*)::int AS n FROM clients`))[0].n).toBe(before);

    const c = await create({ firstName: 'Pat', preferredStaffId: USERS.manager.id, preferredLocationId: LOCATION_ID });
    const edit = await t.as('manager').patch(`/api/clients/${c.id}`, { version: c.version, preferredStaffId: NOBODY });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([{ field: 'preferredStaffId', message: 'is not a staff member' }]);
  });

  it('still edits a profile whose stylist has since left, as long as the edit does not set a new one', async () => {
    const c = await create({ firstName: 'Robin', preferredStaffId: USERS.viewer.id });
    t.directory.people.set(USERS.viewer.id, { role: 'staff', isActive: false });
    try {
      const edit = await t
        .as('manager')
        .patch(`/api/clients/${c.id}`, { version: c.version, lastName: 'Reyes', preferredStaffId: USERS.viewer.id });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const again = await t.as('manager').post('/api/clients', { firstName: 'Sam', preferredStaffId: USERS.viewer.id });
      expect(again.body.details).toEqual([{ field: 'preferredStaffId', message: 'is not an active staff member' }]);
    } finally {
      t.directory.people.set(USERS.viewer.id, { role: 'staff', isActive: true });
    }
  });
});
