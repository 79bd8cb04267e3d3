import { bookingDepositViewSchema, cancellationFeeViewSchema, ticketViewSchema, type BookingDepositView } from '@salon/contracts';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositScheduling } from '../modules/deposits/persistence/deposit-scheduling.provider.js';
import { BookingDepositsUseCase } from '../modules/deposits/use-cases/booking-deposits.use-case.js';
import { TestDepositScheduling } from './deposit-scheduling.stub.js';
import { CLIENT, LOCATION, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// A card required to book online (issue 11, the location's requireCardOnline): the booking's time is
// held until the client saves a card in the hosted modal (a SetupIntent, nothing charged); the
// saved card then pays a no-show or late-cancel fee in one click. The real app and database, the
// local Stripe peer through the SDK with its signed webhooks; scheduling's held time stood in for
// (deposit-scheduling.stub.ts; scheduling's own side is services/scheduling/src/test/card-holds.spec.ts).
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;
let holds: TestDepositScheduling;
let n = 700;

beforeAll(async () => {
  paid = await startRetailWithPeer('booking_cards');
  ({ t, peer, stripe } = paid);
  holds = t.app.get(DepositScheduling) as unknown as TestDepositScheduling;
  t.platform.feePolicies.set(LOCATION, { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500 });
});
afterAll(() => paid?.close());

const settle = () => allDelivered(peer);

/** A visit booked online at a location requiring a card: the appointment and scheduling's card hold (or deposit hold). */
function heldBooking(kind: 'card' | 'deposit' = 'card'): { appointmentId: string; clientId: string } {
  const clientId = CLIENT(++n);
  const appointmentId = t.platform.book(n, { status: 'booked', clientId });
  holds.holdFor(appointmentId, kind === 'card' ? 0 : 2000, { locationId: LOCATION, clientId, kind, saveCard: true });
  return { appointmentId, clientId };
}

const start = (appointmentId: string) => t.as(null).post('/api/booking-deposits', { appointmentId });
const read = async (id: string): Promise<BookingDepositView> =>
  bookingDepositViewSchema.parse((await t.as(null).get(`/api/booking-deposits/${id}`)).body);
const hostedUrl = (d: BookingDepositView) => (d.cardModal?.kind === 'hosted_page' ? d.cardModal.url : '');
const setupOf = async (depositId: string) => {
  const [row] = await t.sql<{ intent_id: string }>(`SELECT intent_id FROM booking_deposits WHERE id = $1`, [depositId]);
  return stripe.setupIntents.retrieve(row!.intent_id);
};
const savedCards = async (clientId: string) => (await t.as('desk').get(`/api/saved-payment-methods?clientId=${clientId}`)).body;
const eventsOf = (depositId: string) => peer.events().filter((e) => (e.data.object as any).metadata?.depositId === depositId);

describe('a card saved to hold an online booking', () => {
  it('saves the card (nothing charged), books the held time, and staff charge the no-show fee to it in one click', async () => {
    const { appointmentId, clientId } = heldBooking();
    const res = await start(appointmentId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const hold = bookingDepositViewSchema.parse(res.body);
    expect(hold).toMatchObject({ appointmentId, kind: 'card', status: 'awaiting_payment', amountMinor: 0, failureReason: null });
    expect(hostedUrl(hold).startsWith(`${peer.url}/hosted/setup_intents/seti_`)).toBe(true);
    const setup = await setupOf(hold.id);
    expect(setup).toMatchObject({ usage: 'off_session', metadata: { kind: 'booking_card', depositId: hold.id, appointmentId } });
    expect(setup.customer).toEqual(expect.stringMatching(/^cus_/));

    expect((await payOnHostedPage(hostedUrl(hold), '4242424242424242')).status).toBe(200);
    await settle();
    expect(await read(hold.id)).toMatchObject({ status: 'card_saved', kind: 'card', cardModal: null });
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'paid', paymentRef: hold.id });
    expect(await savedCards(clientId)).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);
    // Nothing was charged: no PaymentIntent for it, and the visit's ticket opens with nothing paid.
    expect(eventsOf(hold.id).filter((e) => e.type.startsWith('payment_intent.'))).toEqual([]);
    const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(ticketViewSchema.parse(opened.body)).toMatchObject({ paidMinor: 0, balanceMinor: 5500 });
    expect((await t.as('desk').get(`/api/tickets/${opened.body.id}/payments`)).body).toEqual([]);
    await t.as('desk').post(`/api/tickets/${opened.body.id}/void`, { reason: 'The client did not come' });

    // The client does not come: the desk sees the card and charges the policy's fee to it.
    t.platform.appointments.get(appointmentId)!.status = 'no-show';
    const fee = cancellationFeeViewSchema.parse((await t.as('manager').get(`/api/cancellation-fees/${appointmentId}`)).body);
    expect(fee).toMatchObject({ status: 'chargeable', kind: 'no_show', amountMinor: 2500, card: { brand: 'visa', last4: '4242' } });
    const charged = await t.as('manager').post(`/api/cancellation-fees/${appointmentId}/charge`);
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body).toMatchObject({ status: 'charged', amountMinor: 2500, reason: expect.stringContaining('No-show') });
    const feeIntents = (await stripe.paymentIntents.list({ customer: setup.customer as string })).data;
    expect(feeIntents).toEqual([
      expect.objectContaining({
        amount: 2500,
        status: 'succeeded',
        payment_method: setup.payment_method ?? (await setupOf(hold.id)).payment_method,
      }),
    ]);
    expect(await read(hold.id)).toMatchObject({ status: 'card_saved' });
  });

  it('is idempotent: starting twice opens one SetupIntent; its webhooks delivered again change nothing', async () => {
    const { appointmentId, clientId } = heldBooking();
    const [a, b] = await Promise.all([start(appointmentId), start(appointmentId)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(eventsOf(a.body.id).filter((e) => e.type === 'setup_intent.created')).toHaveLength(1);
    await payOnHostedPage(hostedUrl(a.body), '4242424242424242');
    await settle();
    expect(await read(a.body.id)).toMatchObject({ status: 'card_saved' });
    const before = await t.sql(`SELECT status, updated_at FROM booking_deposits WHERE id = $1`, [a.body.id]);
    const succeeded = eventsOf(a.body.id).filter((e) => e.type === 'setup_intent.succeeded');
    expect(succeeded).toHaveLength(1);
    expect(await peer.resend(succeeded[0]!.id)).toBe(200);
    expect(await peer.resend(succeeded[0]!.id)).toBe(200);
    await settle();
    expect(await t.sql(`SELECT status, updated_at FROM booking_deposits WHERE id = $1`, [a.body.id])).toEqual(before);
    expect(await savedCards(clientId)).toHaveLength(1);
    expect(holds.calls.filter((c) => c === `release ${appointmentId}`)).toEqual([]);
  });
});

