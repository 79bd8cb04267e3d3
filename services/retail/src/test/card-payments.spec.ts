import { payTicketAnswerSchema, savedPaymentMethodViewSchema, ticketViewSchema, type TicketView } from '@salon/contracts';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, newKey, type RetailTestApp } from './retail-app.js';
import { allDelivered, authenticate, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Card payments end to end: the real app on its own PostgreSQL database, the local Stripe peer
// through the official SDK, and the peer's signed webhooks coming back to /api/webhooks/stripe.
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;
let n = 0;

beforeAll(async () => {
  paid = await startRetailWithPeer('cards');
  ({ t, peer, stripe } = paid);
});
afterAll(() => paid?.close());

/** Waits until every webhook the peer has sent (and those our handling made it send) was answered. */
const settle = () => allDelivered(peer);

async function openedTicket(parts?: { name: string; priceMinor: number; staffId: string }[]): Promise<TicketView> {
  const appointmentId = t.platform.book(++n, parts ? { parts } : {});
  const res = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ticketViewSchema.parse(res.body);
}

const pay = (ticketId: string, body: unknown, key = newKey()) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, body).set('Idempotency-Key', key);
const ticketOf = async (id: string) => ticketViewSchema.parse((await t.as('desk').get(`/api/tickets/${id}`)).body);
const paymentOf = async (id: string) => (await t.as('desk').get(`/api/payments/${id}`)).body;
const outbox = (ticketId: string) =>
  t.sql<{ type: string; payload: any }>(`SELECT type, envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [
    ticketId,
  ]);
const intentIdOf = (ticketId: string) => (intentsOf(ticketId)[0]!.data.object as Stripe.PaymentIntent).id;
const intentsOf = (ticketId: string) =>
  peer
    .events()
    .filter((e) => e.type === 'payment_intent.created' && (e.data.object as Stripe.PaymentIntent).metadata.ticketId === ticketId);

describe('paying in the hosted card modal', () => {
  it('answers the peer’s hosted page, stays pending until Stripe says succeeded, then closes the ticket', async () => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'card', amountMinor: 5500 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = payTicketAnswerSchema.parse(res.body);
    expect(answer.payment).toMatchObject({ method: 'card', status: 'pending', amountMinor: 5500, failureReason: null });
    expect(answer.ticket).toMatchObject({ status: 'open', paidMinor: 0 });
    expect(answer.cardModal?.kind).toBe('hosted_page');
    const url = answer.cardModal?.kind === 'hosted_page' ? answer.cardModal.url : '';
    expect(url.startsWith(`${peer.url}/hosted/payment_intents/pi_`)).toBe(true);
    // A second tender cannot take the cents the pending card holds.
    const cash = await pay(ticket.id, { method: 'cash', amountMinor: 100 });
    expect(cash.status).toBe(409);
    expect(cash.body.error).toBe(`Ticket #${ticket.number} has $55.00 waiting on a card payment; cancel it to pay another way`);

    expect((await payOnHostedPage(url, '4242424242424242')).status).toBe(200);
    await settle();
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'closed', paidMinor: 5500, balanceMinor: 0 });
    // The card as Stripe's charge names it (payment_method_details.card), never more than brand and last four.
    expect(await paymentOf(answer.payment.id)).toMatchObject({
      status: 'succeeded',
      amountMinor: 5500,
      refundableMinor: 5500,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(await t.sql(`SELECT card_brand, card_last4 FROM payments WHERE id = $1`, [answer.payment.id])).toEqual([
      { card_brand: 'visa', card_last4: '4242' },
    ]);
    expect((await outbox(ticket.id)).map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
    expect((await outbox(ticket.id))[0]!.payload).toMatchObject({ method: 'card', amountMinor: 5500, paymentId: answer.payment.id });
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('leaves the ticket open when %s is declined, and says why', async (number, reason) => {
    const ticket = await openedTicket();
    const answer = payTicketAnswerSchema.parse((await pay(ticket.id, { method: 'card', amountMinor: 5500 })).body);
    const url = answer.cardModal?.kind === 'hosted_page' ? answer.cardModal.url : '';
    expect((await payOnHostedPage(url, number)).status).toBe(402);
    await settle();
    expect(await paymentOf(answer.payment.id)).toMatchObject({ status: 'failed', failureReason: reason, refundableMinor: 0 });
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'open', paidMinor: 0, balanceMinor: 5500 });
    // The declined intent was cancelled at Stripe, so it can never be charged behind the ticket's back.
    expect((await stripe.paymentIntents.retrieve(intentIdOf(ticket.id))).status).toBe('canceled');
    expect(await outbox(ticket.id)).toEqual([]);
    expect((await pay(ticket.id, { method: 'cash', amountMinor: 5500 })).status).toBe(201);
  });

  it('charges once when the same payment request is sent twice', async () => {
    const ticket = await openedTicket();
    const key = newKey();
    const first = await pay(ticket.id, { method: 'card', amountMinor: 5500 }, key);
    const again = await pay(ticket.id, { method: 'card', amountMinor: 5500 }, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.payment.id).toBe(first.body.payment.id);
    expect(again.body.cardModal).toEqual(first.body.cardModal);
    expect(intentsOf(ticket.id)).toHaveLength(1);
    await payOnHostedPage(first.body.cardModal.url, '4242424242424242');
    await settle();
    const third = await pay(ticket.id, { method: 'card', amountMinor: 5500 }, key);
    expect(third.body.payment).toMatchObject({ id: first.body.payment.id, status: 'succeeded' });
    expect(third.body.cardModal).toBeNull();
    const charged = peer
      .events()
      .filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).metadata.ticketId === ticket.id);
    expect(charged).toHaveLength(1);
  });

  it('takes a split payment: cash, then the rest by card', async () => {
    const ticket = await openedTicket();
    expect((await pay(ticket.id, { method: 'cash', amountMinor: 2000, tenderedMinor: 2000 })).status).toBe(201);
    const card = await pay(ticket.id, { method: 'card', amountMinor: 3500 });
    expect(card.body.ticket).toMatchObject({ status: 'open', paidMinor: 2000 });
    await payOnHostedPage(card.body.cardModal.url, '5555555555554444');
    await settle();
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'closed', paidMinor: 5500 });
    expect((await outbox(ticket.id)).map((e) => [e.type, e.payload.method ?? null])).toEqual([
      ['retail.payment.succeeded.v1', 'cash'],
      ['retail.payment.succeeded.v1', 'card'],
      ['retail.ticket.closed.v1', null],
    ]);
  });
});

