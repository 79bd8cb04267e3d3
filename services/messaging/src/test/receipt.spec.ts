import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import type { ReceiptView } from '@salon/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsConsentUseCase } from '../modules/consent/use-cases/sms-consent.use-case.js';
import { SendReceiptUseCase } from '../modules/receipts/use-cases/send-receipt.use-case.js';
import type { MessagingTestApp } from './messaging-app.js';
import { consent, envelopeOf, startSenderStage, type SenderStage } from './sender-stage.js';

/**
 * retail.receipt.requested.v1 → the receipt by e-mail or text on the channel the desk chose,
 * consent permitting, through the real consumer, queue and worker, the local SES server and the
 * Twilio peer; a small HTTP server stands in for clients and identity.
 */

const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
const CLIENTS: Record<string, object> = {
  'c-paula': {
    id: 'c-paula',
    firstName: 'Paula',
    phone: '+13125550630',
    email: 'paula@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-omar': {
    id: 'c-omar',
    firstName: 'Omar',
    phone: '+13125550640',
    email: 'omar@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
  'c-stop': {
    id: 'c-stop',
    firstName: 'Stella',
    phone: '+13125550650',
    email: null,
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
};

let stage: SenderStage;
let t: MessagingTestApp;

const receipt = (ticketId: string): ReceiptView => ({
  ticketId,
  ticketNumber: 42,
  businessName: 'Maple Street Salon',
  locationId: 'loc-chicago',
  locationName: 'Chicago',
  locationAddress: '1 Maple St',
  locationPhone: null,
  closedAt: '2026-11-23T17:30:00.000Z',
  timeZone: 'America/Chicago',
  clientId: 'c-paula',
  currency: 'USD',
  lines: [
    {
      kind: 'service',
      name: 'Haircut',
      quantity: 1,
      unitPriceMinor: 5500,
      performer: 'Dana Lee',
      grossMinor: 5500,
      discountMinor: 500,
      discountReason: 'Loyalty',
      taxMinor: 0,
      totalMinor: 5000,
      feeReason: null,
    },
    {
      kind: 'fee',
      name: 'Deposit kept: no-show',
      quantity: 1,
      unitPriceMinor: 2000,
      performer: null,
      grossMinor: 2000,
      discountMinor: 0,
      discountReason: null,
      taxMinor: 0,
      totalMinor: 2000,
      feeReason: 'No-show: the deposit is kept',
    },
  ],
  subtotalMinor: 7500,
  discountMinor: 500,
  discountReason: null,
  taxMinor: 0,
  tipMinor: 1000,
  totalMinor: 8000,
  paidMinor: 8000,
  changeMinor: 0,
  refundedMinor: 0,
  tenders: [
    {
      method: 'card_on_file',
      label: 'Visa •••• 4242',
      cardBrand: 'visa',
      cardLast4: '4242',
      amountMinor: 8000,
      tenderedMinor: null,
      changeMinor: 0,
      refundedMinor: 0,
      paidAt: '2026-11-23T17:30:00.000Z',
    },
  ],
  refunds: [],
});
function requested(clientId: string, channel: 'email' | 'sms') {
  const ticketId = randomUUID();
  return { sendId: randomUUID(), ticketId, clientId, channel, receipt: receipt(ticketId) };
}
const envelope = (payload: ReturnType<typeof requested>) =>
  envelopeOf({
    type: 'retail.receipt.requested.v1',
    aggregateType: 'ticket',
    aggregateId: payload.ticketId,
    locationId: 'loc-chicago',
    actor: { type: 'user', id: null },
    payload,
  });
const deliveries = async (ticketId: string) => {
  const token = await t.token('admin');
  const res = await request(t.url)
    .post('/graphql')
    .set('Authorization', `Bearer ${token}`)
    .send({
      query: `query($id: ID!) { receiptDeliveries(ticketId: $id) { sendId channel recipient status reason } }`,
      variables: { id: ticketId },
    });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.receiptDeliveries;
};

beforeAll(async () => {
  stage = await startSenderStage('receipts', { business: 'Maple Street Salon', locations: LOCATIONS, clients: CLIENTS });
  t = stage.t;
});
afterAll(() => stage?.close());

describe('receipts', () => {
  it('e-mails the receipt through the local SES server once, however often the request comes', async () => {
    const payload = requested('c-omar', 'email');
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([envelope(payload)]);
    const sent = await stage.finished(`receipt:${payload.sendId}`);
    expect(sent).toMatchObject({ channel: 'email', recipient: 'omar@example.com', purpose: 'receipt' });
    await bus.publish([envelope(payload)]);
    await t.worker!.get(SendReceiptUseCase).execute(payload);
    const emails = (await stage.ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Maple Street Salon: your receipt #42 ($80.00)');
    for (const part of ['Haircut (Dana Lee)', 'Discount: Loyalty', 'No-show: the deposit is kept', 'Tip', '$80.00', 'Visa •••• 4242'])
      expect(emails[0]!.body.text).toContain(part);
    expect(await stage.rowsFor(`receipt:${payload.sendId}`)).toHaveLength(1);
    expect(await deliveries(payload.ticketId)).toEqual([
      {
        sendId: payload.sendId,
        channel: 'email',
        recipient: 'omar@example.com',
        status: expect.stringMatching(/^(sent|delivered)$/),
        reason: null,
      },
    ]);
  });

  it('texts a client who agreed to texts', async () => {
    const payload = requested('c-paula', 'sms');
    expect(await t.worker!.get(SendReceiptUseCase).execute(payload)).toMatchObject({ sent: true });
    await stage.finished(`receipt:${payload.sendId}`);
    const texts = stage.peer.messages().filter((m) => m.to === '+13125550630');
    expect(texts.map((m) => m.body)).toEqual([
      'Maple Street Salon: Hi Paula, thank you! Receipt #42, Nov 23, 2026: total $80.00, paid Visa •••• 4242 $80.00.',
    ]);
  });

  it('refuses a text to a client without SMS consent or whose phone replied STOP, recording why; nothing is sent', async () => {
    const noConsent = requested('c-omar', 'sms');
    const useCase = t.worker!.get(SendReceiptUseCase);
    expect(await useCase.execute(noConsent)).toEqual({ sent: false, reason: 'The client has not agreed to texts: no SMS is sent' });
    await t.worker!.get(SmsConsentUseCase).inboundMessage('+13125550650', 'STOP');
    const stopped = requested('c-stop', 'sms');
    expect(await useCase.execute(stopped)).toEqual({ sent: false, reason: 'The client replied STOP to our texts: no SMS is sent' });
    const noEmail = requested('c-stop', 'email');
    expect(await useCase.execute(noEmail)).toEqual({ sent: false, reason: 'The client has no e-mail address' });
    for (const p of [noConsent, stopped, noEmail]) expect(await stage.rowsFor(`receipt:${p.sendId}`)).toEqual([]);
    expect(stage.peer.messages().filter((m) => m.to === '+13125550640' || m.to === '+13125550650')).toEqual([]);
    expect(await deliveries(noConsent.ticketId)).toEqual([
      {
        sendId: noConsent.sendId,
        channel: 'sms',
        recipient: null,
        status: 'refused',
        reason: 'The client has not agreed to texts: no SMS is sent',
      },
    ]);
  });
});
