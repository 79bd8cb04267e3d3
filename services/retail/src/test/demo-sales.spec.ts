import { OutboxWriter } from '@salon/nest-kit';
import { createTestDatabase, type TestDatabase } from '@salon/nest-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { DemoSaleWriter, historyTenders } from '../database/demo-sales.writer.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { StockRepository } from '../modules/products/persistence/stock.repository.js';
import { CLIENT, LOCATION, SERVICE, STAFF } from './retail-app.js';

// The demo seed's sales writer against real PostgreSQL: a past ticket is written as checkout leaves
// one, and its events (dated when it happened) are the ones a live close and refund publish.
let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('retail_demo_sales', { entities: ENTITIES, migrations: MIGRATIONS });
  ds = new DataSource({ type: 'postgres', url: db.url, entities: ENTITIES });
  await ds.initialize();
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

describe('DemoSaleWriter', () => {
  it('writes a closed, paid ticket with split tenders and a product out of stock, and its events dated at the close; then a refund', async () => {
    const [product] = await ds.query(
      `INSERT INTO products (name, brand, category, sku, cost_minor, price_minor) VALUES ('Repair Mask', 'Lumen', 'Hair care', 'DEMO-1', 1200, 2850) RETURNING id`,
    );
    await ds.query(`INSERT INTO stock_balances (product_id, location_id, on_hand, updated_at) VALUES ($1, $2, 5, now())`, [
      product.id,
      LOCATION,
    ]);
    const writer = new DemoSaleWriter(new OutboxWriter(), new StockRepository(ds), new Map([[STAFF.dana.id, STAFF.dana.name]]));
    const closedAt = new Date('2026-11-12T17:20:00Z');
    const sale = await ds.transaction((m) =>
      writer.write(m, {
        locationId: LOCATION,
        clientId: CLIENT(1),
        appointmentIds: [],
        openedAt: new Date('2026-11-12T16:30:00Z'),
        closedAt,
        rates: { servicePpm: 0, productPpm: 102_500 },
        tipPercent: 20,
        lines: [
          {
            kind: 'service',
            name: 'Haircut',
            unitPriceMinor: 5500,
            staffId: STAFF.dana.id,
            appointmentId: null,
            serviceId: SERVICE.haircut,
            productId: null,
          },
          {
            kind: 'product',
            name: 'Repair Mask',
            unitPriceMinor: 2850,
            staffId: STAFF.dana.id,
            appointmentId: null,
            serviceId: null,
            productId: product.id,
            taxClass: 'product',
          },
        ],
        tenders: (total) => historyTenders('split', true, total),
      }),
    );
    // 55.00 + 28.50 + tax 2.92 (10.25% of the product) + tip 11.00 (20% of the service) = 97.42.
    expect(sale).not.toBeNull();
    const [ticket] = await ds.query(
      `SELECT status, subtotal_minor, tax_minor, tip_minor, total_minor, paid_minor, closed_at, tip_split FROM tickets WHERE id = $1`,
      [sale!.ticketId],
    );
    expect(ticket).toMatchObject({
      status: 'closed',
      subtotal_minor: 8350,
      tax_minor: 292,
      tip_minor: 1100,
      total_minor: 9742,
      paid_minor: 9742,
      closed_at: closedAt,
    });
    expect(ticket.tip_split).toEqual([{ staffId: STAFF.dana.id, staffName: 'Dana Lee', amountMinor: 1100 }]);
    expect(
      await ds.query(
        `SELECT method, amount_minor, tendered_minor, change_minor FROM payments WHERE ticket_id = $1 ORDER BY created_at, method`,
        [sale!.ticketId],
      ),
    ).toEqual([
      { method: 'card', amount_minor: 4871, tendered_minor: null, change_minor: 0 },
      { method: 'cash', amount_minor: 4871, tendered_minor: 6000, change_minor: 1129 },
    ]);
    expect(await ds.query(`SELECT on_hand FROM stock_balances WHERE product_id = $1`, [product.id])).toEqual([{ on_hand: 4 }]);

    const events = await ds.query(`SELECT type, envelope FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [sale!.ticketId]);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'retail.payment.succeeded.v1',
      'retail.payment.succeeded.v1',
      'retail.ticket.closed.v1',
    ]);
    for (const e of events) expect(e.envelope.occurredAt).toBe(closedAt.toISOString());
    expect(events[2].envelope.payload).toMatchObject({
      totalMinor: 9742,
      tipMinor: 1100,
      taxMinor: 292,
      lines: [
        { kind: 'service', netMinor: 5500, staffId: STAFF.dana.id, serviceId: SERVICE.haircut, productId: null },
        { kind: 'product', netMinor: 2850, productId: product.id },
      ],
      tips: [{ staffId: STAFF.dana.id, amountMinor: 1100 }],
    });

    // The product comes back the next day: refunded from the larger tender, dated then.
    const at = new Date('2026-11-13T15:00:00Z');
    expect(await ds.transaction((m) => writer.refund(m, sale!, 3142, 'Product returned unopened', at))).toBe(true);
    expect(await ds.query(`SELECT refunded_minor FROM tickets WHERE id = $1`, [sale!.ticketId])).toEqual([{ refunded_minor: 3142 }]);
    const [refund] = await ds.query(`SELECT envelope FROM outbox WHERE type = 'retail.payment.refunded.v1' AND aggregate_id = $1`, [
      sale!.ticketId,
    ]);
    expect(refund.envelope).toMatchObject({
      occurredAt: at.toISOString(),
      payload: { ticketId: sale!.ticketId, amountMinor: 3142, reason: 'Product returned unopened', method: 'card' },
    });
    // Nothing covers a refund above every tender.
    expect(await ds.transaction((m) => writer.refund(m, sale!, 9000, 'Too much', at))).toBe(false);
  });
});
