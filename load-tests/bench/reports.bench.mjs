// Benchmark: a month's reports over a year of a busy salon's sales (issue 14).
//
// Creates its own database (bench_reports_<rand>), migrates it with the payroll service's
// migrations, fills its projections as the events would (sales tickets, lines, tips, payments,
// refunds, appointments, clients, working weeks, gift cards, memberships, automation sends) for a
// year at 3 locations, VACUUM ANALYZE, then times the service's own ReportsUseCase.report (every
// section: sales by day/service/staff/method/location, appointments with utilisation, clients,
// staff, top products, gift card liability, MRR, automation results) for a month, all locations
// and one location.
// Prints p50/p95/p99 and drops the database.
//
// Needs the payroll service built (`npx turbo run build --filter=@salon/payroll...`). `npm run bench`:
//   const reports = await import('../../load-tests/bench/reports.bench.mjs');
//   const result = await reports.run({ adminUrl });   // → { tickets, lines, appointments, monthAll: {p50,p95,p99}, monthOne: {...} }
// Standalone: node load-tests/bench/reports.bench.mjs [--tickets-per-day 150] [--iterations 50]
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { round, stats } from './latency-stats.mjs';

const PAYROLL_DIR = fileURLToPath(new URL('../../services/payroll/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${PAYROLL_DIR}dist/${path}`).href);

const LOCATIONS = ['10c00000-0000-4000-8000-000000000001', '10c00000-0000-4000-8000-000000000002', '10c00000-0000-4000-8000-000000000003'];
const STAFF = Array.from({ length: 24 }, (_, i) => `5a000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const SERVICES = Array.from({ length: 30 }, (_, i) => `5e000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);

export async function run({
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  ticketsPerDay = 150,
  days = 365,
  iterations = 50,
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { ReportsRepository } = await dist('modules/reports/persistence/reports.repository.js');
  const { ReportsUseCase } = await dist('modules/reports/use-cases/reports.use-case.js');

  const database = `bench_reports_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await nestKit.ensureDatabase(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  let dataSource;
  try {
    await nestKit.runMigrations(databaseUrl, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    const t0 = Date.now();
    const end = '2026-11-01T00:00:00Z';
    await db.query(
      `INSERT INTO locations (location_id, time_zone, name) SELECT l, 'America/Chicago', 'Location ' || i FROM unnest($1::uuid[]) WITH ORDINALITY AS u(l, i)`,
      [LOCATIONS],
    );
    await db.query(
      `INSERT INTO report_clients (client_id, first_name, last_name, source, created_at)
       SELECT md5('c' || i)::uuid, 'Client', 'No ' || i, 'staff', $1::timestamptz - (i % $2::int) * interval '1 day' FROM generate_series(1, 20000) AS i`,
      [end, days],
    );
    // Tickets spread over the year's opening hours at each location; two lines each (a service, and a product every third).
    await db.query(
      `INSERT INTO sales_tickets (ticket_id, location_id, number, closed_at, total_minor, tip_minor, currency, client_id, subtotal_minor, discount_minor, tax_minor)
       SELECT md5('t' || n)::uuid, ($3::uuid[])[1 + n % 3], n,
              $1::timestamptz - ((n / $4::int) % $2::int) * interval '1 day' + interval '15 hours' + (n % $4::int) * interval '3 minutes',
              6500 + n % 4000 + 800 + (CASE WHEN n % 3 = 0 THEN 160 ELSE 0 END), 800, 'USD', md5('c' || (1 + n % 20000))::uuid,
              6500 + n % 4000, 0, CASE WHEN n % 3 = 0 THEN 160 ELSE 0 END
         FROM generate_series(1, $2::int * $4::int * 3) AS n`,
      [end, days, LOCATIONS, ticketsPerDay],
    );
    await db.query(
      `INSERT INTO sales_lines (line_id, ticket_id, position, kind, name, quantity, net_minor, staff_id, service_id, product_id, closed_at, location_id)
       SELECT ticket_id::text || ':0', ticket_id, 0, 'service', 'Service ' || (number % 30), 1, subtotal_minor - CASE WHEN number % 3 = 0 THEN 2000 ELSE 0 END,
              ($1::uuid[])[1 + number % 24], ($2::uuid[])[1 + number % 30], NULL, closed_at, location_id FROM sales_tickets`,
      [STAFF, SERVICES],
    );
    await db.query(
      `INSERT INTO sales_lines (line_id, ticket_id, position, kind, name, quantity, net_minor, staff_id, service_id, product_id, closed_at, location_id)
       SELECT ticket_id::text || ':1', ticket_id, 1, 'product', 'Product ' || (number % 60), 1, 2000, ($1::uuid[])[1 + number % 24], NULL, md5('p' || (number % 60))::uuid,
              closed_at, location_id
         FROM sales_tickets WHERE number % 3 = 0`,
      [STAFF],
    );
    await db.query(
      `INSERT INTO sales_tips (ticket_id, staff_id, amount_minor, closed_at, location_id)
       SELECT ticket_id, ($1::uuid[])[1 + number % 24], tip_minor, closed_at, location_id FROM sales_tickets`,
      [STAFF],
    );
    await db.query(
      `INSERT INTO sales_payments (payment_id, ticket_id, method, amount_minor, occurred_at, closed_at, location_id)
       SELECT md5('p' || ticket_id::text)::uuid, ticket_id, (ARRAY['cash','card','terminal'])[1 + number % 3], total_minor, closed_at, closed_at, location_id
         FROM sales_tickets`,
    );
    await db.query(
      `INSERT INTO sales_refunds (refund_id, payment_id, ticket_id, location_id, amount_minor, reason, refunded_at)
       SELECT md5('r' || ticket_id::text)::uuid, md5('p' || ticket_id::text)::uuid, ticket_id, location_id, 1000, 'bench', closed_at + interval '1 day'
         FROM sales_tickets WHERE number % 97 = 0`,
    );
    await db.query(
      `INSERT INTO appointments (appointment_id, location_id, client_id, staff_id, service_id, starts_at, ends_at, price_minor, source, status, updated_at)
       SELECT md5('a' || ticket_id::text)::uuid, location_id, client_id, ($1::uuid[])[1 + number % 24], ($2::uuid[])[1 + number % 30], closed_at - interval '1 hour', closed_at,
              subtotal_minor, CASE WHEN number % 4 = 0 THEN 'online' ELSE 'staff' END,
              CASE WHEN number % 40 = 0 THEN 'no_show' WHEN number % 25 = 0 THEN 'cancelled' ELSE 'completed' END, closed_at
         FROM sales_tickets`,
      [STAFF, SERVICES],
    );
    // The newer sections' projections: every person's week at every location (changed each quarter),
    // 5,000 gift cards with a redemption each and a refund now and then, 1,200 memberships (a tenth
    // cancelled), and an automation send per ticket.
    await db.query(
      `INSERT INTO report_working_weeks (staff_id, location_id, effective_at, intervals)
       SELECT s, l, $1::timestamptz - q * interval '91 days',
              (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'start', '09:00', 'end', '18:00', 'kind', 'work')) FROM generate_series(1, 6) AS d)
              || (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'start', '12:30', 'end', '13:00', 'kind', 'break')) FROM generate_series(1, 6) AS d)
         FROM unnest($2::uuid[]) AS s, unnest($3::uuid[]) AS l, generate_series(0, 4) AS q`,
      [end, STAFF, LOCATIONS],
    );
    await db.query(
      `INSERT INTO report_gift_cards (gift_card_id, location_id, currency, issued_at, expires_at)
       SELECT 'g' || i, ($1::uuid[])[1 + i % 3], 'USD', $2::timestamptz - (i % $3::int) * interval '1 day',
              CASE WHEN i % 4 = 0 THEN $2::timestamptz - (i % $3::int) * interval '1 day' + interval '180 days' END
         FROM generate_series(1, 5000) AS i`,
      [LOCATIONS, end, days],
    );
    await db.query(
      `INSERT INTO report_gift_card_movements (movement_key, gift_card_id, payment_id, kind, amount_minor, at)
       SELECT 'issued:' || gift_card_id, gift_card_id, NULL, 'issued', 10000, issued_at FROM report_gift_cards
       UNION ALL
       SELECT 'redeemed:p' || gift_card_id, gift_card_id, 'p' || gift_card_id, 'redeemed', -4000, issued_at + interval '20 days' FROM report_gift_cards
       UNION ALL
       SELECT 'refunded:r' || gift_card_id, NULL, 'p' || gift_card_id, 'refunded', 1000, issued_at + interval '25 days'
         FROM report_gift_cards WHERE substr(gift_card_id, 2)::int % 10 = 0`,
    );
    await db.query(
      `INSERT INTO report_memberships (membership_id, plan_id, plan_name, price_minor, period, currency, client_id, location_id, started_at, cancelled_at)
       SELECT 'm' || i, CASE WHEN i % 5 = 0 THEN 'annual' ELSE 'club' END, CASE WHEN i % 5 = 0 THEN 'Annual' ELSE 'Club' END,
              CASE WHEN i % 5 = 0 THEN 89000 ELSE 7900 END, CASE WHEN i % 5 = 0 THEN 'year' ELSE 'month' END, 'USD',
              md5('c' || i)::uuid, ($1::uuid[])[1 + i % 3], $2::timestamptz - (i % $3::int) * interval '1 day',
              CASE WHEN i % 10 = 0 THEN $2::timestamptz - (i % 30) * interval '1 day' END
         FROM generate_series(1, 1200) AS i`,
      [LOCATIONS, end, days],
    );
    await db.query(
      `INSERT INTO report_automation_sends (send_id, kind, location_id, outcome, channels, at)
       SELECT ticket_id::text, (ARRAY['reminder','second-reminder','thank-you','rebook','booking-confirmation'])[1 + number % 5], location_id,
              CASE WHEN number % 11 = 0 THEN 'skipped' WHEN number % 13 = 0 THEN 'cancelled' ELSE 'sent' END,
              CASE WHEN number % 11 = 0 OR number % 13 = 0 THEN '{}'::text[] WHEN number % 4 = 0 THEN '{sms,email}' ELSE '{sms}' END,
              closed_at - interval '1 day'
         FROM sales_tickets`,
    );
    await db.query('VACUUM ANALYZE');
    const count = async (table) => Number((await db.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
    const [tickets, lines, appointments] = [await count('sales_tickets'), await count('sales_lines'), await count('appointments')];
    log(
      `  ${tickets.toLocaleString('en-US')} tickets, ${lines.toLocaleString('en-US')} lines, ${appointments.toLocaleString('en-US')} appointments over ${days} days at ${LOCATIONS.length} locations in ${round((Date.now() - t0) / 1000)} s`,
    );

    dataSource = new DataSource({ type: 'postgres', url: databaseUrl, entities: ENTITIES, extra: { max: 8 } });
    await dataSource.initialize();
    const names = { nameOf: async (id) => `Staff ${id.slice(-2)}` };
    const useCase = new ReportsUseCase(
      new ReportsRepository(dataSource),
      names,
      { now: () => new Date(end) },
      { DEFAULT_TIME_ZONE: 'America/Chicago' },
    );
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
    const monthRange = (i) => {
      const m = months[i % months.length];
      const last = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5)), 0)).getUTCDate();
      return { from: `${m}-01`, to: `${m}-${last}` };
    };
    const time = async (fn) => {
      for (let i = 0; i < 3; i++) await fn(i); // warm-up
      const out = [];
      for (let i = 0; i < iterations; i++) {
        const start = process.hrtime.bigint();
        await fn(i);
        out.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      return stats(out);
    };
    let monthTickets = 0;
    const monthAll = await time(async (i) => {
      monthTickets = (await useCase.report({ ...monthRange(i), locationId: null })).sales.totals.tickets;
    });
    const monthOne = await time((i) => useCase.report({ ...monthRange(i), locationId: LOCATIONS[i % 3] }));
    const dashboard = await time((i) => useCase.dashboard(LOCATIONS[i % 3]));
    const result = { tickets, lines, appointments, monthTickets, monthAll, monthOne, dashboard, goalP95Ms: 500 };
    log(
      `  a month, all locations (${monthTickets.toLocaleString('en-US')} tickets): p50 ${monthAll.p50} ms  p95 ${monthAll.p95} ms  p99 ${monthAll.p99} ms`,
    );
    log(`  a month, one location:                  p50 ${monthOne.p50} ms  p95 ${monthOne.p95} ms  p99 ${monthOne.p99} ms`);
    log(`  dashboard figures (today, a location):  p50 ${dashboard.p50} ms  p95 ${dashboard.p95} ms  p99 ${dashboard.p99} ms`);
    return result;
  } finally {
    await dataSource?.destroy();
    await db.end().catch(() => {});
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'tickets-per-day': { type: 'string' }, iterations: { type: 'string' } } });
  const result = await run({ ticketsPerDay: Number(values['tickets-per-day'] ?? 150), iterations: Number(values.iterations ?? 50) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
