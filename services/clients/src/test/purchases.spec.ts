import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayload } from '@salon/contracts';
import type { EventTransport } from '@salon/nest-kit';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientsWorker, type ClientsTestWorker } from './clients-app.js';

// The worker process as it runs: retail's closed tickets and refunds make the client's lifetime spend and last purchase.
let worker: ClientsTestWorker;
let sql: DataSource;
let transport: EventTransport;
beforeAll(async () => {
  worker = await startClientsWorker('purchases');
  ({ sql, transport } = worker);
});
afterAll(() => worker?.close());

function envelope<T extends 'retail.ticket.closed.v1' | 'retail.payment.refunded.v1' | 'retail.payment.succeeded.v1'>(
  type: T,
  ticketId: string,
  payload: EventPayload<T>,
  history = false,
): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    aggregateType: 'ticket',
    aggregateId: ticketId,
    locationId: null,
    actor: { type: 'user', id: null },
    traceparent: null,
    ...(history ? { history: true } : {}),
    payload,
  };
}
const closed = (clientId: string | null, totalMinor: number, closedAt: string, history = false) => {
  const ticketId = randomUUID();
  return envelope(
    'retail.ticket.closed.v1',
    ticketId,
    {
      ticketId,
      number: 1001,
      clientId,
      appointmentIds: [],
      closedAt,
      subtotalMinor: totalMinor,
      discountMinor: 0,
      taxMinor: 0,
      tipMinor: 0,
      totalMinor,
      currency: 'USD',
      lines: [{ kind: 'product', name: 'Shampoo', quantity: 1, netMinor: totalMinor, staffId: null, appointmentId: null, serviceId: null }],
      tips: [],
    },
    history,
  );
};
const refunded = (sale: EventEnvelope, amountMinor: number) => {
  const s = sale.payload as EventPayload<'retail.ticket.closed.v1'>;
  return envelope('retail.payment.refunded.v1', s.ticketId, {
    refundId: randomUUID(),
    paymentId: randomUUID(),
    ticketId: s.ticketId,
    clientId: s.clientId,
    method: 'card',
    amountMinor,
    reason: 'Returned',
    currency: 'USD',
    appointmentIds: [],
  });
};
const tendered = (sale: EventEnvelope, method: 'card' | 'gift_card' | 'prepaid_credit', amountMinor: number) => {
  const s = sale.payload as EventPayload<'retail.ticket.closed.v1'>;
  return envelope('retail.payment.succeeded.v1', s.ticketId, {
    paymentId: randomUUID(),
    ticketId: s.ticketId,
    clientId: s.clientId,
    method,
    amountMinor,
    currency: 'USD',
    appointmentIds: [],
  });
};

const spendOf = async (id: string) => {
  const [row] = await sql.query(`SELECT lifetime_spend_minor, last_purchase_at FROM clients WHERE id = $1`, [id]);
  return { spendMinor: Number(row.lifetime_spend_minor), lastPurchaseAt: (row.last_purchase_at as Date | null)?.toISOString() ?? null };
};
const handled = async (...events: EventEnvelope[]) => {
  for (let i = 0; i < 200; i++) {
    const rows = await sql.query(`SELECT DISTINCT event_id FROM inbox WHERE event_id = ANY($1::uuid[])`, [events.map((e) => e.id)]);
    if (rows.length === events.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting for the events to be handled');
};
const newClient = async (first: string, mergedInto: string | null = null): Promise<string> =>
  (await sql.query(`INSERT INTO clients (first_name, merged_into) VALUES ($1, $2) RETURNING id`, [first, mergedInto]))[0].id;

describe('lifetime spend from retail', () => {
  it('a sale adds its total, a refund takes its amount off, the same event twice counts once', async () => {
    const ana = await newClient('Ana');
    expect(await spendOf(ana)).toEqual({ spendMinor: 0, lastPurchaseAt: null });
    const sale = closed(ana, 8_085, '2026-11-20T17:05:00.000Z');
    await transport.publish([sale]);
    await handled(sale);
    expect(await spendOf(ana)).toEqual({ spendMinor: 8_085, lastPurchaseAt: '2026-11-20T17:05:00.000Z' });

    const refund = refunded(sale, 2_000);
    await transport.publish([refund, sale]);
    await handled(refund);
    // Published once more after the refund: the inbox has it, so the total stays net of the refund only.
    // The marker (a refund of nothing, on the same ticket so it comes after them) says the repeats were read.
    await transport.publish([refund]);
    const marker = refunded(sale, 0);
    await transport.publish([marker]);
    await handled(marker);
    expect(await spendOf(ana)).toEqual({ spendMinor: 6_085, lastPurchaseAt: '2026-11-20T17:05:00.000Z' });
    const rows = await sql.query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])`, [[sale.id, refund.id]]);
    expect(rows[0].n).toBe(2);
  });

  it('history (the demo’s past sales) counts; an older sale does not move the last purchase back', async () => {
    const ben = await newClient('Ben');
    const newer = closed(ben, 5_500, '2026-11-18T15:00:00.000Z', true);
    const older = closed(ben, 4_000, '2026-11-04T15:00:00.000Z', true);
    await transport.publish([newer, older]);
    await handled(newer, older);
    expect(await spendOf(ben)).toEqual({ spendMinor: 9_500, lastPurchaseAt: '2026-11-18T15:00:00.000Z' });
  });

  it('a merged-away profile’s sale counts for the survivor; a walk-in’s or an unknown client’s changes nobody', async () => {
    const cara = await newClient('Cara');
    const dup = await newClient('Cara S.', cara);
    const viaDuplicate = closed(dup, 3_000, '2026-11-22T16:00:00.000Z');
    const walkIn = closed(null, 1_500, '2026-11-22T16:30:00.000Z');
    const stranger = closed(randomUUID(), 2_500, '2026-11-22T16:45:00.000Z');
    const refundViaDuplicate = refunded(viaDuplicate, 500);
    await transport.publish([viaDuplicate, walkIn, stranger, refundViaDuplicate]);
    await handled(viaDuplicate, walkIn, stranger, refundViaDuplicate);
    expect(await spendOf(cara)).toEqual({ spendMinor: 2_500, lastPurchaseAt: '2026-11-22T16:00:00.000Z' });
    expect(await spendOf(dup)).toEqual({ spendMinor: 0, lastPurchaseAt: null });
  });

  it('a gift card bought and then spent counts once: tenders of stored value are not new spend', async () => {
    const dee = await newClient('Dee');
    const cardSale = closed(dee, 10_000, '2026-11-10T15:00:00.000Z');
    const cardPaid = tendered(cardSale, 'card', 10_000);
    const visit = closed(dee, 12_000, '2026-11-21T15:00:00.000Z');
    const byGiftCard = tendered(visit, 'gift_card', 10_000);
    const byCard = tendered(visit, 'card', 2_000);
    const backOntoCard = {
      ...refunded(visit, 3_000),
      payload: { ...refunded(visit, 3_000).payload, method: 'gift_card' },
    } as EventEnvelope;
    await transport.publish([cardSale, cardPaid, visit, byGiftCard, byCard, backOntoCard]);
    await handled(cardSale, cardPaid, visit, byGiftCard, byCard, backOntoCard);
    // 100 for the card + 20 of new money for the visit; the 30 refunded onto the gift card was never counted as spend.
    expect(await spendOf(dee)).toEqual({ spendMinor: 12_000, lastPurchaseAt: '2026-11-21T15:00:00.000Z' });
  });
});
