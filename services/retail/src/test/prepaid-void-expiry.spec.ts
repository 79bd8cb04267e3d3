import { clientPrepaidViewSchema, ticketViewSchema, type TicketView } from '@salon/contracts';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrepaidExpiryUseCase } from '../modules/memberships/use-cases/prepaid-expiry.use-case.js';
import { PrepaidUseCase } from '../modules/memberships/use-cases/prepaid.use-case.js';
import { CLIENT, LOCATION, newKey, SERVICE, startRetail, TZ, type RetailTestApp } from './retail-app.js';

let t: RetailTestApp;

beforeAll(async () => {
  t = await startRetail('prepaid-void-expiry');
});
afterAll(async () => t?.close());

async function ticket(lines: Record<string, unknown>[], clientId: string | null = null): Promise<TicketView> {
  const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION, clientId }).expect(201);
  const res = await t.as('desk').patch(`/api/tickets/${opened.body.id}`, { version: opened.body.version, lines });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketViewSchema.parse(res.body);
}

const pay = (ticketId: string, body: Record<string, unknown>) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, body).set('Idempotency-Key', newKey());

const refund = (paymentId: string, body: Record<string, unknown>, key = newKey()) =>
  t
    .as('refunder')
    .post(`/api/payments/${paymentId}/refunds`, { reason: 'Client changed their mind', ...body })
    .set('Idempotency-Key', key);

/** A gift card sold for cash: its card (by the ticket) and the cash payment to refund. */
async function sellGiftCard(amountMinor: number) {
  const sale = await ticket([{ kind: 'gift_card', name: 'Gift card', unitPriceMinor: amountMinor }]);
  const paid = await pay(sale.id, { method: 'cash', amountMinor });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const [card] = (await t.sql(`SELECT id, code FROM gift_cards WHERE sold_on_ticket_id = $1`, [sale.id])) as { id: string; code: string }[];
  return { card: card!, paymentId: paid.body.payment.id as string, ticketId: sale.id };
}

async function cardEntries(id: string) {
  return (await t.sql(
    `SELECT kind, amount_minor AS "amountMinor", balance_after_minor AS "after" FROM gift_card_entries WHERE gift_card_id = $1 ORDER BY created_at, id`,
    [id],
  )) as { kind: string; amountMinor: number; after: number }[];
}

async function plan(body: Record<string, unknown>) {
  const res = await t.as('admin').post('/api/prepaid-plans', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; priceMinor: number };
}

async function sellPlan(planId: string, clientId: string) {
  const sale = await ticket([{ planId }], clientId);
  const res = await pay(sale.id, { method: 'cash', amountMinor: sale.totalMinor });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = (await t.sql(`SELECT id FROM client_prepaids WHERE sold_on_ticket_id = $1`, [sale.id])) as { id: string }[];
  return { id: row!.id, paymentId: res.body.payment.id as string, totalMinor: sale.totalMinor };
}

/** The payloads of one aggregate's events of a type, as the outbox holds them. */
async function published(type: string, aggregateId: string) {
  const rows = (await t.sql(`SELECT envelope FROM outbox WHERE type = $1 AND aggregate_id = $2 ORDER BY seq`, [type, aggregateId])) as {
    envelope: { payload: Record<string, unknown>; locationId: string | null; occurredAt: string };
  }[];
  return rows.map((r) => r.envelope);
}

const held = async (id: string) => clientPrepaidViewSchema.parse((await t.as('desk').get(`/api/memberships/${id}`).expect(200)).body);

async function unreconciled() {
  const cards = await t.sql(
    `SELECT c.id FROM gift_cards c LEFT JOIN gift_card_entries e ON e.gift_card_id = c.id GROUP BY c.id HAVING c.balance_minor <> COALESCE(sum(e.amount_minor), 0)`,
  );
  const rows = await t.sql(
    `SELECT h.id FROM client_prepaids h LEFT JOIN prepaid_credit_entries e ON e.client_prepaid_id = h.id GROUP BY h.id HAVING h.credits_left <> COALESCE(sum(e.credits), 0)`,
  );
  return [...cards, ...rows];
}

