import { clientPrepaidViewSchema, giftCardListViewSchema, ticketViewSchema, type TicketView } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, newKey, SERVICE, startRetail, type RetailTestApp } from './retail-app.js';

let t: RetailTestApp;

beforeAll(async () => {
  t = await startRetail('prepaid');
});
afterAll(async () => t?.close());

/** A walk-in ticket with these lines (as the desk rings them up), for a client or nobody. */
async function ticket(lines: Record<string, unknown>[], clientId: string | null = null): Promise<TicketView> {
  const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION, clientId }).expect(201);
  const res = await t.as('desk').patch(`/api/tickets/${opened.body.id}`, { version: opened.body.version, lines });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketViewSchema.parse(res.body);
}

const pay = (ticketId: string, body: Record<string, unknown>) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, body).set('Idempotency-Key', newKey());

const refund = (paymentId: string, amountMinor: number) =>
  t.as('refunder').post(`/api/payments/${paymentId}/refunds`, { amountMinor, reason: 'Client changed their mind' });

/** Sells a gift card of `amountMinor` for cash and answers its code (as the receipt shows it). */
async function sellGiftCard(amountMinor: number, cardCode?: string): Promise<string> {
  const sale = await ticket([{ kind: 'gift_card', name: 'Gift card', unitPriceMinor: amountMinor, ...(cardCode ? { cardCode } : {}) }]);
  expect(sale.totalMinor).toBe(amountMinor); // untaxed
  const paid = await pay(sale.id, { method: 'cash', amountMinor });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const sold = await t.gql('desk', `query($id: ID!) { giftCardsSoldOn(ticketId: $id) { code balanceMinor kind } }`, { id: sale.id });
  expect(sold.errors).toBeUndefined();
  expect(sold.data.giftCardsSoldOn).toHaveLength(1);
  return sold.data.giftCardsSoldOn[0].code;
}

const balanceOf = async (code: string) => (await t.as('desk').get(`/api/gift-cards/${code}`).expect(200)).body.balanceMinor as number;

const haircut = () => ({ serviceId: SERVICE.haircut });

async function unreconciled() {
  const cards = await t.sql(
    `SELECT c.id FROM gift_cards c LEFT JOIN gift_card_entries e ON e.gift_card_id = c.id GROUP BY c.id HAVING c.balance_minor <> COALESCE(sum(e.amount_minor), 0)`,
  );
  const held = await t.sql(
    `SELECT h.id FROM client_prepaids h LEFT JOIN prepaid_credit_entries e ON e.client_prepaid_id = h.id GROUP BY h.id HAVING h.credits_left <> COALESCE(sum(e.credits), 0)`,
  );
  return [...cards, ...held];
}

