import {
  checkoutAppointmentViewSchema,
  payTicketAnswerSchema,
  paymentViewSchema,
  refundAnswerSchema,
  saleViewSchema,
  ticketViewSchema,
  type TicketView,
} from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, newKey, OTHER_LOCATION, SERVICE, STAFF, startRetail, type RetailTestApp, type TestUser } from './retail-app.js';

let t: RetailTestApp;
let n = 0;

beforeAll(async () => {
  t = await startRetail('checkout');
});
afterAll(async () => t?.close());

/** A fresh completed appointment (a haircut by Dana, $55 booked) and a ticket opened for it. */
async function openedTicket(opts: Parameters<RetailTestApp['platform']['book']>[1] = {}, user: TestUser = 'desk'): Promise<TicketView> {
  const appointmentId = t.platform.book(++n, opts);
  const res = await t.as(user).post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ticketViewSchema.parse(res.body);
}

const pay = (ticketId: string, body: unknown, key: string | null = newKey(), user: TestUser = 'desk') => {
  const req = t.as(user).post(`/api/tickets/${ticketId}/payments`, body);
  return key === null ? req : req.set('Idempotency-Key', key);
};

const events = (ticketId: string) =>
  t.sql<{ type: string; payload: any }>(`SELECT type, envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [
    ticketId,
  ]);

describe('opening a ticket from an appointment', () => {
  it('rings up the booked services at their snapshotted prices, each with its performer', async () => {
    const ticket = await openedTicket();
    expect(ticket).toMatchObject({
      status: 'open',
      locationId: LOCATION,
      clientId: CLIENT(1),
      subtotalMinor: 5500,
      taxMinor: 0,
      tipMinor: 0,
      totalMinor: 5500,
      paidMinor: 0,
      balanceMinor: 5500,
      version: 2,
    });
    expect(ticket.lines).toMatchObject([
      {
        kind: 'service',
        name: 'Haircut',
        quantity: 1,
        unitPriceMinor: 5500,
        listUnitPriceMinor: 5500,
        staffId: STAFF.dana.id,
        staffName: 'Dana Lee',
      },
    ]);
    expect(ticket.appointmentIds).toHaveLength(1);
    expect((await t.as('viewer').get(`/api/tickets/${ticket.id}`).expect(200)).body).toEqual(ticket);
  });

  it('takes a multi-service visit and a second person of the same visit in one ticket', async () => {
    const visit = t.platform.book(++n, {
      parts: [
        { name: 'Colour', priceMinor: 12000, staffId: STAFF.jordan.id },
        { name: 'Blow-dry', priceMinor: 3500, staffId: STAFF.dana.id },
      ],
    });
    const friend = t.platform.book(++n, { clientId: CLIENT(2) });
    const res = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [visit, friend] });
    expect(res.status).toBe(201);
    expect(res.body.lines.map((l: any) => [l.name, l.unitPriceMinor, l.staffName])).toEqual([
      ['Colour', 12000, 'Jordan Patel'],
      ['Blow-dry', 3500, 'Dana Lee'],
      ['Haircut', 5500, 'Dana Lee'],
    ]);
    expect(res.body.clientId).toBe(CLIENT(1));
    expect(res.body.totalMinor).toBe(21000);
  });

  it('opens an empty walk-in ticket', async () => {
    const res = await t.as('desk').post('/api/tickets', { locationId: LOCATION, clientId: CLIENT(9) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', clientId: CLIENT(9), lines: [], totalMinor: 0, appointmentIds: [] });
  });

  it('refuses appointments that cannot be checked out, naming each one', async () => {
    const cancelled = t.platform.book(++n, { status: 'cancelled' });
    const elsewhere = t.platform.book(++n, { locationId: OTHER_LOCATION });
    const res = await t
      .as('desk')
      .post('/api/tickets', { locationId: LOCATION, appointmentIds: [cancelled, elsewhere, 'a1000000-0000-4000-8000-999999999999'] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'appointmentIds.0', message: 'was cancelled' },
      { field: 'appointmentIds.1', message: 'is at another location' },
      { field: 'appointmentIds.2', message: 'is not an appointment' },
    ]);
    const bad = await t.as('desk').post('/api/tickets', { locationId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('locationId');
  });

  it('puts an appointment on one live ticket only (409 naming it); a void lets it go', async () => {
    const ticket = await openedTicket();
    const again = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: ticket.appointmentIds });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`This appointment is already on ticket #${ticket.number}`);
    expect(again.body.details.id).toBe(ticket.id);
    const voided = await t.as('desk').post(`/api/tickets/${ticket.id}/void`, { reason: 'Opened twice' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', voidReason: 'Opened twice' });
    expect((await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: ticket.appointmentIds })).status).toBe(201);
  });

  it('lets only one of two concurrent checkouts of an appointment win', async () => {
    const appointmentId = t.platform.book(++n);
    const results = await Promise.all(
      [1, 2, 3].map(() => t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [{ count }] = await t.sql(`SELECT count(*)::int AS count FROM ticket_appointments WHERE appointment_id = $1 AND active`, [
      appointmentId,
    ]);
    expect(count).toBe(1);
  });
});

