import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendPaymentConfirmUseCase } from '../modules/payment-confirmations/use-cases/send-payment-confirm.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * retail.payment.action-required.v1 → the card provider's confirm link to the client (their phone
 * with SMS consent, else their e-mail), through the real consumer, queue and worker, the Twilio peer
 * and the local SES server; a small HTTP server stands in for clients and identity.
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
const CLIENTS: Record<string, object> = {
  'c-paula': {
    id: 'c-paula',
    firstName: 'Paula',
    phone: '+13125550530',
    email: 'paula@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-omar': {
    id: 'c-omar',
    firstName: 'Omar',
    phone: '+13125550540',
    email: 'omar@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
  'c-nobody': {
    id: 'c-nobody',
    firstName: 'Nia',
    phone: '+13125550550',
    email: null,
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

const link = (id: string) => `http://127.0.0.1:8007/hosted/authenticate/pi_${id}?client_secret=pi_${id}_secret_abc`;
function actionRequired(clientId: string | null) {
  const paymentId = randomUUID();
  return {
    paymentId,
    ticketId: randomUUID(),
    clientId,
    locationId: 'loc-chicago',
    amountMinor: 12550,
    currency: 'USD',
    actionUrl: link(paymentId.slice(0, 8)),
  };
}
function envelope(payload: ReturnType<typeof actionRequired>): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'retail.payment.action-required.v1',
    occurredAt: new Date().toISOString(),
    aggregateType: 'ticket',
    aggregateId: payload.ticketId,
    locationId: 'loc-chicago',
    actor: { type: 'user', id: null },
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
  t = await startMessaging('payment_confirm', {
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

describe('SCA confirm links', () => {
  it('texts a client with SMS consent the link once; the link does not stay in the log; a redelivery sends nothing more', async () => {
    const event = envelope(actionRequired('c-paula'));
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([event]);
    const sent = await finished(`payment-action:${event.payload.paymentId}`);
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+13125550530', purpose: 'payment-confirmation', body_text: '[redacted]' });
    const texts = () => peer.messages().filter((m) => m.to === '+13125550530');
    expect(texts()).toHaveLength(1);
    expect(texts()[0]!.body).toBe(
      `Maple Street Salon: Hi Paula, your bank asks you to confirm the $125.50 card payment to us. Confirm it here: ${event.payload.actionUrl} If you did not expect it, call us.`,
    );
    await bus.publish([event]);
    await t.worker!.get(SendPaymentConfirmUseCase).execute(event.payload, event.locationId);
    expect(texts()).toHaveLength(1);
  });

  it('e-mails a client without SMS consent; nothing for a client who cannot be reached or a walk-in', async () => {
    const payload = actionRequired('c-omar');
    const useCase = t.worker!.get(SendPaymentConfirmUseCase);
    expect(await useCase.execute(payload, 'loc-chicago')).toMatchObject({ channel: 'email', recipient: 'omar@example.com' });
    await finished(`payment-action:${payload.paymentId}`);
    const [email] = (await ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(email!.subject).toBe(`${BUSINESS}: please confirm your $125.50 payment`);
    expect(email!.body.html).toContain(payload.actionUrl.replace('?', '?').split('?')[0]);
    expect(peer.messages().filter((m) => m.to === '+13125550540')).toHaveLength(0);
    await expect(useCase.execute(actionRequired('c-nobody'), 'loc-chicago')).resolves.toBeNull();
    await expect(useCase.execute(actionRequired(null), 'loc-chicago')).resolves.toBeNull();
  });
});
