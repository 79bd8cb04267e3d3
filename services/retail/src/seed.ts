import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { appointmentServiceSnapshotSchema, type ProductTaxClass } from '@salon/contracts';
import { ConfigError, OutboxWriter } from '@salon/nest-kit';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadRetailConfig } from './config.js';
import { demoProducts, demoStock } from './database/demo-products.js';
import { planVisitPayments } from './database/demo-history.js';
import { DemoSaleWriter, historyTenders } from './database/demo-sales.writer.js';
import { StockRepository } from './modules/products/persistence/stock.repository.js';
import { DEMO_PLANS, demoGiftCards, demoHoldings } from './database/demo-prepaid.js';
import { normalizeCode } from './modules/gift-cards/domain/gift-cards.rules.js';
import { GiftCardRepository } from './modules/gift-cards/persistence/gift-card.repository.js';
import { periodEndOf } from './modules/memberships/domain/memberships.rules.js';
import { PlanRepository } from './modules/memberships/persistence/plan.repository.js';
import { PrepaidRepository } from './modules/memberships/persistence/prepaid.repository.js';
import { rateToPpm } from './modules/tickets/domain/money.rules.js';

/**
 * `npm run seed -w @salon/retail`: the demo salon's checkout settings (Chicago: products taxed at
 * 10.25%, services untaxed) and a closed, paid ticket for each completed demo appointment before
 * now (scheduling's demo holds the two weeks before this one; database/demo-history.ts: some
 * products, most with a tip, card, cash and split tenders, two refunds), once. Their events go
 * through the outbox like any sale's,
 * dated when they happened (DemoSaleWriter), so payroll's reports and clients' history read them as
 * live sales. Before them, once, the 60 demo products with the stock each location received on a
 * purchase order three weeks ago, what the back-bar used and what was lost; the sales' products go
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
 * members are the first clients of the demo appointments (scheduling's database, read-only). The
 * issues, redemptions and memberships publish their events through the outbox, dated when they
 * happened, so payroll's reports show the demo's gift card liability and MRR.
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
  const outbox = new OutboxWriter();
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
      // The events a live sale and live redemptions publish, dated when they happened (payroll's
      // gift card liability is made of them).
      const event = { aggregateType: 'gift-card', aggregateId: id, locationId: location.id, actor: { type: 'system' as const, id: null } };
      await outbox.append(m, {
        ...event,
        type: 'retail.gift-card.issued.v1',
        occurredAt: issuedAt,
        payload: {
          giftCardId: id,
          kind: c.kind,
          amountMinor: c.amountMinor,
          currency: 'USD',
          clientId: null,
          ticketId: null,
          expiresAt: null,
        },
      });
      let balance = c.amountMinor;
      for (const [i, r] of c.redeemed.entries()) {
        const at = new Date(issuedAt.getTime() + (i + 1) * 7 * day);
        await entry('redeemed', -r, at);
        balance -= r;
        // A demo redemption was rung on no ticket: its event names made-up ids, never a real ticket or payment.
        await outbox.append(m, {
          ...event,
          type: 'retail.gift-card.redeemed.v1',
          occurredAt: at,
          payload: {
            giftCardId: id,
            ticketId: randomUUID(),
            paymentId: randomUUID(),
            amountMinor: r,
            balanceAfterMinor: balance,
            currency: 'USD',
          },
        });
      }
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
        // The demo's members have no card on file: the desk renews them.
        billing: 'none',
        billingCardId: null,
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
      if (plan.kind === 'membership')
        await outbox.append(m, {
          type: 'retail.membership.started.v1',
          aggregateType: 'client-prepaid',
          aggregateId: id,
          locationId: location.id,
          actor: { type: 'system', id: null },
          occurredAt: start,
          payload: {
            membershipId: id,
            planId: planIds[h.plan]!,
            clientId: client.client_id,
            periodEnd: periodEndOf(start, plan.period!).toISOString(),
            planName: plan.name,
            priceMinor: plan.priceMinor,
            period: plan.period!,
          },
        });
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
          const receivedAt = new Date(now - 21 * day);
          const [po] = await m.query(
            `INSERT INTO purchase_orders (location_id, supplier, status, created_at, ordered_at, received_at) VALUES ($1, 'Beauty Supply Co', 'received', $2, $2, $3) RETURNING id`,
            [loc.id, new Date(now - 25 * day), receivedAt],
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
      const locations = await readOnly<{ id: string; time_zone: string }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT id, time_zone FROM locations ORDER BY name`,
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
      const productRows: { id: string; name: string; price_minor: number; tax_class: ProductTaxClass }[] = await dataSource.query(
        `SELECT id, name, price_minor, tax_class FROM products WHERE use = 'retail' ORDER BY sku, id LIMIT 12`,
      );
      const sales = new DemoSaleWriter(new OutboxWriter(), stock, names);
      const rates = { servicePpm: 0, productPpm: rateToPpm(PRODUCT_TAX_RATE) };
      const visits = past.filter((p) => p.currency === 'USD');
      const byId = new Map(visits.map((v) => [v.id, v]));
      let tickets = 0;
      let refunds = 0;
      await dataSource.transaction(async (m) => {
        for (const loc of locations) {
          await m.query(
            `INSERT INTO pos_settings (location_id, service_tax_ppm, product_tax_ppm) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`,
            [loc.id, rates.productPpm],
          );
        }
        // Every completed visit before now, paid a few minutes after it ended: see demo-history.ts.
        const plan = planVisitPayments({
          now,
          visits: visits.map((v) => ({ appointmentId: v.id, locationId: v.location_id, clientId: v.client_id, endsAt: v.ends_at })),
          timeZones: new Map(locations.map((l) => [l.id, l.time_zone])),
          productCount: productRows.length,
        });
        for (const h of plan) {
          const a = byId.get(h.appointmentId)!;
          const snapshot = appointmentServiceSnapshotSchema.safeParse(a.service);
          if (!snapshot.success) continue;
          const parts = snapshot.data.segments?.length
            ? snapshot.data.segments
            : [{ id: snapshot.data.id, name: snapshot.data.name, priceMinor: a.price_minor }];
          const product = h.product === null ? null : productRows[h.product]!;
          const written = await sales.write(m, {
            locationId: a.location_id,
            clientId: a.client_id,
            appointmentIds: [a.id],
            openedAt: a.ends_at,
            closedAt: h.closedAt,
            rates,
            tipPercent: h.tipPercent,
            lines: [
              ...parts.map((p, s) => ({
                kind: 'service' as const,
                name: p.name,
                unitPriceMinor: p.priceMinor,
                staffId: a.staff[s] ?? a.staff[0] ?? null,
                appointmentId: a.id,
                serviceId: p.id,
                productId: null,
              })),
              ...(product
                ? [
                    {
                      kind: 'product' as const,
                      name: product.name,
                      unitPriceMinor: product.price_minor,
                      staffId: a.staff[0] ?? null,
                      appointmentId: null,
                      serviceId: null,
                      productId: product.id,
                      taxClass: product.tax_class,
                    },
                  ]
                : []),
            ],
            tenders: (total) => historyTenders(h.tender, h.roundUpCash, total),
          });
          if (!written) continue;
          tickets++;
          if (h.refund) {
            const amount =
              h.refund.what === 'product'
                ? written.lines.filter((l) => l.kind === 'product').reduce((sum, l) => sum + l.totalMinor, 0)
                : Math.round(written.lines.filter((l) => l.kind === 'service').reduce((sum, l) => sum + l.netMinor, 0) / 2);
            if (amount > 0 && (await sales.refund(m, written, amount, h.refund.reason, h.refund.at))) refunds++;
          }
        }
      });
      console.log(JSON.stringify({ service: 'retail', seeded: true, locations: locations.length, closedTickets: tickets, refunds }));
    }
    if (!(await dataSource.query(`SELECT 1 FROM prepaid_plans LIMIT 1`)).length) await seedPrepaid(dataSource);
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `retail seed failed: ${(error as Error).message}`);
  process.exit(1);
}