describe('changing a ticket', () => {
  it('adds a catalogue service at its performer price, a tip and a discount within the limit; totals from the server', async () => {
    const ticket = await openedTicket();
    const res = await t.as('desk').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ id: ticket.lines[0]!.id }, { serviceId: SERVICE.colour, staffId: STAFF.jordan.id }],
      discount: { type: 'percent', percent: 10, reason: 'First visit' },
      tip: { percent: 20 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = ticketViewSchema.parse(res.body);
    expect(updated.lines.map((l) => [l.name, l.unitPriceMinor, l.staffName])).toEqual([
      ['Haircut', 5500, 'Dana Lee'],
      ['Colour', 13500, 'Jordan Patel'],
    ]);
    // 10% of 19000 = 1900; tip 20% of the pre-discount services 19000 = 3800, split 1100 / 2700.
    expect(updated).toMatchObject({ subtotalMinor: 19000, discountMinor: 1900, taxMinor: 0, tipMinor: 3800, totalMinor: 20900 });
    expect(updated.tip?.split).toEqual([
      { staffId: STAFF.dana.id, staffName: 'Dana Lee', amountMinor: 1100 },
      { staffId: STAFF.jordan.id, staffName: 'Jordan Patel', amountMinor: 2700 },
    ]);
    expect(updated.version).toBe(ticket.version + 1);
  });

  it('splits a tip by hand, naming each person, to the cent or not at all', async () => {
    const ticket = await openedTicket();
    const split = [
      { staffId: STAFF.dana.id, amountMinor: 700 },
      { staffId: STAFF.jordan.id, amountMinor: 300 },
    ];
    const short = await t.as('desk').patch(`/api/tickets/${ticket.id}`, { version: ticket.version, tip: { amountMinor: 1001, split } });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ field: 'tip.split', message: "the shares add up to $10.00, not the tip's $10.01" }]);
    const res = await t.as('desk').patch(`/api/tickets/${ticket.id}`, { version: ticket.version, tip: { amountMinor: 1000, split } });
    expect(res.status).toBe(200);
    expect(res.body.tip).toMatchObject({
      mode: 'amount',
      splitMode: 'manual',
      split: [
        { staffId: STAFF.dana.id, staffName: 'Dana Lee', amountMinor: 700 },
        { staffId: STAFF.jordan.id, staffName: 'Jordan Patel', amountMinor: 300 },
      ],
    });
  });

  it('answers a stale version with 409 and the current ticket', async () => {
    const ticket = await openedTicket();
    await t
      .as('desk')
      .patch(`/api/tickets/${ticket.id}`, { version: ticket.version, tip: { amountMinor: 500 } })
      .expect(200);
    const stale = await t.as('desk').patch(`/api/tickets/${ticket.id}`, { version: ticket.version, tip: { amountMinor: 900 } });
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({ id: ticket.id, tipMinor: 500, version: ticket.version + 1 });
  });

  it.each<[string, TestUser, (ticket: TicketView) => unknown, number, RegExp | null]>([
    [
      'a typed product price: desk refused',
      'desk',
      (tk) => ({ lines: [{ id: tk.lines[0]!.id }, { kind: 'product', name: 'Shampoo', unitPriceMinor: 1999 }] }),
      403,
      /lines\.1\.unitPriceMinor: a typed price needs the edit_prices permission/,
    ],
    [
      'a typed product price: manager',
      'manager',
      (tk) => ({ lines: [{ id: tk.lines[0]!.id }, { kind: 'product', name: 'Shampoo', unitPriceMinor: 1999 }] }),
      200,
      null,
    ],
    [
      'a booked price lowered: desk refused',
      'desk',
      (tk) => ({ lines: [{ id: tk.lines[0]!.id, unitPriceMinor: 4500 }] }),
      403,
      /changing the price from \$55\.00 needs the edit_prices permission/,
    ],
    [
      'a fee: desk refused',
      'desk',
      (tk) => ({ lines: [{ id: tk.lines[0]!.id }, { kind: 'fee', name: 'Late fee', unitPriceMinor: 2500, reason: 'Arrived late' }] }),
      403,
      /adding a fee needs the charge_fees permission/,
    ],
    [
      'a 25% discount: desk refused',
      'desk',
      () => ({ discount: { type: 'percent', percent: 25, reason: 'Friend' } }),
      403,
      /discount: a discount above 20% needs the apply_large_discounts permission/,
    ],
    ['a 25% discount: manager', 'manager', () => ({ discount: { type: 'percent', percent: 25, reason: 'Friend' } }), 200, null],
    ['a discount without a reason', 'manager', () => ({ discount: { type: 'amount', amountMinor: 500 } }), 400, null],
    [
      'a line discount above the line',
      'manager',
      (tk) => ({ lines: [{ id: tk.lines[0]!.id, discount: { type: 'amount', amountMinor: 6000, reason: 'x' } }] }),
      400,
      null,
    ],
  ])('%s', async (_name, user, change, status, message) => {
    const ticket = await openedTicket();
    const res = await t.as(user).patch(`/api/tickets/${ticket.id}`, { version: ticket.version, ...(change(ticket) as object) });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (message) expect(res.body.error).toMatch(message);
    if (status !== 200) expect((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body.version).toBe(ticket.version);
  });

  it('names the fields of a bad line', async () => {
    const ticket = await openedTicket();
    const res = await t.as('manager').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ id: '0d000000-0000-4000-8000-00000000ffff' }, { kind: 'product', unitPriceMinor: 100 }, { quantity: 0 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.field)).toEqual(['lines.2.quantity']);
    const res2 = await t.as('manager').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ id: '0d000000-0000-4000-8000-00000000ffff' }, { kind: 'product', unitPriceMinor: 100 }],
    });
    expect(res2.body.details).toEqual([
      { field: 'lines.0.id', message: 'is not a line of this ticket' },
      { field: 'lines.1.name', message: 'is required' },
    ]);
  });

  it('wants a reason for a fee (the client reads it on the receipt), and keeps it when the line is edited', async () => {
    const ticket = await openedTicket();
    const fee = { kind: 'fee', name: 'Late fee', unitPriceMinor: 1500 };
    const missing = await t.as('manager').patch(`/api/tickets/${ticket.id}`, { version: ticket.version, lines: [fee] });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'lines.0.reason', message: 'is required for a fee: the client reads it on the receipt' },
    ]);
    const misplaced = await t.as('manager').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ id: ticket.lines[0]!.id, reason: 'No reason to give' }],
    });
    expect(misplaced.body.details).toEqual([{ field: 'lines.0.reason', message: 'is only for a fee line' }]);
    const added = await t.as('manager').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ ...fee, reason: 'Arrived 30 minutes late' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.lines[0]).toMatchObject({ kind: 'fee', reason: 'Arrived 30 minutes late' });
    const edited = await t.as('manager').patch(`/api/tickets/${ticket.id}`, {
      version: added.body.version,
      lines: [{ id: added.body.lines[0].id, quantity: 2 }],
    });
    expect(edited.body.lines[0]).toMatchObject({ quantity: 2, reason: 'Arrived 30 minutes late' });
  });
});