describe('voiding what a refunded ticket sold (voidPrepaid)', () => {
  it('an unused gift card: the refund voids it (balance to zero, a voided entry); a retry answers the same refund', async () => {
    const { card, paymentId } = await sellGiftCard(5000);
    const key = newKey();
    const res = await refund(paymentId, { amountMinor: 5000, voidPrepaid: true }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await cardEntries(card.id)).toEqual([
      { kind: 'issued', amountMinor: 5000, after: 5000 },
      { kind: 'voided', amountMinor: -5000, after: 0 },
    ]);
    const again = await refund(paymentId, { amountMinor: 5000, voidPrepaid: true }, key);
    expect(again.status).toBe(201);
    expect(await cardEntries(card.id)).toHaveLength(2);
    const voided = await published('retail.gift-card.voided.v1', card.id);
    expect(voided).toHaveLength(1);
    expect(voided[0]).toMatchObject({
      locationId: LOCATION,
      payload: { giftCardId: card.id, amountMinor: 5000, balanceAfterMinor: 0, currency: 'USD', refundId: res.body.refund.id },
    });
    const pay2 = await pay((await ticket([{ serviceId: SERVICE.haircut }])).id, {
      method: 'gift_card',
      giftCardCode: card.code,
      amountMinor: 100,
    });
    expect(pay2.status).toBe(409);
    expect(await unreconciled()).toEqual([]);
  });

  it('a gift card already used: 409 naming what was used, and no money moves; refunding without voiding still works', async () => {
    const { card, paymentId } = await sellGiftCard(5000);
    const visit = await ticket([{ serviceId: SERVICE.haircut }]);
    expect((await pay(visit.id, { method: 'gift_card', giftCardCode: card.code, amountMinor: 1000 })).status).toBe(201);
    const res = await refund(paymentId, { amountMinor: 5000, voidPrepaid: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Gift card •••• ${card.code.slice(-4)} was already used ($10.00 of $50.00): it cannot be voided; refund without voiding it`,
    );
    const [p] = (await t.sql(`SELECT refunded_minor AS "refundedMinor" FROM payments WHERE id = $1`, [paymentId])) as {
      refundedMinor: number;
    }[];
    expect(p!.refundedMinor).toBe(0);
    expect((await refund(paymentId, { amountMinor: 4000 })).status).toBe(201);
    expect(await unreconciled()).toEqual([]);
  });

  it('a refund smaller than what the card sold for: 400 naming amountMinor', async () => {
    const { paymentId } = await sellGiftCard(5000);
    const res = await refund(paymentId, { amountMinor: 1000, voidPrepaid: true });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('amountMinor');
    expect(JSON.stringify(res.body)).toContain(
      'voids $50.00 of prepaid value, but the refunds of this ticket come to $10.00 with this one',
    );
  });

  it('a ticket that sold no prepaid value: 400 naming voidPrepaid', async () => {
    const sale = await ticket([{ serviceId: SERVICE.haircut }]);
    const paid = await pay(sale.id, { method: 'cash', amountMinor: sale.totalMinor });
    const res = await refund(paid.body.payment.id, { amountMinor: sale.totalMinor, voidPrepaid: true });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('voidPrepaid');
  });

  it('an unused package: cancelled with its sessions voided, then refused as a tender; a used one is refused', async () => {
    const p = await plan({ kind: 'package', name: '3 Blowouts', priceMinor: 9000, credits: 3 });
    const sold = await sellPlan(p.id, CLIENT(11));
    const res = await refund(sold.paymentId, { amountMinor: sold.totalMinor, voidPrepaid: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const after = await held(sold.id);
    expect(after).toMatchObject({ status: 'cancelled', creditsLeft: 0 });
    expect(after.entries.map((e) => [e.kind, e.credits, e.creditsAfter])).toEqual([
      ['granted', 3, 3],
      ['voided', -3, 0],
    ]);
    expect((await published('retail.package.voided.v1', sold.id)).map((e) => e.payload)).toEqual([
      { packageId: sold.id, clientId: CLIENT(11), ticketId: expect.any(String), refundId: res.body.refund.id, creditsVoided: 3 },
    ]);
    const visit = await ticket([{ serviceId: SERVICE.haircut }], CLIENT(11));
    const credit = await pay(visit.id, {
      method: 'prepaid_credit',
      prepaidId: sold.id,
      lineId: visit.lines[0]!.id,
      amountMinor: visit.totalMinor,
    });
    expect(credit.status).toBe(409);
    expect(credit.body.error).toBe('This package is cancelled');

    const used = await sellPlan(p.id, CLIENT(12));
    const v2 = await ticket([{ serviceId: SERVICE.haircut }], CLIENT(12));
    expect(
      (await pay(v2.id, { method: 'prepaid_credit', prepaidId: used.id, lineId: v2.lines[0]!.id, amountMinor: v2.totalMinor })).status,
    ).toBe(201);
    const refused = await refund(used.paymentId, { amountMinor: used.totalMinor, voidPrepaid: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('3 Blowouts was already used (1 session): it cannot be voided; refund without voiding it');
    expect((await held(used.id)).creditsLeft).toBe(2);
    expect(await unreconciled()).toEqual([]);
  });

  it('an unused membership: cancelled now, its credits voided', async () => {
    const p = await plan({ kind: 'membership', name: 'Shine Club', priceMinor: 5900, period: 'month', credits: 2 });
    const sold = await sellPlan(p.id, CLIENT(13));
    expect((await refund(sold.paymentId, { amountMinor: sold.totalMinor, voidPrepaid: true })).status).toBe(201);
    expect(await held(sold.id)).toMatchObject({ status: 'cancelled', creditsLeft: 0 });
    const events = await t.sql(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'retail.membership.cancelled.v1' AND aggregate_id = $1`,
      [sold.id],
    );
    expect(events[0]!.n).toBe(1);
  });
});

describe('the expiry job', () => {
  it('a package expires at the end of its last local day: one expired entry, however often the job runs', async () => {
    const p = await plan({ kind: 'package', name: '2 Massages', priceMinor: 16000, credits: 2, validityDays: 30 });
    const sold = await sellPlan(p.id, CLIENT(21));
    const pk = await held(sold.id);
    const end = DateTime.fromISO(pk.periodEnd!, { zone: TZ });
    // The first instant of a local day at the location (Chicago), 30 or 31 days on.
    expect(end.toFormat('HH:mm:ss.SSS')).toBe('00:00:00.000');
    const jobs = t.app.get(PrepaidExpiryUseCase);

    await jobs.expireDue(end.minus({ milliseconds: 1 }).toJSDate());
    expect((await held(sold.id)).creditsLeft).toBe(2);

    await jobs.expireDue(end.toJSDate());
    await jobs.expireDue(end.plus({ hours: 1 }).toJSDate());
    // As the desk sees it then (the API answers at the real time, before the package's end).
    const after = await t.app.get(PrepaidUseCase).get(sold.id, end.toJSDate());
    expect(after).toMatchObject({ status: 'expired', creditsLeft: 0 });
    expect(after.entries.map((e) => [e.kind, e.credits, e.creditsAfter])).toEqual([
      ['granted', 2, 2],
      ['expired', -2, 0],
    ]);
    expect((await published('retail.package.expired.v1', sold.id)).map((e) => [e.payload, e.occurredAt])).toEqual([
      [{ packageId: sold.id, clientId: CLIENT(21), creditsExpired: 2, expiresAt: end.toUTC().toISO() }, end.toUTC().toISO()],
    ]);
    expect(await unreconciled()).toEqual([]);
  });

  it('a gift card past its expiry has its balance taken once; a card not yet due is left alone', async () => {
    const due = await sellGiftCard(3000);
    const later = await sellGiftCard(2000);
    const at = DateTime.now().setZone(TZ).plus({ years: 5 }).startOf('day');
    await t.sql(`UPDATE gift_cards SET expires_at = $2 WHERE id = $1`, [due.card.id, at.toJSDate()]);
    await t.sql(`UPDATE gift_cards SET expires_at = $2 WHERE id = $1`, [later.card.id, at.plus({ days: 1 }).toJSDate()]);
    const jobs = t.app.get(PrepaidExpiryUseCase);
    await jobs.expireDue(at.toJSDate());
    await jobs.expireDue(at.plus({ minutes: 10 }).toJSDate());
    expect(await cardEntries(due.card.id)).toEqual([
      { kind: 'issued', amountMinor: 3000, after: 3000 },
      { kind: 'expired', amountMinor: -3000, after: 0 },
    ]);
    expect(await cardEntries(later.card.id)).toEqual([{ kind: 'issued', amountMinor: 2000, after: 2000 }]);
    const expired = await published('retail.gift-card.expired.v1', due.card.id);
    expect(expired.map((e) => [e.locationId, e.payload])).toEqual([
      [LOCATION, { giftCardId: due.card.id, amountMinor: 3000, balanceAfterMinor: 0, currency: 'USD', expiresAt: at.toUTC().toISO() }],
    ]);
    expect(await published('retail.gift-card.expired.v1', later.card.id)).toEqual([]);
    expect(await unreconciled()).toEqual([]);
  });
});

describe("the location's gift card expiry", () => {
  it('never under five years (US rules); cards sold after a change carry it, shown on the balance; null sells cards that never expire', async () => {
    const settings = (await t.as('admin').get(`/api/pos-settings/${LOCATION}`).expect(200)).body;
    expect(settings.giftCardExpiryYears).toBeNull();
    const { locationId: _l, currency: _c, giftCardExpiryYears: _y, ...input } = settings;
    const tooShort = await t.as('admin').put(`/api/pos-settings/${LOCATION}`, { ...input, giftCardExpiryYears: 3 });
    expect(tooShort.status).toBe(400);
    expect(JSON.stringify(tooShort.body)).toContain('giftCardExpiryYears');
    const saved = await t.as('admin').put(`/api/pos-settings/${LOCATION}`, { ...input, giftCardExpiryYears: 7 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.giftCardExpiryYears).toBe(7);
    // Another change that leaves the field out keeps it.
    const kept = await t.as('admin').put(`/api/pos-settings/${LOCATION}`, { ...input, version: saved.body.version });
    expect(kept.body.giftCardExpiryYears).toBe(7);

    const { card } = await sellGiftCard(2500);
    const [row] = (await t.sql(`SELECT issued_at AS "issuedAt", expires_at AS "expiresAt" FROM gift_cards WHERE id = $1`, [card.id])) as {
      issuedAt: Date;
      expiresAt: Date;
    }[];
    expect(DateTime.fromJSDate(row!.expiresAt).toUTC().toISO()).toBe(DateTime.fromJSDate(row!.issuedAt).toUTC().plus({ years: 7 }).toISO());
    const balance = await t.as('desk').get(`/api/gift-cards/${card.code}`).expect(200);
    expect(balance.body.expiresAt).toBe(row!.expiresAt.toISOString());
    const issued = await published('retail.gift-card.issued.v1', card.id);
    expect(issued[0]!.payload.expiresAt).toBe(row!.expiresAt.toISOString());

    await t
      .as('admin')
      .put(`/api/pos-settings/${LOCATION}`, { ...input, version: kept.body.version, giftCardExpiryYears: null })
      .expect(200);
    const never = await sellGiftCard(1000);
    expect(await t.sql(`SELECT expires_at FROM gift_cards WHERE id = $1`, [never.card.id])).toEqual([{ expires_at: null }]);
  });
});

describe('the member discount at checkout', () => {
  it("a live membership's percentage goes on service lines as a line discount with its reason, above the desk's limit without approval", async () => {
    const p = await plan({ kind: 'membership', name: 'Glow Club', priceMinor: 6900, period: 'month', credits: 1, discountPercent: 30 });
    const sold = await sellPlan(p.id, CLIENT(31));
    // The membership line that sold it took no discount.
    const [saleLine] = (await t.sql(`SELECT discount_minor AS "discountMinor" FROM ticket_lines WHERE plan_id = $1`, [p.id])) as {
      discountMinor: number;
    }[];
    expect(saleLine!.discountMinor).toBe(0);

    const visit = await ticket(
      [{ serviceId: SERVICE.haircut }, { kind: 'gift_card', name: 'Gift card', unitPriceMinor: 2500 }],
      CLIENT(31),
    );
    expect(visit.lines[0]!.discount).toEqual({ type: 'percent', percent: 30, amountMinor: null, reason: 'Member discount: Glow Club 30%' });
    expect(visit.lines[0]!.discountMinor).toBe(Math.round(visit.lines[0]!.grossMinor * 0.3));
    expect(visit.lines[1]!.discount).toBeNull();

    // A walk-in ticket gets it when the member is named.
    const walkIn = await ticket([{ serviceId: SERVICE.colour }]);
    expect(walkIn.lines[0]!.discount).toBeNull();
    const named = await t.as('desk').patch(`/api/tickets/${walkIn.id}`, { version: walkIn.version, clientId: CLIENT(31) });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.lines[0].discount.reason).toBe('Member discount: Glow Club 30%');

    // Paused: the benefits are held.
    expect((await t.as('desk').post(`/api/memberships/${sold.id}/actions`, { action: 'pause' })).body.status).toBe('paused');
    const paused = await ticket([{ serviceId: SERVICE.haircut }], CLIENT(31));
    expect(paused.lines[0]!.discount).toBeNull();
  });
});