describe('a card hold that does not go through', () => {
  it('a declined card releases the held time at once: nothing booked, nothing saved', async () => {
    const { appointmentId, clientId } = heldBooking();
    const hold = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    expect((await payOnHostedPage(hostedUrl(hold), '4000000000000002')).status).toBe(402);
    await settle();
    const after = await read(hold.id);
    expect(after).toMatchObject({ status: 'failed', cardModal: null });
    expect(after.failureReason).toMatch(/declined/i);
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'released' });
    expect(holds.calls).not.toContain(`paid ${appointmentId}`);
    expect(await savedCards(clientId)).toEqual([]);
    expect((await setupOf(hold.id)).status).toBe('canceled');
  });

  it('a time released before the card was saved (the hold ran out) keeps no card: it is removed at Stripe', async () => {
    const { appointmentId, clientId } = heldBooking();
    const hold = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await holds.release(appointmentId, 'No card was saved in time'); // scheduling's sweep
    await payOnHostedPage(hostedUrl(hold), '4242424242424242');
    await settle();
    expect(await read(hold.id)).toMatchObject({ status: 'released', failureReason: expect.stringContaining('released') });
    expect(await savedCards(clientId)).toEqual([]);
    const pm = (await setupOf(hold.id)).payment_method as string;
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();
  });

  it('the sweep releases a card hold never completed after its due time', async () => {
    const { appointmentId } = heldBooking();
    const hold = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    await t.sql(`UPDATE booking_deposits SET due_at = now() - interval '1 minute' WHERE id = $1`, [hold.id]);
    await t.app.get(BookingDepositsUseCase, { strict: false }).settleStale(new Date());
    expect((await t.sql(`SELECT status, failure_reason FROM booking_deposits WHERE id = $1`, [hold.id]))[0]).toEqual({
      status: 'failed',
      failure_reason: 'No card was saved in time',
    });
    expect(holds.holds.get(appointmentId)).toMatchObject({ status: 'released' });
    expect((await setupOf(hold.id)).status).toBe('canceled');
  });
});

describe('a deposit at a location requiring a card', () => {
  it('saves the deposit’s card for later in the same modal (setup_future_usage), and the deposit stays a tender', async () => {
    const { appointmentId, clientId } = heldBooking('deposit');
    const deposit = bookingDepositViewSchema.parse((await start(appointmentId)).body);
    expect(deposit).toMatchObject({ kind: 'deposit', amountMinor: 2000 });
    const [row] = await t.sql<{ intent_id: string }>(`SELECT intent_id FROM booking_deposits WHERE id = $1`, [deposit.id]);
    expect(await stripe.paymentIntents.retrieve(row!.intent_id)).toMatchObject({
      setup_future_usage: 'off_session',
      capture_method: 'manual',
    });
    await payOnHostedPage(hostedUrl(deposit), '4242424242424242');
    await settle();
    expect(await read(deposit.id)).toMatchObject({ status: 'held' });
    expect(await savedCards(clientId)).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);
  });
});