describe('paying', () => {
  it('splits a ticket over two cash tenders, gives change, closes it and publishes the payments and the close', async () => {
    const ticket = await openedTicket();
    const tipped = (await t.as('desk').patch(`/api/tickets/${ticket.id}`, { version: ticket.version, tip: { percent: 20 } })).body;
    expect(tipped.totalMinor).toBe(6600);
    const first = await pay(ticket.id, { method: 'cash', amountMinor: 4000 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const a = payTicketAnswerSchema.parse(first.body);
    expect(a.ticket).toMatchObject({ status: 'open', paidMinor: 4000, balanceMinor: 2600 });
    const second = await pay(ticket.id, { method: 'cash', amountMinor: 2600, tenderedMinor: 5000 });
    expect(second.status).toBe(201);
    const b = payTicketAnswerSchema.parse(second.body);
    expect(b.payment).toMatchObject({
      method: 'cash',
      amountMinor: 2600,
      tenderedMinor: 5000,
      changeMinor: 2400,
      status: 'succeeded',
      refundableMinor: 2600,
    });
    expect(b.ticket).toMatchObject({ status: 'closed', paidMinor: 6600, balanceMinor: 0 });
    expect(b.ticket.closedAt).not.toBeNull();
    const published = await events(ticket.id);
    expect(published.map((e) => e.type)).toEqual(['retail.payment.succeeded.v1', 'retail.payment.succeeded.v1', 'retail.ticket.closed.v1']);
    expect(published[2]!.payload).toMatchObject({
      ticketId: ticket.id,
      totalMinor: 6600,
      tipMinor: 1100,
      appointmentIds: ticket.appointmentIds,
      tips: [{ staffId: STAFF.dana.id, amountMinor: 1100 }],
    });
  });

  it("snapshots each line's category when it is added and names it on the closed event (payroll pays commission by it)", async () => {
    const booked = '5e000000-0000-4000-8000-000000000100';
    t.platform.services.set(booked, { ...t.platform.services.get(SERVICE.haircut)!, id: booked, category: 'Cuts' });
    const ticket = await openedTicket();
    t.platform.services.delete(booked);
    const res = await t.as('desk').patch(`/api/tickets/${ticket.id}`, {
      version: ticket.version,
      lines: [{ id: ticket.lines[0]!.id }, { serviceId: SERVICE.colour, staffId: STAFF.jordan.id }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A category renamed after the line was added does not move the sale.
    t.platform.services.set(SERVICE.colour, { ...t.platform.services.get(SERVICE.colour)!, category: 'Renamed' });
    try {
      const paid = await pay(ticket.id, { method: 'cash', amountMinor: ticketViewSchema.parse(res.body).totalMinor });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    } finally {
      t.platform.services.set(SERVICE.colour, { ...t.platform.services.get(SERVICE.colour)!, category: 'Colour' });
    }
    const closed = (await events(ticket.id)).find((e) => e.type === 'retail.ticket.closed.v1')!;
    expect(closed.payload.lines.map((l: { name: string; category: string | null }) => [l.name, l.category])).toEqual([
      ['Haircut', 'Cuts'],
      ['Colour', 'Colour'],
    ]);
  });

  it.each([
    ['more than the balance', { method: 'cash', amountMinor: 5501 }, 400, 'amountMinor', 'is more than the $55.00 still to pay'],
    [
      'cash tendered short',
      { method: 'cash', amountMinor: 5500, tenderedMinor: 5000 },
      400,
      'tenderedMinor',
      'must cover the $55.00 being paid',
    ],
    [
      'an unknown method',
      { method: 'cheque', amountMinor: 5500 },
      400,
      'method',
      'must be one of cash, card, terminal, card_on_file, gift_card, prepaid_credit',
    ],
  ])('refuses %s, naming the field', async (_name, body, status, field, message) => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, body);
    expect(res.status).toBe(status);
    expect(res.body.details).toEqual([{ field, message }]);
  });

  it.each([
    { method: 'card', amountMinor: 5500 },
    { method: 'terminal', amountMinor: 5500, readerId: 'tmr_1' },
    { method: 'card_on_file', amountMinor: 5500, savedCardId: 'pm_1' },
  ])('answers $method with 422 where no Stripe key is set, leaving the ticket open', async (body) => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Card payments are not set up here (no Stripe key); take this payment in cash');
    expect((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body).toMatchObject({ status: 'open', paidMinor: 0 });
  });

  it('needs an Idempotency-Key', async () => {
    const ticket = await openedTicket();
    const res = await pay(ticket.id, { method: 'cash', amountMinor: 5500 }, null);
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('Idempotency-Key');
  });

  it('answers a retried payment (same key) with the same payment, paid once', async () => {
    const ticket = await openedTicket();
    const key = newKey();
    const first = await pay(ticket.id, { method: 'cash', amountMinor: 5500, tenderedMinor: 6000 }, key);
    const retry = await pay(ticket.id, { method: 'cash', amountMinor: 5500, tenderedMinor: 6000 }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.payment).toEqual(first.body.payment);
    expect(retry.body.ticket).toMatchObject({ status: 'closed', paidMinor: 5500 });
    const rows = await t.sql(`SELECT id FROM payments WHERE ticket_id = $1`, [ticket.id]);
    expect(rows).toHaveLength(1);
    expect((await events(ticket.id)).filter((e) => e.type === 'retail.payment.succeeded.v1')).toHaveLength(1);
    const reused = await pay(ticket.id, { method: 'cash', amountMinor: 100 }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatch(/already used for a different payment/);
  });

  it('pays once when the same payment arrives five times at once', async () => {
    const ticket = await openedTicket();
    const key = newKey();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => pay(ticket.id, { method: 'cash', amountMinor: 2000 }, key)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.payment.id)).size).toBe(1);
    expect((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body.paidMinor).toBe(2000);
  });

  it('never takes more than the balance when two desks pay at once', async () => {
    const ticket = await openedTicket();
    const results = await Promise.all([1, 2].map(() => pay(ticket.id, { method: 'cash', amountMinor: 5500 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body).toMatchObject({ status: 'closed', paidMinor: 5500 });
  });

  it('keeps an open ticket from going under what is paid', async () => {
    const ticket = await openedTicket({}, 'manager');
    await pay(ticket.id, { method: 'cash', amountMinor: 5000 }).expect(201);
    const current = (await t.as('desk').get(`/api/tickets/${ticket.id}`)).body;
    const res = await t
      .as('manager')
      .patch(`/api/tickets/${ticket.id}`, { version: current.version, discount: { type: 'amount', amountMinor: 1000, reason: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'lines', message: 'would bring the total to $45.00, under the $50.00 already paid: refund first' },
    ]);
    const voided = await t.as('desk').post(`/api/tickets/${ticket.id}/void`, { reason: 'x' });
    expect(voided.status).toBe(409);
    expect(voided.body.error).toMatch(/has \$50\.00 paid: refund the payments before voiding it/);
  });
});

describe('a closed ticket is immutable', () => {
  it('refuses changes, voids and more tenders with 409', async () => {
    const ticket = await openedTicket();
    const paid = await pay(ticket.id, { method: 'cash', amountMinor: 5500 });
    const closed = paid.body.ticket as TicketView;
    const patch = await t.as('manager').patch(`/api/tickets/${ticket.id}`, { version: closed.version, tip: { percent: 20 } });
    expect(patch.status).toBe(409);
    expect(patch.body.error).toBe(`Ticket #${ticket.number} is closed: correct it with a refund or a new ticket`);
    expect((await t.as('desk').post(`/api/tickets/${ticket.id}/void`, { reason: 'x' })).status).toBe(409);
    const more = await pay(ticket.id, { method: 'cash', amountMinor: 1 });
    expect(more.status).toBe(409);
    expect((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body).toEqual(closed);
  });
});

describe('refunds', () => {
  it('refunds part of a tender, then the rest, never above what it captured', async () => {
    const ticket = await openedTicket();
    const { payment } = (await pay(ticket.id, { method: 'cash', amountMinor: 5500 })).body;
    const over = await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 5501, reason: 'Unhappy' });
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual([{ field: 'amountMinor', message: 'is more than the $55.00 still refundable on this payment' }]);
    const part = await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 1500, reason: 'Fringe redone' });
    expect(part.status).toBe(201);
    const answer = refundAnswerSchema.parse(part.body);
    expect(answer.payment).toMatchObject({ refundedMinor: 1500, refundableMinor: 4000 });
    expect(answer.ticket).toMatchObject({ status: 'closed', refundedMinor: 1500, paidMinor: 5500 });
    const again = await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 4001, reason: 'More' });
    expect(again.body.details).toEqual([{ field: 'amountMinor', message: 'is more than the $40.00 still refundable on this payment' }]);
    await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 4000, reason: 'The rest' }).expect(201);
    const none = await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 1, reason: 'x' });
    expect(none.body.details).toEqual([{ field: 'amountMinor', message: 'nothing is left to refund on this payment' }]);
    const published = (await events(ticket.id)).filter((e) => e.type === 'retail.payment.refunded.v1');
    expect(published.map((e) => [e.payload.amountMinor, e.payload.reason])).toEqual([
      [1500, 'Fringe redone'],
      [4000, 'The rest'],
    ]);
  });

  it('refunds never add up above the tender, even all at once', async () => {
    const ticket = await openedTicket();
    const { payment } = (await pay(ticket.id, { method: 'cash', amountMinor: 5500 })).body;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 2000, reason: 'Race' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400, 400]);
    const [{ refunded }] = await t.sql(`SELECT refunded_minor AS refunded FROM payments WHERE id = $1`, [payment.id]);
    expect(refunded).toBe(4000);
  });

  it('gives back a tender on an open ticket: the balance is due again, then it can be voided', async () => {
    const ticket = await openedTicket();
    const { payment } = (await pay(ticket.id, { method: 'cash', amountMinor: 2000 })).body;
    const res = await t.as('refunder').post(`/api/payments/${payment.id}/refunds`, { amountMinor: 2000, reason: 'Wrong ticket' });
    expect(res.body.ticket).toMatchObject({ status: 'open', paidMinor: 0, refundedMinor: 0, balanceMinor: 5500 });
    expect((await t.as('desk').post(`/api/tickets/${ticket.id}/void`, { reason: 'Wrong ticket' })).status).toBe(200);
  });

  it('answers a retried refund (same key) with the first refund', async () => {
    const ticket = await openedTicket();
    const { payment } = (await pay(ticket.id, { method: 'cash', amountMinor: 5500 })).body;
    const key = newKey();
    const first = await t
      .as('refunder')
      .post(`/api/payments/${payment.id}/refunds`, { amountMinor: 500, reason: 'x' })
      .set('Idempotency-Key', key);
    const retry = await t
      .as('refunder')
      .post(`/api/payments/${payment.id}/refunds`, { amountMinor: 500, reason: 'x' })
      .set('Idempotency-Key', key);
    expect(retry.body.refund).toEqual(first.body.refund);
    expect(retry.body.payment.refundedMinor).toBe(500);
  });
});

