import { EVENT_TRANSPORT, SERVICE_ACCOUNT_ID, type EventTransport } from '@salon/nest-kit';
import { sealSecret, TokenService } from '@salon/tokens';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendWaitlistOfferUseCase } from '../modules/waitlist-offers/use-cases/send-waitlist-offer.use-case.js';
import { startFakePlatform } from './fake-platform.js';
import type { MessagingTestApp } from './messaging-app.js';
import { consent, envelopeOf, startSenderStage, type SenderStage } from './sender-stage.js';

/**
 * scheduling.waitlist.offered.v1 → a text or an e-mail, through the real consumer, queue, worker,
 * the Twilio peer and the local SES server. A small HTTP server stands in for the clients service
 * (GET /api/clients/{id}) and identity (business settings, locations).
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [
  { id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true },
  { id: 'loc-nyc', name: 'New York', timeZone: 'America/New_York', isActive: true, isDefault: false },
];
const CLIENTS: Record<string, object> = {
  'c-sms': {
    id: 'c-sms',
    firstName: 'Ana',
    phone: '+13125550101',
    email: 'ana@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-email': {
    id: 'c-email',
    firstName: 'Bea',
    phone: '+13125550102',
    email: 'bea@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
};

let stage: SenderStage;
let t: MessagingTestApp;
let useCase: SendWaitlistOfferUseCase;

const finished = (key: string) => stage.finished(key);
const rowsFor = (key: string) => stage.rowsFor(key);

// Far in the future so the offer has not lapsed whenever the suite runs (January: CST, UTC-6).
const times = { startsAt: '2099-01-15T20:30:00.000Z', endsAt: '2099-01-15T21:30:00.000Z', expiresAt: '2099-01-15T18:00:00.000Z' };
const newToken = () => randomBytes(24).toString('base64url');
function offered(clientId: string, token: string, offerId = randomUUID()) {
  return {
    offerId,
    entryId: `entry-${clientId}`,
    clientId,
    serviceId: 'svc-1',
    serviceName: 'Balayage',
    staffId: 'staff-1',
    ...times,
    token: sealSecret(token, t.config.EVENT_SECRET_KEY),
  };
}
function envelope(payload: ReturnType<typeof offered>, locationId: string) {
  return envelopeOf({
    type: 'scheduling.waitlist.offered.v1',
    aggregateType: 'waitlist-entry',
    aggregateId: payload.entryId,
    locationId,
    actor: { type: 'system', id: null },
    payload,
  });
}

beforeAll(async () => {
  stage = await startSenderStage('waitlist', { business: BUSINESS, locations: LOCATIONS, clients: CLIENTS });
  t = stage.t;
  useCase = t.worker!.get(SendWaitlistOfferUseCase);
});
afterAll(() => stage?.close());

describe('waitlist offer delivery', () => {
  it('texts a client with SMS consent the link and the local time, once; a redelivered event sends nothing more', async () => {
    const token = newToken();
    const first = envelope(offered('c-sms', token), 'loc-chicago');
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([first]);
    const sent = await finished(`waitlist-offer:${first.payload.offerId}`);
    expect(sent).toMatchObject({ status: 'sent', channel: 'sms', recipient: '+13125550101', purpose: 'waitlist-offer' });
    const texts = () => stage.peer.messages().filter((m) => m.to === '+13125550101');
    expect(texts().map((m) => m.body)).toEqual([
      `${BUSINESS}: Hi Ana, a time opened up for Balayage on Jan 15, 2099 at 2:30 PM. This offer expires at 12:00 PM on Jan 15, 2099. Book it or pass: ${t.url}/booking?offer=${token}`,
    ]);
    // The link is the client's credential for the offer: it does not stay in the message log.
    expect(sent.body_text).toBe('[redacted]');

    // Redelivered: the same event again through the bus (the inbox skips it), and the use-case
    // run again with the same payload (the idempotency key finds the same message).
    await bus.publish([first]);
    expect((await useCase.execute(first.payload, first.locationId))?.id).toBe(sent.id);
    // A later offer on the same entry (same partition key, so handled after the duplicate) is sent.
    const second = envelope(offered('c-sms', newToken()), 'loc-chicago');
    await bus.publish([second]);
    await finished(`waitlist-offer:${second.payload.offerId}`);
    expect(texts()).toHaveLength(2);
    expect(texts().filter((m) => m.body.includes(token))).toHaveLength(1);
    expect(await rowsFor(`waitlist-offer:${first.payload.offerId}`)).toHaveLength(1);

    // Clients and identity were asked with the service's own token.
    const [auth] = stage.clients.requests.map((r) => r.authorization);
    expect(auth).toMatch(/^Bearer /);
    expect((await t.app.get(TokenService).verify(auth!.slice(7))).userId).toBe(SERVICE_ACCOUNT_ID);
    expect(stage.clients.requests.some((r) => r.path === '/api/clients/c-sms')).toBe(true);
  });

  it('e-mails a client without SMS consent, in the location’s time zone; business settings are asked once and kept', async () => {
    const token = newToken();
    const payload = offered('c-email', token);
    const message = await useCase.execute(payload, 'loc-nyc');
    expect(message).toMatchObject({ channel: 'email', recipient: 'bea@example.com', idempotencyKey: `waitlist-offer:${payload.offerId}` });
    await finished(`waitlist-offer:${payload.offerId}`);
    const emails = (await stage.ses.emails()).filter((e) => e.destination.to.includes('bea@example.com'));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`${BUSINESS}: a time opened up for Balayage on Jan 15, 2099 at 3:30 PM`);
    expect(emails[0]!.body.text).toContain(`${t.url}/booking?offer=${token}`);
    expect(emails[0]!.body.text).toContain('Jan 15, 2099, 3:30 PM to 4:30 PM.');
    expect(emails[0]!.body.text).toContain('This offer expires at 1:00 PM on Jan 15, 2099.');
    expect(emails[0]!.body.html).toContain(`href="${t.url}/booking?offer=${token}"`);
    expect(stage.peer.messages().filter((m) => m.to === '+13125550102')).toHaveLength(0);
    expect(stage.identity.requests.filter((r) => r.path === '/api/business-settings')).toHaveLength(1);
  });

  it('sends nothing, without throwing, for a deleted client (404) or an offer that already lapsed', async () => {
    const gone = offered('c-deleted', newToken());
    await expect(useCase.execute(gone, 'loc-chicago')).resolves.toBeNull();
    expect(stage.clients.requests.some((r) => r.path === '/api/clients/c-deleted')).toBe(true);
    const lapsed = { ...offered('c-sms', newToken()), expiresAt: new Date(Date.now() - 1000).toISOString() };
    await expect(useCase.execute(lapsed, 'loc-chicago')).resolves.toBeNull();
    expect(
      await t.sql('SELECT id FROM messages WHERE idempotency_key IN ($1, $2)', [
        `waitlist-offer:${gone.offerId}`,
        `waitlist-offer:${lapsed.offerId}`,
      ]),
    ).toHaveLength(0);
  });

  it('throws while the clients service is down, so the event is retried, and queues nothing', async () => {
    const port = Number(new URL(stage.clients.url).port);
    await stage.clients.stop();
    try {
      const payload = offered('c-sms', newToken());
      await expect(useCase.execute(payload, 'loc-chicago')).rejects.toThrow(/api\/clients\/c-sms failed/);
      expect(await rowsFor(`waitlist-offer:${payload.offerId}`)).toHaveLength(0);
    } finally {
      stage.clients = await startFakePlatform({ business: BUSINESS, locations: LOCATIONS, clients: CLIENTS }, port);
    }
  });
});
