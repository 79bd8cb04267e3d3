import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import type { EventTransport } from '@salon/nest-kit';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientsWorker, type ClientsTestWorker } from './clients-app.js';

// The worker process as it runs: messaging's STOP/START events, published through the real
// transport, change the SMS consent of the clients with that phone and publish it like a staff edit.
let worker: ClientsTestWorker;
let sql: DataSource;
let transport: EventTransport;
beforeAll(async () => {
  worker = await startClientsWorker('sms-keywords');
  ({ sql, transport } = worker);
});
afterAll(() => worker?.close());

const PHONE = '+13125550142';
const keyword = (type: 'messaging.sms.opted-out.v1' | 'messaging.sms.opted-in.v1', at: Date, phone = PHONE): EventEnvelope => ({
  id: randomUUID(),
  type,
  occurredAt: at.toISOString(),
  aggregateType: 'phone',
  aggregateId: phone,
  locationId: null,
  actor: { type: 'system', id: null },
  traceparent: null,
  payload: { phone, at: at.toISOString(), keyword: type === 'messaging.sms.opted-out.v1' ? 'STOP' : 'START' },
});

interface ConsentRow {
  sms_consent: boolean;
  sms_consent_at: Date | null;
  sms_consent_method: string | null;
  sms_consent_by: string | null;
  version: number;
}
const consentOf = async (id: string): Promise<ConsentRow> =>
  (await sql.query(`SELECT sms_consent, sms_consent_at, sms_consent_method, sms_consent_by, version FROM clients WHERE id = $1`, [id]))[0];
const handled = async (eventId: string) => (await sql.query(`SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length > 0;
const outbox = async () =>
  (await sql.query(`SELECT envelope FROM outbox ORDER BY seq`)).map((r: { envelope: EventEnvelope }) => r.envelope) as EventEnvelope[];
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
async function insertClient(
  name: string,
  phone: string | null,
  consent: { granted: boolean; at: string; method: string } | null,
  extra = '',
) {
  const [row] = await sql.query(
    `INSERT INTO clients (first_name, phone, sms_consent, sms_consent_at, sms_consent_method, sms_consent_by${extra ? ', deleted_at' : ''})
     VALUES ($1, $2, $3, $4, $5, '00000000-0000-4000-8000-00000000000a'${extra ? ', now()' : ''}) RETURNING id`,
    [name, phone, consent?.granted ?? false, consent?.at ?? null, consent?.method ?? null],
  );
  return row.id as string;
}

describe('STOP and START from messaging', () => {
  it('withdraws and restores the SMS consent of every live client with the phone, once per event', async () => {
    const grantedByStaff = { granted: true, at: '2026-01-10T10:00:00.000Z', method: 'staff' };
    const ana = await insertClient('Ana', PHONE, grantedByStaff);
    const ben = await insertClient('Ben', PHONE, null); // same phone (family), never consented
    const gone = await insertClient('Gone', PHONE, grantedByStaff, 'deleted');
    const other = await insertClient('Dan', '+13125550199', grantedByStaff);
    const before = await outbox();

    const stopAt = new Date();
    const stop = keyword('messaging.sms.opted-out.v1', stopAt);
    await transport.publish([stop]);
    await until(() => handled(stop.id), 'the STOP event');
    expect(await consentOf(ana)).toEqual({
      sms_consent: false,
      sms_consent_at: stopAt,
      sms_consent_method: 'sms-keyword',
      sms_consent_by: null,
      version: 2,
    });
    // Ben had not consented, the deleted client is not live, Dan has another phone: untouched.
    expect((await consentOf(ben)).version).toBe(1);
    expect(await consentOf(gone)).toMatchObject({ sms_consent: true, version: 1 });
    expect(await consentOf(other)).toMatchObject({ sms_consent: true, version: 1 });
    const afterStop = (await outbox()).slice(before.length);
    expect(afterStop.map((e) => [e.type, e.aggregateId, e.actor])).toEqual([
      ['clients.client.updated.v1', ana, { type: 'system', id: null }],
      ['clients.client.consent-changed.v1', ana, { type: 'system', id: null }],
    ]);
    expect(afterStop[0].payload).toEqual({ clientId: ana, changed: ['smsConsent'] });
    expect(afterStop[1].payload).toEqual({
      clientId: ana,
      channel: 'sms',
      granted: false,
      method: 'sms-keyword',
      phone: PHONE,
      email: null,
    });

    const startAt = new Date(stopAt.getTime() + 1000);
    const start = keyword('messaging.sms.opted-in.v1', startAt);
    await transport.publish([start]);
    await until(() => handled(start.id), 'the START event');
    expect(await consentOf(ana)).toEqual({
      sms_consent: true,
      sms_consent_at: startAt,
      sms_consent_method: 'sms-keyword',
      sms_consent_by: null,
      version: 3,
    });
    // START does not sign up Ben, who never agreed.
    expect(await consentOf(ben)).toMatchObject({ sms_consent: false, version: 1 });
    const afterStart = (await outbox()).slice(before.length + afterStop.length);
    expect(afterStart.map((e) => [e.type, e.payload.granted ?? null])).toEqual([
      ['clients.client.updated.v1', null],
      ['clients.client.consent-changed.v1', true],
    ]);

    // The STOP delivered again (same id) would withdraw the consent again if it were applied; the
    // inbox skips it. A second START (new id, same phone, so handled after it) marks the end, and
    // changes nothing either: the answer is already yes.
    const again = keyword('messaging.sms.opted-in.v1', new Date(startAt.getTime() + 1000));
    await transport.publish([stop, again]);
    await until(() => handled(again.id), 'the START after the redelivered STOP');
    expect(await consentOf(ana)).toMatchObject({ sms_consent: true, version: 3 });
    expect(await sql.query(`SELECT consumer FROM inbox WHERE event_id = $1`, [stop.id])).toHaveLength(1);
    expect(await outbox()).toHaveLength(before.length + afterStop.length + afterStart.length);
  });

  it('leaves a consent decision made after the text was received', async () => {
    const staffLater = new Date(Date.now() + 60_000);
    const cleo = await insertClient('Cleo', '+13125550177', { granted: true, at: staffLater.toISOString(), method: 'verbal' });
    const stop = keyword('messaging.sms.opted-out.v1', new Date(), '+13125550177');
    const before = (await outbox()).length;
    await transport.publish([stop]);
    await until(() => handled(stop.id), 'the late STOP');
    expect(await consentOf(cleo)).toMatchObject({ sms_consent: true, sms_consent_method: 'verbal', version: 1 });
    expect(await outbox()).toHaveLength(before);
  });
});