describe('permissions', () => {
  it.each<[string, TestUser | null, () => Promise<{ status: number }>, number]>([
    ['no token', null, () => t.as(null).get(`/api/tickets?locationId=${LOCATION}`), 401],
    ['without a POS permission', 'outsider', () => t.as('outsider').get(`/api/tickets?locationId=${LOCATION}`), 403],
    ['a viewer reads', 'viewer', () => t.as('viewer').get(`/api/tickets?locationId=${LOCATION}`), 200],
    ['a viewer does not open tickets', 'viewer', () => t.as('viewer').post('/api/tickets', { locationId: LOCATION }), 403],
    [
      'a viewer does not take payments',
      'viewer',
      () => pay('0d000000-0000-4000-8000-000000000000', { method: 'cash', amountMinor: 1 }, newKey(), 'viewer'),
      403,
    ],
    [
      'the desk does not refund',
      'desk',
      () => t.as('desk').post('/api/payments/0d000000-0000-4000-8000-000000000000/refunds', { amountMinor: 1, reason: 'x' }),
      403,
    ],
    ['the desk does not change tax rates', 'desk', () => t.as('desk').put(`/api/pos-settings/${LOCATION}`, {}), 403],
  ])('%s', async (_name, _user, call, status) => {
    expect((await call()).status).toBe(status);
  });
});

