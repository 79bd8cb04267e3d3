import { bookingDepositViewSchema, ticketViewSchema, type BookingDepositView } from '@salon/contracts';
import { OutboxWriter } from '@salon/nest-kit';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGateway } from '../modules/payments/domain/payment-gateway.js';
import { BookingDepositRepository } from '../modules/deposits/persistence/booking-deposit.repository.js';
import { DepositScheduling } from '../modules/deposits/persistence/deposit-scheduling.provider.js';
import { FeeSalesUseCase } from '../modules/deposits/use-cases/fee-sales.use-case.js';
import { DepositForfeitsUseCase } from '../modules/deposits/use-cases/deposit-forfeits.use-case.js';
import { DepositOutcomesUseCase } from '../modules/deposits/use-cases/deposit-outcomes.use-case.js';
import { PaymentRepository } from '../modules/payments/persistence/payment.repository.js';
import { TicketRepository } from '../modules/tickets/persistence/ticket.repository.js';
import { TestDepositScheduling } from './deposit-scheduling.stub.js';
import { APPOINTMENT, CLIENT, LOCATION, newKey, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Online booking deposits end to end on retail's side: the real app and database, the local Stripe
// peer through the SDK with its signed webhooks, and scheduling's held time stood in for
// (deposit-scheduling.stub.ts; scheduling's own side is services/scheduling/src/test/deposits.spec.ts).
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;
let holds: TestDepositScheduling;
let n = 100;

beforeAll(async () => {
  paid = await startRetailWithPeer('deposits');
  ({ t, peer, stripe } = paid);
  holds = t.app.get(DepositScheduling) as unknown as TestDepositScheduling;
});
afterAll(() => paid?.close());

const settle = () => allDelivered(peer);

/** A visit booked online with a $20 deposit on a $55 haircut: the appointment (for checkout) and scheduling's hold. */
function heldBooking(amountMinor = 2000): string {
  const id = t.platform.book(++n, { status: 'booked', clientId: CLIENT(n) });
  holds.holdFor(id, amountMinor, { locationId: LOCATION, clientId: CLIENT(n) });
  return id;
}

const start = (appointmentId: string) => t.as(null).post('/api/booking-deposits', { appointmentId });
const read = async (id: string): Promise<BookingDepositView> =>
  bookingDepositViewSchema.parse((await t.as(null).get(`/api/booking-deposits/${id}`)).body);
const hostedUrl = (d: BookingDepositView) => (d.cardModal?.kind === 'hosted_page' ? d.cardModal.url : '');
const intentOf = async (depositId: string) => {
  const [row] = await t.sql<{ intent_id: string }>(`SELECT intent_id FROM booking_deposits WHERE id = $1`, [depositId]);
  return stripe.paymentIntents.retrieve(row!.intent_id);
};

describe('a deposit paid in the card modal', () => {
  it('authorises, books the held time, captures, and the visit’s ticket applies it', async () => {
    const appointmentId = heldBooking();
    const res = await start(appointmentId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const deposit = bookingDepositViewSchema.parse(res.body);
    expect(deposit).toMatchObject({ appointmentId, status: 'awaiting_payment', amountMinor: 2000, currency: 'USD', failureReason: null });
    expect(hostedUrl(deposit).startsWith(`${peer.url}/hosted/payment_intents/pi_`)).toBe(true);
    expect((await intentOf(deposit.id)).capture_method).toBe('manual');

    expect((await payOnHostedPage(hostedUrl(deposit), '4242424242424242')).status).toBe(200);
    await settle();
    expect(await read(deposit.id)).toMatchObject({ status: 'held', cardModal: null });
    // Booked at scheduling before the money was captured; captured once.
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'paid', paymentRef: deposit.id });
    const intent = await intentOf(deposit.id);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2000 });

    // Checkout: the $55 haircut's ticket opens with the $20 deposit paid; cash pays the rest and closes it.
    const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ticket = ticketViewSchema.parse(opened.body);
    expect(ticket).toMatchObject({ status: 'open', totalMinor: 5500, paidMinor: 2000, balanceMinor: 3500 });
    const tenders = (await t.as('desk').get(`/api/tickets/${ticket.id}/payments`)).body;
    expect(tenders).toHaveLength(1);
    expect(tenders[0]).toMatchObject({ method: 'card', status: 'succeeded', amountMinor: 2000 });
    expect(await read(deposit.id)).toMatchObject({ status: 'applied' });
    const cash = await t
      .as('desk')
      .post(`/api/tickets/${ticket.id}/payments`, { method: 'cash', amountMinor: 3500 })
      .set('Idempotency-Key', newKey());
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body.ticket).toMatchObject({ status: 'closed', paidMinor: 5500 });
    const events = await t.sql<{ type: string; payload: any }>(
      `SELECT type, envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [ticket.id],
    );
    expect(events.map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
    expect(events[0]!.payload).toMatchObject({ method: 'card', amountMinor: 2000, appointmentIds: [appointmentId] });

    // A refund of the deposit's tender goes back to the card it was paid with.
    const refund = await t.as('manager').post(`/api/payments/${tenders[0].id}/refunds`, { amountMinor: 500, reason: 'Goodwill' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await settle();
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.amount)).toEqual([500]);
  });

  it('is idempotent: starting twice opens the same modal on the same intent; webhooks again change nothing', async () => {
    const appointmentId = heldBooking(1500);
    const [a, b] = await Promise.all([start(appointmentId), start(appointmentId)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(hostedUrl(b.body)).toBe(hostedUrl(a.body));
    const again = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    expect(again.id).toBe(a.body.id);
    const created = peer
      .events()
      .filter((e) => e.type === 'payment_intent.created' && (e.data.object as any).metadata.depositId === a.body.id);
    expect(created).toHaveLength(1);

    await payOnHostedPage(hostedUrl(again), '4242424242424242');
    // The page polls while the webhooks arrive: both settle, once.
    await Promise.all([read(again.id), read(again.id), settle()]);
    await settle();
    expect(await read(again.id)).toMatchObject({ status: 'held' });
    for (const e of peer.events().filter((e) => (e.data.object as any).metadata?.depositId === again.id)) await peer.resend(e.id);
    await settle();
    expect(await read(again.id)).toMatchObject({ status: 'held' });
    expect(holds.calls.filter((c) => c === `paid ${appointmentId}`).length).toBeGreaterThanOrEqual(1);
    expect(holds.calls).not.toContain(`release ${appointmentId}`);
    const captured = peer
      .events()
      .filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as any).metadata.depositId === again.id);
    expect(captured).toHaveLength(1);
  });
});

describe('a deposit that does not go through', () => {
  it('a declined card releases the held time at once and takes nothing', async () => {
    const appointmentId = heldBooking();
    const deposit = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await payOnHostedPage(hostedUrl(deposit), '4000000000000002');
    await settle();
    const after = await read(deposit.id);
    expect(after.status).toBe('failed');
    expect(after.failureReason).toMatch(/declined/i);
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'released' });
    expect(await intentOf(deposit.id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    // The ticket of that (cancelled) visit would get no deposit; starting again says the time is gone.
    expect((await start(appointmentId)).body).toMatchObject({ id: deposit.id, status: 'failed' });
  });

  it('a time released before the card was authorised (the hold ran out) voids the authorisation: nothing captured', async () => {
    const appointmentId = heldBooking();
    const deposit = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await holds.release(appointmentId, 'The deposit was not paid in time'); // scheduling's sweep
    await payOnHostedPage(hostedUrl(deposit), '4242424242424242');
    await settle();
    expect(await read(deposit.id)).toMatchObject({ status: 'released', failureReason: expect.stringContaining('released') });
    expect(await intentOf(deposit.id)).toMatchObject({ status: 'canceled', amount_received: 0 });
  });

  it('the sweep releases a deposit never paid after its due time', async () => {
    const appointmentId = heldBooking();
    const deposit = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await t.sql(`UPDATE booking_deposits SET due_at = now() - interval '1 minute' WHERE id = $1`, [deposit.id]);
    const { BookingDepositsUseCase } = await import('../modules/deposits/use-cases/booking-deposits.use-case.js');
    await t.app.get(BookingDepositsUseCase, { strict: false }).settleStale(new Date());
    expect((await t.sql(`SELECT status, failure_reason FROM booking_deposits WHERE id = $1`, [deposit.id]))[0]).toEqual({
      status: 'failed',
      failure_reason: 'The deposit was not paid in time',
    });
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'released' });
    expect(await intentOf(deposit.id)).toMatchObject({ status: 'canceled' });
  });

  it('refuses a booking with no deposit to pay', async () => {
    const res = await start(APPOINTMENT(9999));
    expect(res.status).toBe(404);
    const bad = await start('nope');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('appointmentId');
  });
});

describe('the cancellation policy', () => {
  async function paidDeposit(): Promise<{ appointmentId: string; deposit: BookingDepositView }> {
    const appointmentId = heldBooking();
    const deposit = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await payOnHostedPage(hostedUrl(deposit), '4242424242424242');
    await settle();
    expect(await read(deposit.id)).toMatchObject({ status: 'held' });
    return { appointmentId, deposit };
  }
  const outcomes = () => {
    const deposits = t.app.get(BookingDepositRepository, { strict: false });
    const feeSales = new FeeSalesUseCase(
      t.app.get(TicketRepository, { strict: false }),
      t.app.get(PaymentRepository, { strict: false }),
      t.app.get(OutboxWriter, { strict: false }),
    );
    const forfeits = new DepositForfeitsUseCase(t.app.get(DataSource), deposits, feeSales);
    return new DepositOutcomesUseCase(deposits, t.app.get(PaymentGateway, { strict: false }), forfeits);
  };

  it('refunds a deposit when the visit is cancelled before the late-cancel window (once, however often the event comes)', async () => {
    const { appointmentId, deposit } = await paidDeposit();
    await outcomes().afterVisitEnded(appointmentId, { kind: 'cancelled', lateCancel: false });
    await outcomes().afterVisitEnded(appointmentId, { kind: 'cancelled', lateCancel: false });
    expect(await read(deposit.id)).toMatchObject({ status: 'refunded' });
    const intent = await intentOf(deposit.id);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.amount)).toEqual([2000]);
  });

  it('forfeits it on a late cancellation or a no-show, with the reason', async () => {
    const late = await paidDeposit();
    await outcomes().afterVisitEnded(late.appointmentId, { kind: 'cancelled', lateCancel: true });
    expect((await t.sql(`SELECT status, outcome_reason FROM booking_deposits WHERE id = $1`, [late.deposit.id]))[0]).toEqual({
      status: 'forfeited',
      outcome_reason: 'Cancelled inside the late-cancel window: the deposit is kept',
    });
    const noShow = await paidDeposit();
    await outcomes().afterVisitEnded(noShow.appointmentId, { kind: 'no-show' });
    expect(await read(noShow.deposit.id)).toMatchObject({ status: 'forfeited' });
    for (const d of [late.deposit, noShow.deposit])
      expect((await stripe.refunds.list({ payment_intent: (await intentOf(d.id)).id })).data).toHaveLength(0);
  });

  it('records a kept deposit as the day’s sale: a closed fee ticket paid by the deposit’s card, published like a checkout (once)', async () => {
    const { appointmentId, deposit } = await paidDeposit();
    const intent = await intentOf(deposit.id);
    await Promise.all([
      outcomes().afterVisitEnded(appointmentId, { kind: 'cancelled', lateCancel: true }),
      outcomes().afterVisitEnded(appointmentId, { kind: 'cancelled', lateCancel: true }),
    ]);
    await outcomes().afterVisitEnded(appointmentId, { kind: 'no-show' });
    const [row] = await t.sql<{ status: string; ticket_id: string; payment_id: string }>(
      `SELECT status, ticket_id, payment_id FROM booking_deposits WHERE id = $1`,
      [deposit.id],
    );
    expect(row).toMatchObject({ status: 'forfeited', ticket_id: expect.any(String), payment_id: expect.any(String) });
    expect(
      await t.sql(`SELECT count(*)::int AS n FROM tickets WHERE id IN (SELECT ticket_id FROM ticket_lines WHERE appointment_id = $1)`, [
        appointmentId,
      ]),
    ).toEqual([{ n: 1 }]);

    const ticket = ticketViewSchema.parse((await t.as('desk').get(`/api/tickets/${row!.ticket_id}`)).body);
    expect(ticket).toMatchObject({
      status: 'closed',
      locationId: LOCATION,
      appointmentIds: [],
      subtotalMinor: 2000,
      taxMinor: 0,
      tipMinor: 0,
      totalMinor: 2000,
      paidMinor: 2000,
      balanceMinor: 0,
    });
    expect(ticket.lines).toHaveLength(1);
    expect(ticket.lines[0]).toMatchObject({ kind: 'fee', name: 'Deposit kept: late cancellation', netMinor: 2000, appointmentId });
    const tenders = (await t.as('desk').get(`/api/tickets/${ticket.id}/payments`)).body;
    expect(tenders).toEqual([expect.objectContaining({ id: row!.payment_id, method: 'card', status: 'succeeded', amountMinor: 2000 })]);

    const events = await t.sql<{ type: string; payload: any }>(
      `SELECT type, envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [ticket.id],
    );
    expect(events.map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
    expect(events[0]!.payload).toMatchObject({ paymentId: row!.payment_id, method: 'card', amountMinor: 2000, appointmentIds: [] });
    expect(events[1]!.payload).toMatchObject({
      ticketId: ticket.id,
      totalMinor: 2000,
      taxMinor: 0,
      tipMinor: 0,
      appointmentIds: [],
      lines: [{ kind: 'fee', name: 'Deposit kept: late cancellation', netMinor: 2000, staffId: null, appointmentId }],
    });
    // In the day's sales history, and nothing went back to the card.
    const today = (await t.as('desk').get(`/api/sales-history?clientId=${ticket.clientId}`)).body;
    expect(JSON.stringify(today)).toContain(ticket.id);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(0);
  });
});
