import { clientPrepaidViewSchema, ticketViewSchema, type ClientPrepaidView, type TicketView } from '@salon/contracts';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipBillingUseCase } from '../modules/memberships/use-cases/membership-billing.use-case.js';
import { CLIENT, LOCATION, newKey, SERVICE, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Memberships billed through Stripe subscriptions, against the real database and the local Stripe
// peer: a membership sold to a client with a card on file gets a subscription anchored at the end
// of the period the ticket paid; the peer's period control renews it (or fails to), and the signed
// webhooks move the membership (past due with benefits suspended, then renewed with credits reset).
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;

beforeAll(async () => {
  paid = await startRetailWithPeer('membership_billing');
  ({ t, peer, stripe } = paid);
});
afterAll(() => paid?.close());

const settle = () => allDelivered(peer);

async function plan(body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.as('admin').post('/api/prepaid-plans', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function ticket(lines: Record<string, unknown>[], clientId: string): Promise<TicketView> {
  const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION, clientId }).expect(201);
  const res = await t.as('desk').patch(`/api/tickets/${opened.body.id}`, { version: opened.body.version, lines });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketViewSchema.parse(res.body);
}

const pay = (ticketId: string, body: Record<string, unknown>) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, body).set('Idempotency-Key', newKey());

/** The client's card saved from the profile (the SetupIntent's hosted modal, kept once the webhook says so). */
async function saveCard(clientId: string): Promise<void> {
  const started = await t.gql('desk', `mutation($c: ID!) { startSaveCard(clientId: $c) { cardModal { url } } }`, { c: clientId });
  expect(started.errors).toBeUndefined();
  await payOnHostedPage(started.data.startSaveCard.cardModal.url, '4242424242424242');
  await settle();
}

/** Sells the plan on a cash ticket (the first period) and answers the membership. */
async function sell(planId: string, clientId: string): Promise<ClientPrepaidView> {
  const sale = await ticket([{ planId }], clientId);
  const res = await pay(sale.id, { method: 'cash', amountMinor: sale.totalMinor });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const held = (await t.as('desk').get(`/api/memberships?clientId=${clientId}`).expect(200)).body;
  return clientPrepaidViewSchema.parse(held.find((h: ClientPrepaidView) => h.planId === planId));
}

