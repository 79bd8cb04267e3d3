import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendBookingClaimUseCase } from '../modules/booking-claims/use-cases/send-booking-claim.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * scheduling.booking-claim.requested.v1 → the "was this booking yours?" link, to the client on
 * file (their phone with SMS consent, else their e-mail), through the real consumer, queue and
 * worker, the Twilio peer and the local SES server; a small HTTP server stands in for clients and identity.
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
const CLIENTS: Record<string, object> = {
  'c-paula': {
    id: 'c-paula',
    firstName: 'Paula',
    phone: '+13125550430',
    email: 'paula@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-omar': {
    id: 'c-omar',
    firstName: 'Omar',
    phone: '+13125550440',
    email: 'omar@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
};

let t: MessagingTestApp;
let ses: LocalSes;
let peer: TwilioPeer;
let clients: FakePlatform;
let identity: FakePlatform;

type Row = { status: string; channel: string; recipient: string; purpose: string; body_text: string };
const finished = (key: string) =>
  waitFor(async () => {
    const [r] = await t.sql<Row>('SELECT * FROM messages WHERE idempotency_key = $1', [key]);
    return r && ['sent', 'delivered', 'failed', 'suppressed'].includes(r.status) ? r : null;
  }, `message ${key} to finish`);

const newToken = () => randomBytes(24).toString('base64url');
function requested(clientId: string, token: string) {
  return {
    claimId: randomUUID(),
    appointmentId: randomUUID(),
    clientId,
    serviceName: 'Haircut',
    startsAt: '2099-01-15T20:30:00.000Z',
    expiresAt: '2099-01-14T18:00:00.000Z',
    token: sealSecret(token, t.config.EVENT_SECRET_KEY),
  };
}
function envelope(payload: ReturnType<typeof requested>): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'scheduling.booking-claim.requested.v1',
    occurredAt: new Date().toISOString(),
    aggregateType: 'booking-claim',
    aggregateId: payload.claimId,
    locationId: 'loc-chicago',
    actor: { type: 'client', id: null },
    traceparent: null,
    payload,
  };
}

beforeAll(async () => {
  [ses, peer, clients, identity] = await Promise.all([
    startLocalSes({ port: 0 }),
    startTwilioPeer({ port: 0, authToken: 'test-twilio-auth-token' }),
    startFakePlatform({ business: BUSINESS, locations: LOCATIONS, clients: CLIENTS }),
    startFakePlatform({ business: BUSINESS, locations: LOCATIONS, clients: CLIENTS }),
  ]);
  t = await startMessaging('booking_claim', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    CLIENTS_URL: clients.url,
    IDENTITY_URL: identity.url,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ses?.stop(), peer?.stop(), clients?.stop(), identity?.stop()]);
});

describe('booking claim links', () => {
  it('texts the client on file the link once; the link does not stay in the log; a redelivered event sends nothing more', async () => {
    const token = newToken();
    const event = envelope(requested('c-paula', token));
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([event]);
    const sent = await finished(`booking-claim:${event.payload.claimId}`);
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+13125550430', purpose: 'booking-claim', body_text: '[redacted]' });
    const texts = () => peer.messages().filter((m) => m.to === '+13125550430');
    expect(texts()).toHaveLength(1);
    expect(texts()[0]!.body).toContain(`${t.url}/booking?confirm=${token}`);
    expect(texts()[0]!.body).toMatch(/^Maple Street Salon: Hi Paula, Haircut on Jan 15, 2099 at 2:30 PM was booked online/);
    await bus.publish([event]);
    await t.worker!.get(SendBookingClaimUseCase).execute(event.payload, event.locationId);
    expect(texts()).toHaveLength(1);
  });

  it('e-mails a client without SMS consent at their own address; a lapsed link is not sent', async () => {
    const token = newToken();
    const payload = requested('c-omar', token);
    const useCase = t.worker!.get(SendBookingClaimUseCase);
    expect(await useCase.execute(payload, 'loc-chicago')).toMatchObject({ channel: 'email', recipient: 'omar@example.com' });
    await finished(`booking-claim:${payload.claimId}`);
    const [email] = (await ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(email!.subject).toBe(`${BUSINESS}: was this booking yours?`);
    expect(email!.body.html).toContain(`href="${t.url}/booking?confirm=${token}"`);
    expect(peer.messages().filter((m) => m.to === '+13125550440')).toHaveLength(0);
    const lapsed = { ...requested('c-paula', newToken()), expiresAt: new Date(Date.now() - 1000).toISOString() };
    await expect(useCase.execute(lapsed, 'loc-chicago')).resolves.toBeNull();
  });
});
