import 'reflect-metadata';
import { appointmentServiceSnapshotSchema } from '@salon/contracts';
import { ConfigError, OutboxWriter } from '@salon/nest-kit';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadRetailConfig } from './config.js';
import { demoProducts, demoStock } from './database/demo-products.js';
import { demoSalePlan, DEMO_PRODUCTS } from './database/demo-sales.js';
import { StockRepository } from './modules/products/persistence/stock.repository.js';
import { DEMO_PLANS, demoGiftCards, demoHoldings } from './database/demo-prepaid.js';
import { normalizeCode } from './modules/gift-cards/domain/gift-cards.rules.js';
import { GiftCardRepository } from './modules/gift-cards/persistence/gift-card.repository.js';
import { periodEndOf } from './modules/memberships/domain/memberships.rules.js';
import { PlanRepository } from './modules/memberships/persistence/plan.repository.js';
import { PrepaidRepository } from './modules/memberships/persistence/prepaid.repository.js';
import { percentToBps, rateToPpm } from './modules/tickets/domain/money.rules.js';
import { computeTotals } from './modules/tickets/domain/ticket-totals.rules.js';

/**
 * `npm run seed -w @salon/retail`: the demo salon's checkout settings (Chicago: products taxed at
 * 10.25%, services untaxed) and a closed, cash-paid ticket for each of the demo week's completed
 * appointments, some with a product and most with a tip, once. Their events go through the outbox
 * like any sale. Before them, once, the 60 demo products with the stock each location received on a
 * purchase order two weeks ago, what the back-bar used and what was lost; the sales' products go
 * out of stock as they were sold. SEED-ONLY SHORTCUT: the appointments, staff names and locations are read (read-only)
 * from scheduling's and identity's databases (SCHEDULING_DATABASE_URL, IDENTITY_DATABASE_URL); the
 * running service never reads another service's tables.
 */
const PRODUCT_TAX_RATE = 10.25;

interface PastAppointment {
  id: string;
  location_id: string;
  client_id: string;
  ends_at: Date;
  price_minor: number;
  currency: string;
  service: unknown;
  staff: string[];
}

async function readOnly<T>(url: string | undefined, fallback: string, query: string): Promise<T[]> {
  const db = new pg.Client({ connectionString: url ?? fallback });
  await db.connect();
  try {
    return (await db.query(query)).rows as T[];
  } finally {
    await db.end();
  }
}

/**
 * The demo prepaid value (database/demo-prepaid.ts), once: the plans, gift cards with their ledgers
 * (issued, some spent) and members holding plans, each balance written through its ledger. The
 * members are the first clients of the demo appointments (scheduling's database, read-only).
 */
async function seedPrepaid(dataSource: DataSource) {
  const [location] = await readOnly<{ id: string }>(
    process.env.IDENTITY_DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/salon_identity',
    `SELECT id FROM locations ORDER BY name LIMIT 1`,
  );
  if (!location) return;
  const clients = await readOnly<{ client_id: string }>(
    process.env.SCHEDULING_DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/salon_scheduling',
    `SELECT client_id FROM appointments GROUP BY client_id ORDER BY min(starts_at), client_id LIMIT 20`,
  );
  const cards = new GiftCardRepository(dataSource);
  const held = new PrepaidRepository(dataSource);
  const plans = new PlanRepository(dataSource);
  const now = Date.now();
  const day = 86_400_000;
  await dataSource.transaction(async (m) => {
    const planIds: string[] = [];
    for (const p of DEMO_PLANS) planIds.push(await plans.insert(m, { ...p, serviceIds: [] }));
    for (const c of demoGiftCards()) {
      const issuedAt = new Date(now - c.issuedDaysAgo * day);
      const id = await cards.insert(m, {
        code: normalizeCode(c.code),
        kind: c.kind,
        initialMinor: c.amountMinor,
        currency: 'USD',
        clientId: null,
        locationId: location.id,
        soldOnTicketId: null,
        soldOnLineId: null,
        issuedAt,
        expiresAt: null,
      });
      const entry = async (kind: 'issued' | 'redeemed', amountMinor: number, at: Date) => {
        const after = await cards.moveBalance(m, id, amountMinor, at);
        if (after === null) throw new Error('demo gift card would go below zero');
        await cards.insertEntry(m, {
          giftCardId: id,
          kind,
          amountMinor,
          balanceAfterMinor: after,
          ticketId: null,
          paymentId: null,
          reason: kind === 'redeemed' ? 'Demo visit' : null,
          createdBy: null,
          createdAt: at,
        });
      };
      await entry('issued', c.amountMinor, issuedAt);
      for (const [i, r] of c.redeemed.entries()) await entry('redeemed', -r, new Date(issuedAt.getTime() + (i + 1) * 7 * day));
    }
    for (const h of demoHoldings()) {
      const client = clients[h.client];
      if (!client) continue;
      const plan = DEMO_PLANS[h.plan]!;
      const start = new Date(now - 10 * day);
      const id = await held.insert(m, {
        planId: planIds[h.plan]!,
        kind: plan.kind,
        clientId: client.client_id,
        locationId: location.id,
        status: h.status,
        creditsPerPeriod: plan.credits,
        serviceIds: [],
        discountBps: plan.discountBps,
        periodStart: start,
        periodEnd:
          plan.kind === 'membership' ? periodEndOf(start, plan.period!) : new Date(start.getTime() + (plan.validityDays ?? 365) * day),
        soldOnTicketId: null,
        soldOnLineId: null,
        createdAt: start,
      });
      let left = 0;
      const credit = async (kind: 'granted' | 'redeemed', credits: number) => {
        left = (await held.moveCredits(m, id, credits))!;
        await held.insertEntry(m, {
          clientPrepaidId: id,
          kind,
          credits,
          creditsAfter: left,
          ticketId: null,
          ticketLineId: null,
          lineName: kind === 'redeemed' ? 'Demo visit' : null,
          paymentId: null,
          createdBy: null,
          createdAt: start,
        });
      };
      await credit('granted', plan.credits);
      for (let i = 0; i < h.used; i++) await credit('redeemed', -1);
    }
  });
  console.log(
    JSON.stringify({
      service: 'retail',
      seededPlans: DEMO_PLANS.length,
      giftCards: demoGiftCards().length,
      members: demoHoldings().length,
    }),
  );
}