const membership = async (id: string) => clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships/${id}`).expect(200)).body);

async function billingOf(id: string): Promise<{ subscriptionId: string | null; version: number }> {
  const [row] = await t.sql(`SELECT stripe_subscription_id AS "subscriptionId", version FROM client_prepaids WHERE id = $1`, [id]);
  return row as { subscriptionId: string | null; version: number };
}

async function events(id: string): Promise<{ type: string; payload: Record<string, any> }[]> {
  const rows = await t.sql<{ type: string; envelope: { payload: Record<string, any> } }>(
    `SELECT type, envelope FROM outbox WHERE aggregate_id = $1 ORDER BY seq`,
    [id],
  );
  return rows.map((r) => ({ type: r.type, payload: r.envelope.payload }));
}

/** The last event the peer sent of this type about this object. */
function sent(type: string, objectId: string): Stripe.Event {
  const found = peer
    .events()
    .filter((e) => e.type === type && (e.data.object as { id?: string }).id === objectId)
    .at(-1);
  if (!found) throw new Error(`no ${type} for ${objectId}`);
  return found;
}

const haircutCredit = async (clientId: string, prepaidId: string) => {
  const visit = await ticket([{ serviceId: SERVICE.haircut }], clientId);
  return {
    visit,
    res: await pay(visit.id, { method: 'prepaid_credit', prepaidId, lineId: visit.lines[0]!.id, amountMinor: visit.lines[0]!.totalMinor }),
  };
};

describe('memberships billed through Stripe subscriptions', () => {
  let gold: { id: string };
  let platinum: { id: string };
  beforeAll(async () => {
    gold = await plan({ kind: 'membership', name: 'Gold Club', priceMinor: 4900, period: 'month', credits: 2, discountPercent: 10 });
    platinum = await plan({
      kind: 'membership',
      name: 'Platinum Club',
      priceMinor: 9900,
      period: 'month',
      credits: 4,
      discountPercent: 20,
    });
  });

  it('a sale with a card on file starts a subscription; a failed renewal suspends the benefits; the paid retry renews once, whatever the deliveries', async () => {
    const clientId = CLIENT(81);
    await saveCard(clientId);
    const m = await sell(gold.id, clientId);
    expect(m).toMatchObject({ billing: 'stripe', status: 'active', creditsLeft: 2 });
    const { subscriptionId } = await billingOf(m.id);
    expect(subscriptionId).toMatch(/^sub_/);
    const sub = await stripe.subscriptions.retrieve(subscriptionId!);
    expect(sub).toMatchObject({ status: 'active', metadata: { membershipId: m.id, clientId } });
    // Anchored at the end of the period the ticket paid: its first invoice charges nothing.
    const periodEndSeconds = Math.floor(new Date(m.periodEnd!).getTime() / 1000);
    expect(sub.items.data[0]!.current_period_end).toBe(periodEndSeconds);
    expect(await stripe.invoices.retrieve(String(sub.latest_invoice))).toMatchObject({ amount_due: 0, status: 'paid' });
    const [planRow] = await t.sql(`SELECT stripe_price_id AS "priceId" FROM prepaid_plans WHERE id = $1`, [gold.id]);
    expect(sub.items.data[0]!.price).toMatchObject({ id: planRow!.priceId, unit_amount: 4900, recurring: { interval: 'month' } });

    // One credit used this period: the renewal must give back the plan's two, not add to what is left.
    expect((await haircutCredit(clientId, m.id)).res.status).toBe(201);

    const failed = peer.advance(subscriptionId!, { fail: true });
    await settle();
    const pastDue = await membership(m.id);
    expect(pastDue).toMatchObject({ status: 'past_due', creditsLeft: 1, periodStart: m.periodStart, periodEnd: m.periodEnd });
    // Benefits suspended: no credit, no member discount.
    const refused = await haircutCredit(clientId, m.id);
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.error).toBe('This membership is past due: its benefits are suspended until the renewal is paid');
    expect(refused.visit.lines[0]!.discount).toBeNull();
    const pastDueEvent = (await events(m.id)).find((e) => e.type === 'retail.membership.past-due.v1');
    expect(pastDueEvent?.payload).toMatchObject({
      membershipId: m.id,
      clientId,
      invoiceId: failed.invoice!.id,
      amountDueMinor: 4900,
      attemptCount: 1,
    });

    // The same failure delivered again changes nothing.
    const before = await billingOf(m.id);
    expect(await peer.resend(sent('invoice.payment_failed', failed.invoice!.id).id)).toBe(200);
    expect(await billingOf(m.id)).toEqual(before);

    // The retry is paid: the next period (Stripe's dates), credits reset to the plan's.
    await stripe.invoices.pay(failed.invoice!.id);
    await settle();
    const line = failed.invoice!.lines.data[0]!.period;
    const renewed = await membership(m.id);
    expect(renewed).toMatchObject({
      status: 'active',
      creditsLeft: 2,
      periodStart: new Date(line.start * 1000).toISOString(),
      periodEnd: new Date(line.end * 1000).toISOString(),
    });
    expect(new Date(renewed.periodStart).getTime()).toBe(periodEndSeconds * 1000);
    expect(renewed.entries.map((e) => [e.kind, e.credits, e.creditsAfter, e.lineName])).toEqual([
      ['granted', 2, 2, null],
      ['redeemed', -1, 1, 'Haircut'],
      ['reset', 1, 2, 'Renewal'],
    ]);
    const renewedEvent = (await events(m.id)).find((e) => e.type === 'retail.membership.renewed.v1');
    expect(renewedEvent?.payload).toEqual({
      membershipId: m.id,
      clientId,
      planId: gold.id,
      periodStart: renewed.periodStart,
      periodEnd: renewed.periodEnd,
      creditsPerPeriod: 2,
      amountMinor: 4900,
      currency: 'USD',
      invoiceId: failed.invoice!.id,
    });

    // Delivered again, and the late failure after it: nothing moves (the invoice is read as Stripe has it now).
    const settled = await billingOf(m.id);
    expect(await peer.resend(sent('invoice.paid', failed.invoice!.id).id)).toBe(200);
    expect(await peer.resend(sent('invoice.payment_failed', failed.invoice!.id).id)).toBe(200);
    expect(await billingOf(m.id)).toEqual(settled);
    expect((await events(m.id)).map((e) => e.type)).toEqual([
      'retail.membership.started.v1',
      'retail.membership.past-due.v1',
      'retail.membership.renewed.v1',
    ]);
    // Benefits back.
    const visit = await haircutCredit(clientId, m.id);
    expect(visit.res.status).toBe(201);
    const discounted = await ticket([{ serviceId: SERVICE.colour }], clientId);
    expect(discounted.lines[0]!.discount?.reason).toBe('Member discount: Gold Club 10%');
  });

  it('a plan change moves the subscription to the new price with proration and the membership to the new benefits', async () => {
    const clientId = CLIENT(82);
    await saveCard(clientId);
    const m = await sell(gold.id, clientId);
    const { subscriptionId } = await billingOf(m.id);

    const yearly = await plan({ kind: 'membership', name: 'Year Club', priceMinor: 49000, period: 'year', credits: 20 });
    const pack = await plan({ kind: 'package', name: 'Five Blowouts', priceMinor: 20000, credits: 5 });
    for (const [planId, message] of [
      [gold.id, "is already this membership's plan"],
      [yearly.id, 'must be billed every month like Gold Club: a change of period is a new membership'],
      [pack.id, 'must be a membership plan'],
    ]) {
      const res = await t.as('desk').post(`/api/memberships/${m.id}/plan`, { planId });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await t.as('viewer').post(`/api/memberships/${m.id}/plan`, { planId: platinum.id })).status).toBe(403);

    const changed = await t.gql(
      'desk',
      `mutation($id: ID!, $input: MembershipPlanChangeInput!) {
         changeMembershipPlan(id: $id, input: $input) { planId planName creditsPerPeriod creditsLeft discountPercent billing }
       }`,
      { id: m.id, input: { planId: platinum.id } },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data.changeMembershipPlan).toEqual({
      planId: platinum.id,
      planName: 'Platinum Club',
      creditsPerPeriod: 4,
      creditsLeft: 4,
      discountPercent: 20,
      billing: 'stripe',
    });
    const sub = await stripe.subscriptions.retrieve(subscriptionId!);
    expect(sub.items.data[0]!.price.unit_amount).toBe(9900);
    const proration = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // Almost the whole month is left: close to the 50.00 difference, never more.
    expect(proration.total).toBeGreaterThan(4800);
    expect(proration.total).toBeLessThanOrEqual(5000);
    const planChanged = (await events(m.id)).find((e) => e.type === 'retail.membership.plan-changed.v1');
    expect(planChanged?.payload).toMatchObject({
      fromPlanId: gold.id,
      planId: platinum.id,
      priceMinor: 9900,
      period: 'month',
      creditsLeft: 4,
      prorationMinor: proration.total,
    });

    // Back down by REST: a credit for the next renewal, credits moved back by the difference.
    const down = await t.as('desk').post(`/api/memberships/${m.id}/plan`, { planId: gold.id });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toMatchObject({ planId: gold.id, creditsLeft: 2, discountPercent: 10 });
    const credited = (await events(m.id)).filter((e) => e.type === 'retail.membership.plan-changed.v1').at(-1)!;
    expect(credited.payload.prorationMinor).toBeLessThan(0);
    const renewal = peer.advance(subscriptionId!);
    // The credit pays the renewal first (all of it here: the downgrade gave back almost the whole Platinum month).
    expect(renewal.invoice!.amount_paid).toBe(Math.max(0, 4900 + credited.payload.prorationMinor));
    await settle();
    expect(await membership(m.id)).toMatchObject({ status: 'active', creditsLeft: 2, planId: gold.id });
  });

  it('pause, resume and cancel follow at Stripe; a sale without a card on file is not billed there', async () => {
    const clientId = CLIENT(83);
    await saveCard(clientId);
    const m = await sell(gold.id, clientId);
    const { subscriptionId } = await billingOf(m.id);
    const act = (body: Record<string, unknown>) => t.as('desk').post(`/api/memberships/${m.id}/actions`, body);

    expect((await act({ action: 'pause' })).body.status).toBe('paused');
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).pause_collection).toMatchObject({ behavior: 'void' });
    expect((await act({ action: 'resume' })).body.status).toBe('active');
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).pause_collection).toBeNull();
    expect((await act({ action: 'cancel', when: 'period_end' })).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await stripe.subscriptions.retrieve(subscriptionId!)).cancel_at_period_end).toBe(true);
    // The period ends: Stripe ends the subscription instead of renewing, and the membership ends with it.
    expect(peer.advance(subscriptionId!).invoice).toBeNull();
    await settle();
    expect(await membership(m.id)).toMatchObject({ status: 'cancelled', creditsLeft: 0 });

    const now = CLIENT(84);
    await saveCard(now);
    const n = await sell(gold.id, now);
    const nSub = (await billingOf(n.id)).subscriptionId!;
    expect((await t.as('desk').post(`/api/memberships/${n.id}/actions`, { action: 'cancel', when: 'now' })).body.status).toBe('cancelled');
    expect((await stripe.subscriptions.retrieve(nSub)).status).toBe('canceled');
    await settle();
    // Stripe's customer.subscription.deleted for it changes nothing more: one cancelled event.
    expect((await events(n.id)).map((e) => e.type)).toEqual(['retail.membership.started.v1', 'retail.membership.cancelled.v1']);

    // A refund that voids the sale ends the subscription too.
    const voided = CLIENT(86);
    await saveCard(voided);
    const sale = await ticket([{ planId: platinum.id }], voided);
    const paid = await pay(sale.id, { method: 'cash', amountMinor: sale.totalMinor });
    const v = clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships?clientId=${voided}`).expect(200)).body[0]);
    const vSub = (await billingOf(v.id)).subscriptionId!;
    const refunded = await t.as('refunder').post(`/api/payments/${paid.body.payment.id}/refunds`, {
      amountMinor: sale.totalMinor,
      reason: 'Changed their mind',
      voidPrepaid: true,
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect((await membership(v.id)).status).toBe('cancelled');
    expect((await stripe.subscriptions.retrieve(vSub)).status).toBe('canceled');

    // Paid in the card modal: the ticket closes on Stripe's webhook, and the subscription follows it.
    const byCard = CLIENT(87);
    await saveCard(byCard);
    const cardSale = await ticket([{ planId: gold.id }], byCard);
    const modal = await pay(cardSale.id, { method: 'card', amountMinor: cardSale.totalMinor });
    expect(modal.status, JSON.stringify(modal.body)).toBe(201);
    await payOnHostedPage(modal.body.cardModal.url, '4242424242424242');
    await settle();
    const c = clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships?clientId=${byCard}`).expect(200)).body[0]);
    expect(c.billing).toBe('stripe');
    expect((await billingOf(c.id)).subscriptionId).toMatch(/^sub_/);

    // The sweep: a subscription made at Stripe whose id was never stored (the process stopped in
    // between) is found again, not made twice (Stripe's idempotency key is the membership's).
    const made = (await billingOf(c.id)).subscriptionId;
    await t.sql(`UPDATE client_prepaids SET stripe_subscription_id = NULL, stripe_subscription_item_id = NULL WHERE id = $1`, [c.id]);
    const sweep = t.app.get(MembershipBillingUseCase);
    expect(await sweep.startPending()).toBe(1);
    expect((await billingOf(c.id)).subscriptionId).toBe(made);
    expect(
      (await stripe.subscriptions.list({ customer: (await stripe.subscriptions.retrieve(made!)).customer as string })).data,
    ).toHaveLength(1);
    // One whose first period ran out before billing could start is left to the desk.
    await t.sql(`UPDATE client_prepaids SET stripe_subscription_id = NULL, period_end = now() - interval '1 day' WHERE id = $1`, [c.id]);
    expect(await sweep.startPending()).toBe(0);
    expect((await membership(c.id)).billing).toBe('none');

    const cash = await sell(platinum.id, CLIENT(85));
    expect(cash.billing).toBe('none');
    expect(await billingOf(cash.id)).toMatchObject({ subscriptionId: null });
  });
});
