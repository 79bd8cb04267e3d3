import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientConsentUseCase } from '../modules/consent/use-cases/client-consent.use-case.js';
import { signUnsubscribeToken } from '../modules/marketing/domain/unsubscribe-token.js';
import { startClientsService, type ClientsService } from './clients-service.js';
import { twilioSignature } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

// The consent round trip between two real services over the real event transport: messaging (API
// + worker in this process) and clients (its built API and worker as child processes).
let t: MessagingTestApp;
let clients: ClientsService;
// Kept so afterAll stops the child processes even when the hook timed out while they started.
let clientsStarting: Promise<ClientsService> | undefined;
let admin: string;
const ADMIN_ID = randomUUID();
const PHONE = '+13125550142';
let ana: string;

// Generous: the first run builds the clients service (its sources are newer than dist/).
beforeAll(async () => {
  t = await startMessaging('consent_sync', { EMAIL_PROVIDER: 'log', SMS_PROVIDER: 'log', EVENT_RELAY_INTERVAL_MS: '50' });
  clientsStarting = startClientsService(t.config.REDIS_KEY_PREFIX);
  clients = await clientsStarting;
  admin = await t.token('admin', ADMIN_ID);
}, 180_000);
afterAll(async () => {
  await (await clientsStarting?.catch(() => null))?.close();
  await t?.close();
}, 60_000);

