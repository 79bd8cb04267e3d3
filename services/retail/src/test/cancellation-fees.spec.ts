import { cancellationFeeViewSchema } from '@salon/contracts';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// No-show and late-cancel fees charged to the card on file: the real app on its own PostgreSQL
// database, the local Stripe peer through the official SDK, scheduling stood in for (the
// appointment's status and late-cancel flag, the policy's fees).
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;

beforeAll(async () => {
  paid = await startRetailWithPeer('cancellation_fees');
  ({ t, peer, stripe } = paid);
  t.platform.feePolicies.set(LOCATION, { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500 });
});
afterAll(() => paid?.close());

async function saveCard(clientId: string, number: string): Promise<void> {
  const setup = await t.as('desk').post('/api/saved-payment-methods/setup', { clientId });
  expect(setup.status, JSON.stringify(setup.body)).toBe(201);
  await payOnHostedPage(setup.body.cardModal.url, number);
  await allDelivered(peer);
}

/** A card Stripe keeps on the customer but declines when charged (the peer's pm_card_chargeDeclined). */
async function saveDecliningCard(clientId: string): Promise<void> {
  const customer = await stripe.customers.create({ metadata: { clientId } });
  const pm = await stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id });
  await t.sql(`INSERT INTO card_customers (client_id, customer_id) VALUES ($1, $2)`, [clientId, customer.id]);
  await t.sql(
    `INSERT INTO saved_cards (id, client_id, customer_id, brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, 'visa', '0002', 12, 2034)`,
    [pm.id, clientId, customer.id],
  );
}

const fee = async (appointmentId: string) =>
  cancellationFeeViewSchema.parse((await t.as('manager').get(`/api/cancellation-fees/${appointmentId}`)).body);
const charge = (appointmentId: string, user: 'manager' | 'desk' = 'manager') =>
  t.as(user).post(`/api/cancellation-fees/${appointmentId}/charge`);
const ticketsOf = (clientId: string) =>
  t.sql(`SELECT id, status, total_minor AS "totalMinor" FROM tickets WHERE client_id = $1`, [clientId]);