try {
  const config = loadRetailConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL });
  await dataSource.initialize();
  try {
    const stock = new StockRepository(dataSource);
    if (!(await dataSource.query(`SELECT 1 FROM products LIMIT 1`)).length) {
      const locations = await readOnly<{ id: string }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT id FROM locations ORDER BY name`,
      );
      const catalogue = demoProducts();
      const now = Date.now();
      const day = 86_400_000;
      let movements = 0;
      await dataSource.transaction(async (m) => {
        const ids: string[] = [];
        for (const p of catalogue) {
          const [row] = await m.query(
            `INSERT INTO products (name, brand, category, sku, barcode, cost_minor, price_minor, tax_class, use, low_stock_threshold, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
            [
              p.name,
              p.brand,
              p.category,
              p.sku,
              p.barcode,
              p.costMinor,
              p.priceMinor,
              p.taxClass,
              p.use,
              p.lowStockThreshold,
              new Date(now - 30 * day),
            ],
          );
          ids.push(row.id);
        }
        const move = async (
          productId: string,
          locationId: string,
          kind: 'received' | 'used' | 'adjusted',
          quantity: number,
          at: Date,
          extra: { purchaseOrderId?: string; reason?: string; unitCostMinor?: number } = {},
        ) => {
          const after = await stock.moveBalance(m, productId, locationId, quantity, at);
          if (after === null) throw new Error(`demo stock would go below zero (${productId})`);
          await stock.insertMovement(
            m,
            {
              productId,
              locationId,
              kind,
              quantity,
              unitCostMinor: extra.unitCostMinor ?? null,
              reason: extra.reason ?? null,
              ticketId: null,
              ticketLineId: null,
              purchaseOrderId: extra.purchaseOrderId ?? null,
              stockCountId: null,
              transferId: null,
              createdBy: null,
              createdAt: at,
            },
            after,
          );
          movements++;
        };
        for (const [l, loc] of locations.entries()) {
          const receivedAt = new Date(now - 14 * day);
          const [po] = await m.query(
            `INSERT INTO purchase_orders (location_id, supplier, status, created_at, ordered_at, received_at) VALUES ($1, 'Beauty Supply Co', 'received', $2, $2, $3) RETURNING id`,
            [loc.id, new Date(now - 18 * day), receivedAt],
          );
          for (const [i, p] of catalogue.entries()) {
            const s = demoStock(i, l, p.use);
            await m.query(
              `INSERT INTO purchase_order_lines (purchase_order_id, position, product_id, quantity, received, unit_cost_minor) VALUES ($1, $2, $3, $4, $4, $5)`,
              [po.id, i, ids[i], s.received, p.costMinor],
            );
            await move(ids[i]!, loc.id, 'received', s.received, receivedAt, { purchaseOrderId: po.id, unitCostMinor: p.costMinor });
            if (s.used) await move(ids[i]!, loc.id, 'used', -s.used, new Date(now - 3 * day), { reason: 'Colour services' });
            if (s.adjusted)
              await move(ids[i]!, loc.id, 'adjusted', s.adjusted, new Date(now - 5 * day), {
                reason: s.adjusted < -1 ? 'Damaged in storage' : 'Tester opened',
              });
          }
        }
      });
      console.log(JSON.stringify({ service: 'retail', seededProducts: catalogue.length, movements }));
    }
    if ((await dataSource.query(`SELECT 1 FROM tickets LIMIT 1`)).length) {
      console.log(JSON.stringify({ service: 'retail', seeded: false, reason: 'already seeded' }));
    } else {
      const locations = await readOnly<{ id: string }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT id FROM locations`,
      );
      const people = await readOnly<{ id: string; name: string }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT id, trim(first_name || ' ' || coalesce(last_name, '')) AS name FROM users`,
      );
      const names = new Map(people.map((p) => [p.id, p.name]));
      const past = await readOnly<PastAppointment>(
        process.env.SCHEDULING_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_scheduling',
        // The seed runs on the platform's clock (the browser walk shifts it), so "past" is compared in JS below.
        `SELECT a.id, a.location_id, a.client_id, a.ends_at, a.price_minor, a.currency, a.service,
                array_agg(s.staff_id ORDER BY s.position) AS staff
           FROM appointments a JOIN appointment_segments s ON s.appointment_id = a.id
          WHERE a.status = 'completed' GROUP BY a.id ORDER BY a.ends_at`,
      );
      const now = new Date();
      const outbox = new OutboxWriter();
      const productIds = new Map<string, string>(
        (await dataSource.query(`SELECT id, name FROM products WHERE brand = 'Lumen'`)).map((r: { id: string; name: string }) => [
          r.name,
          r.id,
        ]),
      );
      let tickets = 0;
      await dataSource.transaction(async (m) => {
        for (const loc of locations) {
          await m.query(
            `INSERT INTO pos_settings (location_id, service_tax_ppm, product_tax_ppm) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`,
            [loc.id, rateToPpm(PRODUCT_TAX_RATE)],
          );
        }
        for (const [i, a] of past.filter((p) => p.ends_at <= now && p.currency === 'USD').entries()) {
          const snapshot = appointmentServiceSnapshotSchema.safeParse(a.service);
          if (!snapshot.success) continue;
          const plan = demoSalePlan(i);
          const parts = snapshot.data.segments?.length
            ? snapshot.data.segments
            : [{ id: snapshot.data.id, name: snapshot.data.name, priceMinor: a.price_minor }];
          const lines = [
            ...parts.map((p, s) => ({
              kind: 'service' as const,
              name: p.name,
              quantity: 1,
              unitPriceMinor: p.priceMinor,
              listUnitPriceMinor: p.priceMinor,
              staffId: a.staff[s] ?? a.staff[0] ?? null,
              appointmentId: a.id,
              serviceId: p.id,
              discount: null,
            })),
            ...(plan.product === null
              ? []
              : [
                  {
                    kind: 'product' as const,
                    ...DEMO_PRODUCTS[plan.product]!,
                    quantity: 1,
                    listUnitPriceMinor: null,
                    staffId: null,
                    appointmentId: null,
                    serviceId: null,
                    discount: null,
                  },
                ]),
          ];
          const tip = plan.tipPercent ? { mode: 'percent' as const, bps: percentToBps(plan.tipPercent) } : null;
          const outcome = computeTotals({ lines, discount: null, tip, rates: { servicePpm: 0, productPpm: rateToPpm(PRODUCT_TAX_RATE) } });
          if (!outcome.ok) continue;
          const t = outcome.totals;
          // Checked out a few minutes after the visit ended.
          const closedAt = new Date(Math.min(a.ends_at.getTime() + (5 + (i % 10)) * 60_000, now.getTime()));
          const tipSplit = (t.tip?.split ?? []).map((s) => ({
            staffId: s.staffId,
            staffName: s.staffId ? (names.get(s.staffId) ?? null) : null,
            amountMinor: s.amountMinor,
          }));
          const [ticket] = await m.query(
            `INSERT INTO tickets (location_id, client_id, status, service_tax_ppm, product_tax_ppm, discount_limit_bps, tip, tip_split,
               subtotal_minor, discount_minor, tax_minor, tip_minor, total_minor, paid_minor, opened_at, closed_at)
             VALUES ($1, $2, 'closed', 0, $3, 2000, $4, $5, $6, 0, $7, $8, $9, $9, $10, $11) RETURNING id, number`,
            [
              a.location_id,
              a.client_id,
              rateToPpm(PRODUCT_TAX_RATE),
              tip && t.tip
                ? JSON.stringify({ rule: tip, amountMinor: t.tip.amountMinor, baseMinor: t.tip.baseMinor, splitMode: 'proportional' })
                : null,
              JSON.stringify(tipSplit),
              t.subtotalMinor,
              t.taxMinor,
              t.tipMinor,
              t.totalMinor,
              a.ends_at,
              closedAt,
            ],
          );
          await m.query(`INSERT INTO ticket_appointments (ticket_id, appointment_id) VALUES ($1, $2)`, [ticket.id, a.id]);
          for (const [position, l] of lines.entries()) {
            const lt = t.lines[position]!;
            const [lineRow] = await m.query(
              `INSERT INTO ticket_lines (ticket_id, position, kind, name, quantity, unit_price_minor, list_unit_price_minor, staff_id, staff_name,
                 appointment_id, service_id, gross_minor, discount_minor, net_minor, tax_ppm, tax_minor, total_minor, product_id, tax_class)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
              [
                ticket.id,
                position,
                l.kind,
                l.name,
                l.quantity,
                l.unitPriceMinor,
                l.listUnitPriceMinor,
                l.staffId,
                l.staffId ? (names.get(l.staffId) ?? null) : null,
                l.appointmentId,
                l.serviceId,
                lt.grossMinor,
                lt.discountMinor,
                lt.netMinor,
                lt.taxPpm,
                lt.taxMinor,
                lt.totalMinor,
                l.kind === 'product' ? (productIds.get(l.name) ?? null) : null,
                l.kind === 'product' ? 'product' : null,
              ],
            );
            const productId = l.kind === 'product' ? productIds.get(l.name) : undefined;
            if (productId) {
              // Sold as the ticket closed: out of the location's stock, as a live sale does (skipped if the demo ran out).
              const after = await stock.moveBalance(m, productId, a.location_id, -l.quantity, closedAt);
              if (after !== null)
                await stock.insertMovement(
                  m,
                  {
                    productId,
                    locationId: a.location_id,
                    kind: 'sold',
                    quantity: -l.quantity,
                    unitCostMinor: null,
                    reason: null,
                    ticketId: ticket.id,
                    ticketLineId: lineRow.id,
                    purchaseOrderId: null,
                    stockCountId: null,
                    transferId: null,
                    createdBy: null,
                    createdAt: closedAt,
                  },
                  after,
                );
            }
          }
          const tendered = plan.roundUpCash ? Math.ceil(t.totalMinor / 2000) * 2000 : t.totalMinor;
          const [payment] = await m.query(
            `INSERT INTO payments (ticket_id, location_id, client_id, method, status, amount_minor, tendered_minor, change_minor, currency,
               idempotency_key, request_fingerprint, created_at)
             VALUES ($1, $2, $3, 'cash', 'succeeded', $4, $5, $6, 'USD', $7, 'seed', $8) RETURNING id`,
            [ticket.id, a.location_id, a.client_id, t.totalMinor, tendered, tendered - t.totalMinor, `seed-${ticket.id}`, closedAt],
          );
          const envelope = { aggregateType: 'ticket', aggregateId: ticket.id as string, locationId: a.location_id };
          await outbox.appendAll(m, [
            {
              ...envelope,
              type: 'retail.payment.succeeded.v1',
              payload: {
                paymentId: payment.id,
                ticketId: ticket.id,
                clientId: a.client_id,
                method: 'cash',
                amountMinor: t.totalMinor,
                currency: 'USD',
                appointmentIds: [a.id],
              },
            },
            {
              ...envelope,
              type: 'retail.ticket.closed.v1',
              payload: {
                ticketId: ticket.id,
                number: ticket.number,
                clientId: a.client_id,
                appointmentIds: [a.id],
                closedAt: closedAt.toISOString(),
                subtotalMinor: t.subtotalMinor,
                discountMinor: 0,
                taxMinor: t.taxMinor,
                tipMinor: t.tipMinor,
                totalMinor: t.totalMinor,
                currency: 'USD',
                lines: lines.map((l, p) => ({
                  kind: l.kind,
                  name: l.name,
                  quantity: l.quantity,
                  netMinor: t.lines[p]!.netMinor,
                  staffId: l.staffId,
                  appointmentId: l.appointmentId,
                  serviceId: l.serviceId,
                })),
                tips: tipSplit.map((s) => ({ staffId: s.staffId, amountMinor: s.amountMinor })),
              },
            },
          ]);
          tickets++;
        }
      });
      console.log(JSON.stringify({ service: 'retail', seeded: true, locations: locations.length, closedTickets: tickets }));
    }
    if (!(await dataSource.query(`SELECT 1 FROM prepaid_plans LIMIT 1`)).length) await seedPrepaid(dataSource);
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `retail seed failed: ${(error as Error).message}`);
  process.exit(1);
}