describe('gift cards', () => {
  it('sold at the POS, redeemed in two parts on later tickets, one part refunded back to the card; the ledger reconciles', async () => {
    const code = await sellGiftCard(5000);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(await balanceOf(code)).toBe(5000);

    const first = await ticket([haircut()]);
    const part1 = await pay(first.id, { method: 'gift_card', giftCardCode: code.toLowerCase(), amountMinor: 3000 });
    expect(part1.status, JSON.stringify(part1.body)).toBe(201);
    expect(part1.body.ticket).toMatchObject({ status: 'open', paidMinor: 3000, balanceMinor: first.totalMinor - 3000 });
    expect(await balanceOf(code)).toBe(2000);
    const rest = await pay(first.id, { method: 'cash', amountMinor: first.totalMinor - 3000 });
    expect(rest.body.ticket.status).toBe('closed');

    const second = await ticket([haircut()]);
    const part2 = await pay(second.id, { method: 'gift_card', giftCardCode: code, amountMinor: 2000 });
    expect(part2.status).toBe(201);
    expect(await balanceOf(code)).toBe(0);

    const back = await refund(part2.body.payment.id, 1500);
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await balanceOf(code)).toBe(1500);

    const list = giftCardListViewSchema.parse(
      (
        await t
          .as('desk')
          .get(`/api/gift-cards?search=${code.slice(-4)}`)
          .expect(200)
      ).body,
    );
    const card = list.cards.find((c) => c.code === code)!;
    expect(card.entries.map((e) => [e.kind, e.amountMinor, e.balanceAfterMinor])).toEqual([
      ['issued', 5000, 5000],
      ['redeemed', -3000, 2000],
      ['redeemed', -2000, 0],
      ['refunded', 1500, 1500],
    ]);
    expect(list.liabilityMinor).toBeGreaterThanOrEqual(1500);
    expect(await unreconciled()).toEqual([]);
  });

  it('two desks redeeming the last balance at the same moment: one pays, the other gets 409 saying the card is empty', async () => {
    const code = await sellGiftCard(2500);
    const [a, b] = await Promise.all([ticket([haircut()]), ticket([haircut()])]);
    const results = await Promise.all([
      pay(a.id, { method: 'gift_card', giftCardCode: code, amountMinor: 2500 }),
      pay(b.id, { method: 'gift_card', giftCardCode: code, amountMinor: 2500 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toMatch(/^Gift card •••• [A-Z2-9]{4} has nothing left on it$/);
    expect(await balanceOf(code)).toBe(0);
    const payments = await t.sql(`SELECT count(*)::int AS n FROM payments WHERE ticket_id = ANY($1::uuid[])`, [[a.id, b.id]]);
    expect(payments[0]!.n).toBe(1);
    expect(await unreconciled()).toEqual([]);
  });

  it('refuses what it must, naming the field', async () => {
    const code = await sellGiftCard(1000);
    const t1 = await ticket([haircut()]);
    const more = await pay(t1.id, { method: 'gift_card', giftCardCode: code, amountMinor: 1500 });
    expect(more.status).toBe(409);
    expect(more.body.error).toMatch(/has \$10\.00 left; \$15\.00 was asked/);
    const unknown = await pay(t1.id, { method: 'gift_card', giftCardCode: 'AAAA-BBBB-CCCC', amountMinor: 100 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('giftCardCode');
    const noCode = await pay(t1.id, { method: 'gift_card', amountMinor: 100 });
    expect(noCode.status).toBe(400);
    // A gift card does not buy a gift card.
    const giftOnGift = await ticket([{ kind: 'gift_card', name: 'Gift card', unitPriceMinor: 500 }]);
    const refused = await pay(giftOnGift.id, { method: 'gift_card', giftCardCode: code, amountMinor: 500 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('a gift card does not buy a gift card');
  });

  it('sells a physical card by its number, once', async () => {
    const code = await sellGiftCard(4000, '6006-4912-0001');
    expect(code).toBe('6006-4912-0001');
    const again = await ticket([
      { kind: 'gift_card', name: 'Gift card', unitPriceMinor: 1000, cardCode: '60064912 0001'.replace(' ', '') },
    ]);
    const res = await pay(again.id, { method: 'cash', amountMinor: 1000 });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('is already issued');
  });

  it('limits balance lookups per caller (429 with Retry-After)', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await t.as('viewer').get('/api/gift-cards/NOPE-NOPE-NOPE')).status;
    expect(last).toBe(429);
  });
});

async function plan(body: Record<string, unknown>) {
  const res = await t.as('admin').post('/api/prepaid-plans', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; priceMinor: number };
}

async function sellPlan(planId: string, clientId: string) {
  const sale = await ticket([{ planId }], clientId);
  const res = await pay(sale.id, { method: 'cash', amountMinor: sale.totalMinor });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const held = (await t.as('desk').get(`/api/memberships?clientId=${clientId}`).expect(200)).body;
  return clientPrepaidViewSchema.parse(held.find((h: any) => h.planId === planId));
}

describe('memberships and packages', () => {
  it('a membership sold at the POS starts with its credits; a credit pays a visit; a refund gives it back whole', async () => {
    const p = await plan({ kind: 'membership', name: 'Blowout Club', priceMinor: 7900, period: 'month', credits: 2 });
    // It belongs to a client.
    const anonymous = await ticket([{ planId: p.id }]);
    const noClient = await pay(anonymous.id, { method: 'cash', amountMinor: anonymous.totalMinor });
    expect(noClient.status).toBe(400);
    expect(JSON.stringify(noClient.body)).toContain('clientId');

    const m = await sellPlan(p.id, CLIENT(1));
    expect(m).toMatchObject({ kind: 'membership', status: 'active', creditsLeft: 2, planName: 'Blowout Club' });

    const visit = await ticket([haircut(), { serviceId: SERVICE.colour }], CLIENT(1));
    const hair = visit.lines[0]!;
    const suggested = (await t.as('desk').get(`/api/tickets/${visit.id}/prepaid`).expect(200)).body;
    // Two credits, two services: both are suggested, the dearer (colour) first.
    expect(suggested.map((s: any) => [s.source, s.lineId])).toEqual([
      ['membership', visit.lines[1]!.id],
      ['membership', hair.id],
    ]);
    const wrong = await pay(visit.id, { method: 'prepaid_credit', prepaidId: m.id, lineId: hair.id, amountMinor: 100 });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('amountMinor');
    const used = await pay(visit.id, { method: 'prepaid_credit', prepaidId: m.id, lineId: hair.id, amountMinor: hair.totalMinor });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    expect(used.body.ticket.balanceMinor).toBe(visit.totalMinor - hair.totalMinor);
    const twice = await pay(visit.id, { method: 'prepaid_credit', prepaidId: m.id, lineId: hair.id, amountMinor: hair.totalMinor });
    expect(twice.status).toBe(409);

    const part = await refund(used.body.payment.id, 100);
    expect(part.status).toBe(400);
    expect(JSON.stringify(part.body)).toContain('a session is given back whole');
    expect((await refund(used.body.payment.id, hair.totalMinor)).status).toBe(201);
    const after = clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships/${m.id}`).expect(200)).body);
    expect(after.creditsLeft).toBe(2);
    expect(after.entries.map((e) => [e.kind, e.credits, e.creditsAfter])).toEqual([
      ['granted', 2, 2],
      ['redeemed', -1, 1],
      ['restored', 1, 2],
    ]);
    expect(await unreconciled()).toEqual([]);
  });

  it('a paused membership’s credits cannot be used; resume and cancel follow the state machine', async () => {
    const p = await plan({
      kind: 'membership',
      name: 'Colour Club',
      priceMinor: 9900,
      period: 'month',
      credits: 1,
      priorityBookingDays: 21,
    });
    expect(p).toMatchObject({ priorityBookingDays: 21 });
    const m = await sellPlan(p.id, CLIENT(2));
    const paused = await t.as('desk').post(`/api/memberships/${m.id}/actions`, { action: 'pause' });
    expect(paused.body.status).toBe('paused');
    const visit = await ticket([haircut()], CLIENT(2));
    const refused = await pay(visit.id, {
      method: 'prepaid_credit',
      prepaidId: m.id,
      lineId: visit.lines[0]!.id,
      amountMinor: visit.totalMinor,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This membership is paused');
    expect((await t.as('desk').post(`/api/memberships/${m.id}/actions`, { action: 'pause' })).status).toBe(409);
    expect((await t.as('desk').post(`/api/memberships/${m.id}/actions`, { action: 'resume' })).body.status).toBe('active');
    const cancelled = await t.as('desk').post(`/api/memberships/${m.id}/actions`, { action: 'cancel', when: 'now' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', creditsLeft: 0 });
    // What scheduling's priority booking window learns from: started (with the plan's days), paused, resumed, cancelled.
    const events = (await t.sql(`SELECT type, envelope FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [m.id])) as {
      type: string;
      envelope: { payload: Record<string, unknown> };
    }[];
    expect(events.map((e) => e.type)).toEqual([
      'retail.membership.started.v1',
      'retail.membership.paused.v1',
      'retail.membership.resumed.v1',
      'retail.membership.cancelled.v1',
    ]);
    expect(events[0]!.envelope.payload).toMatchObject({ clientId: CLIENT(2), priorityBookingDays: 21 });
    expect(await unreconciled()).toEqual([]);
  });

  it('a package is exhausted session by session; two desks taking the last session: one wins, one gets 409', async () => {
    const p = await plan({
      kind: 'package',
      name: '3 Massages',
      priceMinor: 24000,
      credits: 3,
      serviceIds: [SERVICE.colour],
      validityDays: 365,
    });
    const pk = await sellPlan(p.id, CLIENT(3));
    expect(pk).toMatchObject({ kind: 'package', status: 'active', creditsLeft: 3 });
    expect(pk.periodEnd).not.toBeNull();

    const notCovered = await ticket([haircut()], CLIENT(3));
    const res = await pay(notCovered.id, {
      method: 'prepaid_credit',
      prepaidId: pk.id,
      lineId: notCovered.lines[0]!.id,
      amountMinor: notCovered.totalMinor,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This package does not cover that service');

    const first = await ticket([{ serviceId: SERVICE.colour }], CLIENT(3));
    expect(
      (await pay(first.id, { method: 'prepaid_credit', prepaidId: pk.id, lineId: first.lines[0]!.id, amountMinor: first.totalMinor })).body
        .ticket.status,
    ).toBe('closed');

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => ticket([{ serviceId: SERVICE.colour }], CLIENT(3))));
    const race = await Promise.all(
      [a!, b!].map((x) => pay(x.id, { method: 'prepaid_credit', prepaidId: pk.id, lineId: x.lines[0]!.id, amountMinor: x.totalMinor })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 201]);
    const last = await pay(c!.id, { method: 'prepaid_credit', prepaidId: pk.id, lineId: c!.lines[0]!.id, amountMinor: c!.totalMinor });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('This package has no sessions left');
    const done = clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships/${pk.id}`).expect(200)).body);
    expect(done).toMatchObject({ status: 'used_up', creditsLeft: 0 });
    expect(await unreconciled()).toEqual([]);
  });

  it('two desks taking the last session at the same moment: one pays, the other gets 409', async () => {
    const p = await plan({ kind: 'package', name: 'One Blowout', priceMinor: 4000, credits: 1 });
    const pk = await sellPlan(p.id, CLIENT(4));
    const [a, b] = await Promise.all([ticket([haircut()], CLIENT(4)), ticket([haircut()], CLIENT(4))]);
    const race = await Promise.all(
      [a, b].map((x) => pay(x.id, { method: 'prepaid_credit', prepaidId: pk.id, lineId: x.lines[0]!.id, amountMinor: x.totalMinor })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.status === 409)!.body.error).toBe('This package has no sessions left');
    expect(await unreconciled()).toEqual([]);
  });

  it('GraphQL: plans, what a client holds, and the ticket’s suggestions with a gift card named', async () => {
    const code = await sellGiftCard(3000);
    const visit = await ticket([haircut()]);
    const res = await t.gql(
      'desk',
      `query($id: ID!, $codes: [String!]) { prepaidPlans { id name kind } clientPrepaids(clientId: "${CLIENT(1)}") { id status creditsLeft }
        ticketPrepaid(ticketId: $id, giftCardCodes: $codes) { source label lineName amountMinor } }`,
      { id: visit.id, codes: [code] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.prepaidPlans.length).toBeGreaterThan(0);
    expect(res.data.ticketPrepaid).toEqual([
      { source: 'gift_card', label: `Gift card •••• ${code.slice(-4)}`, lineName: null, amountMinor: Math.min(3000, visit.totalMinor) },
    ]);
  });
});

describe('the ledgers', () => {
  it('are append-only (after every test above has written to them)', async () => {
    await expect(t.sql(`UPDATE gift_card_entries SET amount_minor = 1`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`DELETE FROM prepaid_credit_entries`)).rejects.toThrow(/append-only/);
    expect(await unreconciled()).toEqual([]);
  });
});