describe('no-show and late-cancel fees', () => {
  it('charges a no-show the policy’s fee once, however many clicks: a closed ticket with one fee line', async () => {
    const clientId = CLIENT(301);
    await saveCard(clientId, '4242424242424242');
    const appointmentId = t.platform.book(301, { status: 'no-show', clientId });
    expect(await fee(appointmentId)).toMatchObject({ status: 'chargeable', kind: 'no_show', amountMinor: 2500, card: { last4: '4242' } });

    // Only with charge_fees.
    expect((await charge(appointmentId, 'desk')).status).toBe(403);

    const [a, b] = await Promise.all([charge(appointmentId), charge(appointmentId)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.ticketId).toBeTruthy();
    expect(b.body.ticketId).toBe(a.body.ticketId);
    expect(a.body).toMatchObject({ status: 'charged', amountMinor: 2500, reason: 'No-show: the booking policy’s fee of $25.00' });
    const again = await charge(appointmentId);
    expect(again.body.ticketId).toBe(a.body.ticketId);

    expect(await ticketsOf(clientId)).toEqual([{ id: a.body.ticketId, status: 'closed', totalMinor: 2500 }]);
    const ticket = (await t.as('manager').get(`/api/tickets/${a.body.ticketId}`)).body;
    expect(ticket.lines).toHaveLength(1);
    expect(ticket.lines[0]).toMatchObject({ kind: 'fee', name: 'No-show fee', totalMinor: 2500, taxMinor: 0 });
    // The client's receipt says why they paid it, as recorded.
    const receipt = (await t.as('manager').get(`/api/tickets/${a.body.ticketId}/receipt`)).body;
    expect(receipt.lines[0]).toMatchObject({ kind: 'fee', feeReason: 'No-show: the booking policy’s fee of $25.00' });
    const payments = await t.sql(`SELECT provider_ref AS "ref", status, amount_minor AS "amountMinor" FROM payments WHERE ticket_id = $1`, [
      a.body.ticketId,
    ]);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amountMinor: 2500 });
    const intent = await stripe.paymentIntents.retrieve(payments[0]!.ref as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500, metadata: { kind: 'cancellation_fee', appointmentId } });
    // The webhook of that intent changes nothing, and the events went out once.
    await allDelivered(peer);
    expect(await ticketsOf(clientId)).toHaveLength(1);
    const events = await t.sql(`SELECT type, envelope FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [a.body.ticketId]);
    expect(events.map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
    expect(events[0]!.envelope.actor).toEqual({ type: 'user', id: '0d000000-0000-4000-8000-000000000003' });
    const charged = await t.sql(`SELECT status, attempts, charged_by AS "by" FROM cancellation_fees WHERE appointment_id = $1`, [
      appointmentId,
    ]);
    expect(charged).toEqual([{ status: 'charged', attempts: 0, by: '0d000000-0000-4000-8000-000000000003' }]);
  });

  it('charges a late cancellation through GraphQL; an early cancellation or a kept visit has no fee', async () => {
    const clientId = CLIENT(302);
    await saveCard(clientId, '5555555555554444');
    const late = t.platform.book(302, { status: 'cancelled', lateCancel: true, clientId });
    const res = await t.gql(
      'manager',
      `mutation($a: ID!) { chargeCancellationFee(appointmentId: $a) { status kind amountMinor reason ticketId } }`,
      { a: late },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.chargeCancellationFee).toMatchObject({ status: 'charged', kind: 'late_cancel', amountMinor: 1500 });
    expect((await t.as('manager').get(`/api/tickets/${res.data.chargeCancellationFee.ticketId}`)).body.lines[0]).toMatchObject({
      name: 'Late cancellation fee',
      reason: 'Cancelled inside the late-cancel window: the booking policy’s fee of $15.00',
    });

    const early = t.platform.book(303, { status: 'cancelled', lateCancel: false, clientId });
    expect(await fee(early)).toMatchObject({ status: 'not_applicable', reason: expect.stringContaining('before the late-cancel window') });
    const refused = await charge(early);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/before the late-cancel window/);
    const done = t.platform.book(304, { status: 'completed', clientId });
    expect((await charge(done)).status).toBe(409);
    expect(await ticketsOf(clientId)).toHaveLength(1);
  });

  it('a declined card leaves no ticket and says why; a client without a card is told so', async () => {
    const clientId = CLIENT(305);
    await saveDecliningCard(clientId);
    const appointmentId = t.platform.book(305, { status: 'no-show', clientId });
    const declined = await charge(appointmentId);
    expect(declined.status, JSON.stringify(declined.body)).toBe(402);
    expect(declined.body.error).toBe('The fee was not charged: Your card was declined.');
    expect(await ticketsOf(clientId)).toEqual([]);
    expect(await fee(appointmentId)).toMatchObject({ status: 'chargeable', failureReason: 'Your card was declined.' });

    // A new card, then the retry charges (its own attempt at Stripe).
    await saveCard(clientId, '4242424242424242');
    const retried = await charge(appointmentId);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await ticketsOf(clientId)).toHaveLength(1);

    const noCard = t.platform.book(306, { status: 'no-show', clientId: CLIENT(306) });
    expect(await fee(noCard)).toMatchObject({ status: 'chargeable', card: null });
    const refused = await charge(noCard);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/no card on file/);
  });

  it('a card that asks for authentication is not charged: no ticket, a clear message', async () => {
    const clientId = CLIENT(307);
    await saveCard(clientId, '4000002760003184');
    const appointmentId = t.platform.book(307, { status: 'no-show', clientId });
    const res = await charge(appointmentId);
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    expect(res.body.error).toMatch(/^The fee was not charged: /);
    expect(res.body.error).toMatch(/authentication/);
    expect(await ticketsOf(clientId)).toEqual([]);
  });

  it('charges nothing where the deposit was kept, or the policy sets no fee', async () => {
    const clientId = CLIENT(308);
    await saveCard(clientId, '4242424242424242');
    const kept = t.platform.book(308, { status: 'no-show', clientId });
    await t.sql(
      `INSERT INTO booking_deposits (appointment_id, location_id, client_id, amount_minor, currency, status, due_at, created_at, updated_at)
       VALUES ($1, $2, $3, 2000, 'USD', 'forfeited', now(), now(), now())`,
      [kept, LOCATION, clientId],
    );
    expect(await fee(kept)).toMatchObject({
      status: 'not_applicable',
      reason: 'The deposit paid for this booking is kept instead of a fee',
    });
    expect((await charge(kept)).status).toBe(409);

    t.platform.feePolicies.set(LOCATION, { noShowFeeMinor: null, lateCancelFeeMinor: 1500 });
    try {
      const none = t.platform.book(309, { status: 'no-show', clientId });
      const res = await charge(none);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('The location’s booking policy sets no no-show fee');
    } finally {
      t.platform.feePolicies.set(LOCATION, { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500 });
    }
    expect(await ticketsOf(clientId)).toEqual([]);
  });
});