describe('the webhook', () => {
  it('changes nothing when an event is delivered twice or out of order', async () => {
    const ticket = await openedTicket();
    const answer = (await pay(ticket.id, { method: 'card', amountMinor: 5500 })).body;
    await payOnHostedPage(answer.cardModal.url, '4242424242424242');
    await settle();
    const before = { ticket: await ticketOf(ticket.id), payment: await paymentOf(answer.payment.id), events: await outbox(ticket.id) };
    const intentId = intentIdOf(ticket.id);
    const ofIntent = peer
      .events()
      .filter(
        (e) =>
          (e.data.object as { id: string }).id === intentId || (e.data.object as { payment_intent?: string }).payment_intent === intentId,
      );
    // Every event again, newest first (the oldest, "created", arrives last).
    for (const event of ofIntent.reverse()) expect(await peer.resend(event.id)).toBe(200);
    await settle();
    expect(await ticketOf(ticket.id)).toEqual(before.ticket);
    expect(await paymentOf(answer.payment.id)).toEqual(before.payment);
    expect(await outbox(ticket.id)).toEqual(before.events);
    const inbox = await t.sql(`SELECT count(*)::int AS n FROM inbox WHERE consumer = 'stripe-webhooks'`);
    expect(inbox[0]!.n).toBeGreaterThan(0);
  });

  it('refuses a body whose signature does not verify', async () => {
    const event = peer.events().at(-1)!;
    const res = await fetch(`${t.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify(event),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toContain('Stripe-Signature does not verify');
    const unsigned = await fetch(`${t.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(403);
  });
});

describe('refunds of a card tender', () => {
  it('go through Stripe, never above what was captured, and the charge.refunded webhook records nothing twice', async () => {
    const ticket = await openedTicket();
    const answer = (await pay(ticket.id, { method: 'card', amountMinor: 5500 })).body;
    await payOnHostedPage(answer.cardModal.url, '4242424242424242');
    await settle();
    const refund = await t
      .as('refunder')
      .post(`/api/payments/${answer.payment.id}/refunds`, { amountMinor: 2000, reason: 'Fringe redone' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await settle();
    const intentId = intentIdOf(ticket.id);
    const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(intentId)).latest_charge as string);
    expect(charge.amount_refunded).toBe(2000);
    expect(await paymentOf(answer.payment.id)).toMatchObject({ refundedMinor: 2000, refundableMinor: 3500 });
    expect((await paymentOf(answer.payment.id)).refunds).toHaveLength(1);
    const tooMuch = await t.as('refunder').post(`/api/payments/${answer.payment.id}/refunds`, { amountMinor: 3501, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details).toEqual([{ field: 'amountMinor', message: 'is more than the $35.00 still refundable on this payment' }]);
    // A refund made in Stripe's dashboard arrives by webhook only, and is recorded once.
    await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    await settle();
    const after = await paymentOf(answer.payment.id);
    expect(after).toMatchObject({ refundedMinor: 2500, refundableMinor: 3000 });
    expect(after.refunds.map((r: { amountMinor: number; reason: string }) => [r.amountMinor, r.reason])).toEqual([
      [2000, 'Fringe redone'],
      [500, 'Refunded in Stripe'],
    ]);
    expect((await outbox(ticket.id)).filter((e) => e.type === 'retail.payment.refunded.v1')).toHaveLength(2);
  });
});

describe('the card terminal', () => {
  it('registers a reader, processes the payment on it, captures it with the tip added on the reader', async () => {
    const registered = await t
      .as('admin')
      .post('/api/card-readers', { locationId: LOCATION, registrationCode: 'simulated-wpe', label: 'Front desk' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await t.as('desk').get(`/api/card-readers?locationId=${LOCATION}`)).body).toEqual([registered.body]);
    const readerId = registered.body.id as string;
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'terminal', amountMinor: 5500, readerId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payment).toMatchObject({ status: 'pending', readerId });
    expect(((await stripe.terminal.readers.retrieve(readerId)) as Stripe.Terminal.Reader).action?.status).toBe('in_progress');

    await stripe.testHelpers.terminal.readers.presentPaymentMethod(readerId, { amount_tip: 1100 });
    await settle();
    expect(await paymentOf(res.body.payment.id)).toMatchObject({
      status: 'succeeded',
      amountMinor: 6600,
      tipMinor: 1100,
      cardBrand: expect.any(String),
      cardLast4: expect.stringMatching(/^[0-9]{4}$/),
    });
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'closed', tipMinor: 1100, totalMinor: 6600, paidMinor: 6600 });
    const intentId = intentIdOf(ticket.id);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'succeeded', amount_received: 6600 });
  });

  it('cancels a payment waiting on the reader', async () => {
    const reader = (
      await t.as('admin').post('/api/card-readers', { locationId: LOCATION, registrationCode: 'simulated-s700', label: 'Chair 2' })
    ).body;
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'terminal', amountMinor: 5500, readerId: reader.id });
    const cancelled = await t.as('desk').post(`/api/payments/${res.body.payment.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    expect(cancelled.body.payment.status).toBe('canceled');
    expect(cancelled.body.ticket).toMatchObject({ status: 'open', paidMinor: 0, balanceMinor: 5500 });
    expect(((await stripe.terminal.readers.retrieve(reader.id)) as Stripe.Terminal.Reader).action).toBeNull();
  });

  it('refuses a reader of another location, naming readerId', async () => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'terminal', amountMinor: 5500, readerId: 'tmr_unknown' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'readerId', message: 'is not a card reader registered at this location' }]);
  });
});

describe('a card on file', () => {
  async function saveCard(clientId: string, number: string) {
    const setup = await t.as('desk').post('/api/saved-payment-methods/setup', { clientId });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    await payOnHostedPage(setup.body.cardModal.url, number);
    await settle();
    const saved = (await t.as('desk').get(`/api/saved-payment-methods?clientId=${clientId}`)).body;
    return saved.find((c: { last4: string }) => c.last4 === number.slice(-4));
  }

  it('is saved in the modal and listed as brand, last four and expiry only, then charged off the session', async () => {
    const card = await saveCard(CLIENT(1), '4242424242424242');
    expect(Object.keys(card).sort()).toEqual(['brand', 'expMonth', 'expYear', 'id', 'last4']);
    expect(savedPaymentMethodViewSchema.parse(card)).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 });
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'card_on_file', amountMinor: 5500, savedCardId: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payment).toMatchObject({ status: 'succeeded', method: 'card_on_file' });
    expect(res.body.ticket).toMatchObject({ status: 'closed', paidMinor: 5500 });
    await settle();
    expect((await outbox(ticket.id)).map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
  });

  it('asks the client to authenticate when the bank requires it (SCA): the ticket stays open until they confirm', async () => {
    const card = await saveCard(CLIENT(1), '4000002760003184');
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'card_on_file', amountMinor: 5500, savedCardId: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payment).toMatchObject({
      status: 'pending',
      failureReason: 'Your card was declined. This transaction requires authentication.',
    });
    expect(res.body.payment.actionUrl.startsWith(`${peer.url}/hosted/payment_intents/`)).toBe(true);
    expect(res.body.ticket).toMatchObject({ status: 'open', paidMinor: 0 });
    await settle();
    const asked = (await outbox(ticket.id)).filter((e) => e.type === 'retail.payment.action-required.v1');
    expect(asked.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        paymentId: res.body.payment.id,
        clientId: CLIENT(1),
        amountMinor: 5500,
        actionUrl: res.body.payment.actionUrl,
      }),
    ]);
    // The client opens the link, confirms with their card and passes 3-D Secure.
    await payOnHostedPage(res.body.payment.actionUrl, '4000002760003184');
    const intent = await stripe.paymentIntents.retrieve(new URL(res.body.payment.actionUrl).pathname.split('/').at(-1)!);
    await authenticate(peer, intent, 'complete');
    await settle();
    expect(await paymentOf(res.body.payment.id)).toMatchObject({ status: 'succeeded', failureReason: null, actionUrl: null });
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'closed', paidMinor: 5500 });
  });

  it('refuses a card that is not the ticket client’s, naming savedCardId', async () => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'card_on_file', amountMinor: 5500, savedCardId: 'pm_someone_else' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'savedCardId', message: 'is not a saved card of this ticket’s client' }]);
  });
});