describe('lists and history', () => {
  it('answers payments, sales history, tickets and the checkout queue in their contracts', async () => {
    const day = '2026-12-01';
    const appointmentId = t.platform.book(++n, { startsAt: '2026-12-01T17:00:00.000Z', clientId: CLIENT(7) });
    const queue = await t.as('desk').get(`/api/checkout-appointments?locationId=${LOCATION}&date=${day}`).expect(200);
    expect(checkoutAppointmentViewSchema.array().parse(queue.body)).toEqual([
      expect.objectContaining({ appointmentId, serviceName: 'Haircut', staffIds: [STAFF.dana.id], ticketId: null, ticketStatus: null }),
    ]);
    const ticket = (
      await t
        .as('desk')
        .post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] })
        .expect(201)
    ).body;
    await pay(ticket.id, { method: 'cash', amountMinor: 5500 }).expect(201);
    const after = (await t.as('desk').get(`/api/checkout-appointments?locationId=${LOCATION}&date=${day}`)).body;
    expect(after[0]).toMatchObject({ ticketId: ticket.id, ticketStatus: 'closed' });

    const payments = await t
      .as('viewer')
      .get(`/api/payments?clientId=${CLIENT(7)}`)
      .expect(200);
    expect(
      paymentViewSchema
        .array()
        .parse(payments.body)
        .map((p) => p.amountMinor),
    ).toEqual([5500]);
    const history = await t
      .as('viewer')
      .get(`/api/sales-history?clientId=${CLIENT(7)}`)
      .expect(200);
    expect(saleViewSchema.array().parse(history.body)).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        totalMinor: 5500,
        methods: ['cash'],
        items: [{ kind: 'service', name: 'Haircut', quantity: 1, staffName: 'Dana Lee' }],
      }),
    ]);
    const noFilter = await t.as('viewer').get('/api/sales-history');
    expect(noFilter.status).toBe(400);
    expect(noFilter.body.details[0].field).toBe('clientId');
    const closedToday = (await t.as('viewer').get(`/api/tickets?locationId=${LOCATION}&status=closed`)).body as TicketView[];
    expect(closedToday.some((tk) => tk.id === ticket.id)).toBe(true);
  });
});