function textFromPhone(body: string) {
  const params = { From: PHONE, To: '+15005550006', Body: body, MessageSid: `SM${randomUUID().replace(/-/g, '')}` };
  return request(t.app.getHttpServer())
    .post('/api/webhooks/twilio/inbound')
    .type('form')
    .set('X-Twilio-Signature', twilioSignature(t.config.TWILIO_AUTH_TOKEN!, `${t.url}/api/webhooks/twilio/inbound`, params))
    .send(params)
    .expect(200);
}
async function clientsApi(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
  const res = await fetch(`${clients.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, any>>;
}
type Mirror = { granted: boolean; method: string | null; address: string | null };
const mirrored = async (clientId: string, channel: 'sms' | 'email') =>
  (
    await t.sql<Mirror>(`SELECT granted, method, address FROM client_consent WHERE client_id = $1 AND channel = $2`, [clientId, channel])
  )[0] ?? null;
const mirrorBecomes = (clientId: string, channel: 'sms' | 'email', expected: Mirror) =>
  waitFor(
    async () => JSON.stringify(await mirrored(clientId, channel)) === JSON.stringify(expected),
    `messaging's ${channel} record to be ${JSON.stringify(expected)}`,
  );
const messagingEvents = async () =>
  (await t.sql<{ envelope: EventEnvelope }>(`SELECT envelope FROM outbox ORDER BY seq`)).map((r) => r.envelope);
const clientsEvents = async (type = 'clients.client.consent-changed.v1') =>
  (await clients.sql<{ envelope: EventEnvelope }>(`SELECT envelope FROM outbox WHERE type = $1 ORDER BY seq`, [type])).map(
    (r) => r.envelope,
  );
const handledByMessaging = async (eventId: string) => (await t.sql(`SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length > 0;
const handledByClients = async (eventId: string) => (await clients.sql(`SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length > 0;
const verdict = (channel: 'sms' | 'email') => t.worker!.get(ClientConsentUseCase).marketingVerdict(ana, channel);

describe('SMS and e-mail consent between clients and messaging', () => {
  it('a staff consent decision in clients reaches messaging’s record', async () => {
    const created = await clientsApi('POST', '/api/clients', {
      firstName: 'Ana',
      phone: '(312) 555-0142',
      email: 'ana@example.com',
      smsConsent: true,
      emailConsent: { granted: true, method: 'written' },
    });
    ana = created.id;
    await mirrorBecomes(ana, 'sms', { granted: true, method: 'staff', address: PHONE });
    await mirrorBecomes(ana, 'email', { granted: true, method: 'written', address: 'ana@example.com' });
    expect(await verdict('sms')).toEqual({ allowed: true, to: PHONE });
    expect(await messagingEvents()).toEqual([]);
  });

  it('STOP texted to the business withdraws the profile’s SMS consent (sms-keyword) and comes back to messaging once, with no echo', async () => {
    await textFromPhone('Stop');
    const profile = await waitFor(async () => {
      const c = await clientsApi('GET', `/api/clients/${ana}`);
      return c.smsConsent.granted === false ? c : null;
    }, 'the profile to lose its SMS consent');
    expect(profile.smsConsent).toMatchObject({ granted: false, method: 'sms-keyword', changedBy: null });
    expect(profile.emailConsent).toMatchObject({ granted: true, method: 'written' }); // STOP is about texts
    await mirrorBecomes(ana, 'sms', { granted: false, method: 'sms-keyword', address: PHONE });

    const fromMessaging = await messagingEvents();
    expect(fromMessaging.map((e) => [e.type, e.aggregateId, e.payload.keyword])).toEqual([['messaging.sms.opted-out.v1', PHONE, 'STOP']]);
    const keywordChange = (await clientsEvents()).at(-1)!;
    expect(keywordChange).toMatchObject({
      aggregateId: ana,
      actor: { type: 'system', id: null },
      payload: { channel: 'sms', granted: false, method: 'sms-keyword', phone: PHONE },
    });
    // Messaging has handled clients' consent-changed (its record moved in that same transaction):
    // had it echoed, the echo would be in its outbox now. It is not, and clients published one change.
    expect(await handledByMessaging(keywordChange.id)).toBe(true);
    expect(await messagingEvents()).toHaveLength(1);
    expect((await clientsEvents()).map((e) => [e.payload.channel, e.payload.granted, e.payload.method])).toEqual([
      ['sms', true, 'staff'],
      ['email', true, 'written'],
      ['sms', false, 'sms-keyword'],
    ]);
    expect(await verdict('sms')).toEqual({ allowed: false, reason: 'the client has not consented to texts (sms-keyword)' });
    expect(await verdict('email')).toEqual({ allowed: true, to: 'ana@example.com' });
  });

  it('START gives the consent back, on both sides', async () => {
    await textFromPhone('START');
    await waitFor(
      async () => (await clientsApi('GET', `/api/clients/${ana}`)).smsConsent.granted === true,
      'the profile to regain its SMS consent',
    );
    await mirrorBecomes(ana, 'sms', { granted: true, method: 'sms-keyword', address: PHONE });
    expect((await t.sql(`SELECT opted_out FROM sms_consent WHERE phone = $1`, [PHONE]))[0]).toEqual({ opted_out: false });
    expect((await messagingEvents()).map((e) => e.type)).toEqual(['messaging.sms.opted-out.v1', 'messaging.sms.opted-in.v1']);
    expect((await clientsEvents()).map((e) => [e.payload.granted, e.payload.method])).toEqual([
      [true, 'staff'],
      [true, 'written'],
      [false, 'sms-keyword'],
      [true, 'sms-keyword'],
    ]);
    expect(await verdict('sms')).toEqual({ allowed: true, to: PHONE });
  });

  it('a staff withdrawal reaches messaging but never touches the phone’s own STOP list or publishes from messaging', async () => {
    const current = await clientsApi('GET', `/api/clients/${ana}`);
    await clientsApi('PATCH', `/api/clients/${ana}`, { version: current.version, smsConsent: false });
    await mirrorBecomes(ana, 'sms', { granted: false, method: 'staff', address: PHONE });
    expect((await t.sql(`SELECT opted_out FROM sms_consent WHERE phone = $1`, [PHONE]))[0]).toEqual({ opted_out: false });
    expect(await messagingEvents()).toHaveLength(2);
  });

  it('redelivered events change nothing on either side', async () => {
    const transport = t.app.get<EventTransport>(EVENT_TRANSPORT);
    const ownEvents = await messagingEvents();
    const consentEvents = await clientsEvents();
    const before = {
      profile: await clientsApi('GET', `/api/clients/${ana}`),
      clientsOutbox: (await clientsEvents('clients.client.updated.v1')).length + consentEvents.length,
    };
    // Every STOP/START and every consent change again, as a broker redelivery or a replay would
    // bring them: applied again, the STOP would take the consent back, the START-era change would
    // grant it in messaging's record.
    await transport.publish([...ownEvents, ...consentEvents]);
    // Markers after them on the same partitions (same phone, same client): a START that changes
    // nothing (staff refused since), and a staff e-mail change. Handled after the redeliveries.
    await textFromPhone('UNSTOP');
    const marker = (await messagingEvents()).at(-1)!;
    const current = await clientsApi('GET', `/api/clients/${ana}`);
    await clientsApi('PATCH', `/api/clients/${ana}`, { version: current.version, emailConsent: false });
    await waitFor(() => handledByClients(marker.id), 'clients to handle the UNSTOP after the redeliveries');
    await mirrorBecomes(ana, 'email', { granted: false, method: 'staff', address: 'ana@example.com' });

    const after = await clientsApi('GET', `/api/clients/${ana}`);
    expect(after.smsConsent).toEqual(before.profile.smsConsent);
    expect(after.version).toBe(before.profile.version + 1); // the e-mail edit only
    expect(await mirrored(ana, 'sms')).toEqual({ granted: false, method: 'staff', address: PHONE });
    // One more event each: messaging's UNSTOP; clients' e-mail edit (updated + consent-changed).
    expect(await messagingEvents()).toHaveLength(ownEvents.length + 1);
    expect((await clientsEvents('clients.client.updated.v1')).length + (await clientsEvents()).length).toBe(before.clientsOutbox + 2);
    for (const e of ownEvents)
      expect(await clients.sql(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [e.id])).toEqual([{ n: 1 }]);
  });

  it('a campaign’s unsubscribe link withdraws the profile’s e-mail consent (unsubscribe-link), mirrored back once', async () => {
    const current = await clientsApi('GET', `/api/clients/${ana}`);
    await clientsApi('PATCH', `/api/clients/${ana}`, { version: current.version, emailConsent: { granted: true, method: 'written' } });
    await mirrorBecomes(ana, 'email', { granted: true, method: 'written', address: 'ana@example.com' });
    const [segment] = await t.sql<{ id: string }>(
      `INSERT INTO marketing_segments (name, match, rules) VALUES ('All', 'any', '[]') RETURNING id`,
    );
    const [campaign] = await t.sql<{ id: string }>(
      `INSERT INTO marketing_campaigns (name, channel, segment_id, state) VALUES ('Spring', 'email', $1, 'sent') RETURNING id`,
      [segment!.id],
    );
    const token = signUnsubscribeToken(t.config.EVENT_SECRET_KEY, { campaignId: campaign!.id, clientId: ana, channel: 'email' });
    await request(t.app.getHttpServer())
      .post(`/api/marketing/unsubscribe/${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);

    const profile = await waitFor(async () => {
      const p = await clientsApi('GET', `/api/clients/${ana}`);
      return p.emailConsent.granted === false ? p : null;
    }, 'the profile’s e-mail consent withdrawn');
    expect(profile.emailConsent).toMatchObject({ granted: false, method: 'unsubscribe-link', changedBy: null });
    await mirrorBecomes(ana, 'email', { granted: false, method: 'unsubscribe-link', address: 'ana@example.com' });
    expect(await verdict('email')).toMatchObject({ allowed: false });
  });
});
