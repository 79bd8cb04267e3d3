import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendPaymentConfirmUseCase } from '../modules/payment-confirmations/use-cases/send-payment-confirm.use-case.js';
import type { MessagingTestApp } from './messaging-app.js';
import { consent, envelopeOf, startSenderStage, type SenderStage } from './sender-stage.js';

/**
 * retail.payment.action-required.v1 → the card provider's confirm link to the client (their phone
 * with SMS consent, else their e-mail), through the real consumer, queue and worker, the Twilio peer
 * and the local SES server; a small HTTP server stands in for clients and identity.
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
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

let stage: SenderStage;
let t: MessagingTestApp;

const finished = (key: string) => stage.finished(key);

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
function envelope(payload: ReturnType<typeof actionRequired>) {
  return envelopeOf({
    type: 'retail.payment.action-required.v1',
    aggregateType: 'ticket',
    aggregateId: payload.ticketId,
    locationId: 'loc-chicago',
    actor: { type: 'user', id: null },
    payload,
  });
}

beforeAll(async () => {
  stage = await startSenderStage('payment_confirm', { business: BUSINESS, locations: LOCATIONS, clients: CLIENTS });
  t = stage.t;
});
afterAll(() => stage?.close());

describe('SCA confirm links', () => {
  it('texts a client with SMS consent the link once; the link does not stay in the log; a redelivery sends nothing more', async () => {
    const event = envelope(actionRequired('c-paula'));
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([event]);
    const sent = await finished(`payment-action:${event.payload.paymentId}`);
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+13125550530', purpose: 'payment-confirmation', body_text: '[redacted]' });
    const texts = () => stage.peer.messages().filter((m) => m.to === '+13125550530');
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
    const [email] = (await stage.ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(email!.subject).toBe(`${BUSINESS}: please confirm your $125.50 payment`);
    expect(email!.body.html).toContain(payload.actionUrl.replace('?', '?').split('?')[0]);
    expect(stage.peer.messages().filter((m) => m.to === '+13125550540')).toHaveLength(0);
    await expect(useCase.execute(actionRequired('c-nobody'), 'loc-chicago')).resolves.toBeNull();
    await expect(useCase.execute(actionRequired(null), 'loc-chicago')).resolves.toBeNull();
  });
});