describe('POS settings', () => {
  it('answers the defaults, saves rates, and tickets opened afterwards are taxed with them', async () => {
    const location = '10c00000-0000-4000-8000-000000000003';
    const defaults = (await t.as('desk').get(`/api/pos-settings/${location}`).expect(200)).body;
    expect(defaults).toMatchObject({
      serviceTaxRate: 0,
      productTaxRate: 0,
      tipPresets: [15, 18, 20, 25],
      discountLimitPercent: 20,
      version: 0,
    });
    const saved = await t.as('admin').put(`/api/pos-settings/${location}`, {
      serviceTaxRate: 6.25,
      productTaxRate: 10.25,
      tipPresets: [20, 15, 18],
      discountLimitPercent: 30,
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      serviceTaxRate: 6.25,
      productTaxRate: 10.25,
      tipPresets: [15, 18, 20],
      discountLimitPercent: 30,
      version: 1,
    });
    const stale = await t
      .as('admin')
      .put(`/api/pos-settings/${location}`, { ...saved.body, locationId: undefined, currency: undefined, version: 0 });
    expect(stale.status).toBe(409);
    const appointmentId = t.platform.book(++n, { locationId: location });
    const ticket = (
      await t
        .as('desk')
        .post('/api/tickets', { locationId: location, appointmentIds: [appointmentId] })
        .expect(201)
    ).body;
    // 6.25% of $55.00 = 343.75¢ → 344
    expect(ticket).toMatchObject({ serviceTaxRate: 6.25, taxMinor: 344, totalMinor: 5844 });
  });
});
