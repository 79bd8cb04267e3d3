import { randomUUID } from 'node:crypto';
import { onlineVisitorAnswerSchema } from '@salon/contracts';
import { SERVICE_ACCOUNT_ID } from '@salon/nest-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, startClients, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;

beforeAll(async () => {
  t = await startClients('online_visitors');
});
afterAll(async () => t?.close());

async function existing(body: Record<string, unknown>) {
  const res = await t.as('manager').post('/api/clients', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const visitor = (fields: Record<string, unknown>) => t.as('service').post('/api/clients/online-visitors', { id: randomUUID(), ...fields });

describe("an online visitor's profile (scheduling's service token)", () => {
  it('a new name and e-mail with an existing client’s phone: a new profile with exactly that, a possible duplicate of the client', async () => {
    const maria = await existing({ firstName: 'Maria', lastName: 'Lopez', phone: '+1 312 555 0501', email: 'maria@example.com' });
    const id = randomUUID();
    const res = await t
      .as('service')
      .post('/api/clients/online-visitors', {
        id,
        firstName: 'Lucia',
        lastName: 'Lopez',
        phone: '(312) 555-0501',
        email: 'lucia@example.com',
        smsConsent: true,
      })
      .expect(200);
    expect(onlineVisitorAnswerSchema.parse(res.body)).toEqual({ clientId: id, matchedClientId: maria.id });
    const lucia = (await t.as('viewer').get(`/api/clients/${id}`).expect(200)).body;
    expect(lucia).toMatchObject({
      firstName: 'Lucia',
      lastName: 'Lopez',
      phone: '+13125550501',
      email: 'lucia@example.com',
      source: 'Online booking',
      smsConsent: { granted: true, method: 'online-booking' },
      createdBy: SERVICE_ACCOUNT_ID,
      possibleDuplicateCount: 1,
    });
    // The existing client is untouched and lists the visitor among its possible duplicates (one click to merge).
    const after = (await t.as('viewer').get(`/api/clients/${maria.id}`).expect(200)).body;
    expect(after).toMatchObject({ firstName: 'Maria', email: 'maria@example.com', version: 1, possibleDuplicateCount: 1 });
    const dups = (await t.as('viewer').get(`/api/clients/${maria.id}/duplicates`).expect(200)).body;
    expect(dups).toEqual([expect.objectContaining({ id, reasons: ['same phone'] })]);
    expect((await outboxEvents(t, 'clients.client.created.v1')).find((e) => e.aggregateId === id)?.payload).toMatchObject({
      firstName: 'Lucia',
      source: 'Online booking',
    });
  });

  it('an unknown contact: a new profile and no match; the same id again answers the same without a second profile', async () => {
    const id = randomUUID();
    const body = { id, firstName: 'Nina', phone: '+1 312 555 0502' };
    const first = await t.as('service').post('/api/clients/online-visitors', body).expect(200);
    expect(first.body).toEqual({ clientId: id, matchedClientId: null });
    const again = await t.as('service').post('/api/clients/online-visitors', body).expect(200);
    expect(again.body).toEqual(first.body);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM clients WHERE phone = '+13125550502'`);
    expect(n).toBe(1);
  });

  it('the match is the oldest client with the phone, else with the e-mail', async () => {
    const owner = await existing({ firstName: 'Owen', phone: '+1 312 555 0503' });
    await visitor({ firstName: 'Earlier visitor', phone: '+1 312 555 0503' }).expect(200);
    const byPhone = await visitor({ firstName: 'Later visitor', phone: '+1 312 555 0503', email: 'later@example.com' }).expect(200);
    expect(byPhone.body.matchedClientId).toBe(owner.id);
    const emma = await existing({ firstName: 'Emma', email: 'emma@example.com' });
    const byEmail = await visitor({ firstName: 'E', phone: '+1 312 555 0504', email: 'EMMA@example.com' }).expect(200);
    expect(byEmail.body.matchedClientId).toBe(emma.id);
  });

  it('names the field of bad input, and refuses staff: only the service token may call', async () => {
    const bad = await visitor({ firstName: 'A', phone: '12' }).expect(400);
    expect(bad.body.details[0].field).toBe('phone');
    const noId = await t.as('service').post('/api/clients/online-visitors', { firstName: 'A', phone: '+1 312 555 0505' }).expect(400);
    expect(noId.body.details[0].field).toBe('id');
    // A manager may create clients, but not learn through this route whose phone is on file.
    await t
      .as('manager')
      .post('/api/clients/online-visitors', { id: randomUUID(), firstName: 'Probe', phone: '+1 312 555 0501' })
      .expect(403);
    await t.as('manager').delete(`/api/clients/online-visitors/${randomUUID()}`).expect(403);
    // Admins pass every check, as everywhere.
    await t.as('admin').post('/api/clients/online-visitors', { id: randomUUID(), firstName: 'Ada', phone: '+1 312 555 0509' }).expect(200);
  });

  it('discard undoes a profile whose booking did not commit: personal data erased, gone from every view; again is a no-op', async () => {
    const id = randomUUID();
    await visitor({ id, firstName: 'Gone', lastName: 'Soon', phone: '+1 312 555 0506', email: 'gone@example.com' }).expect(200);
    await t.as('service').delete(`/api/clients/online-visitors/${id}`).expect(204);
    await t.as('viewer').get(`/api/clients/${id}`).expect(404);
    const list = (await t.as('viewer').get('/api/clients?search=gone@example.com').expect(200)).body;
    expect(list.total).toBe(0);
    const [row] = await t.sql(`SELECT first_name, phone, email, deleted_at FROM clients WHERE id = $1`, [id]);
    expect(row.phone).toBeNull();
    expect(row.email).toBeNull();
    expect(row.deleted_at).not.toBeNull();
    await t.as('service').delete(`/api/clients/online-visitors/${id}`).expect(204);
    await t.as('service').delete(`/api/clients/online-visitors/${randomUUID()}`).expect(204);
    // A profile the desk made is never discarded this way.
    const desk = await existing({ firstName: 'Desk', phone: '+1 312 555 0507' });
    await t.as('service').delete(`/api/clients/online-visitors/${desk.id}`).expect(409);
    await t.as('viewer').get(`/api/clients/${desk.id}`).expect(200);
  });

  it('confirm merges the visitor into the client the link went to; again answers the same', async () => {
    const paula = await existing({ firstName: 'Paula', lastName: 'Reyes', phone: '+1 312 555 0508' });
    const id = randomUUID();
    await visitor({ id, firstName: 'Paula', lastName: 'R', phone: '312 555 0508', email: 'paula@example.com' }).expect(200);
    const merged = await t.as('service').post(`/api/clients/online-visitors/${id}/confirm`, { clientId: paula.id }).expect(200);
    expect(merged.body).toMatchObject({ id: paula.id, lastName: 'Reyes', email: 'paula@example.com', possibleDuplicateCount: 0 });
    await t.as('viewer').get(`/api/clients/${id}`).expect(404);
    expect((await outboxEvents(t, 'clients.client.merged.v1')).map((e) => e.payload)).toContainEqual({
      survivorId: paula.id,
      mergedId: id,
    });
    const again = await t.as('service').post(`/api/clients/online-visitors/${id}/confirm`, { clientId: paula.id }).expect(200);
    expect(again.body.id).toBe(paula.id);
    await t.as('manager').post(`/api/clients/online-visitors/${id}/confirm`, { clientId: paula.id }).expect(403);
  });
});
