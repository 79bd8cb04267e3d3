// Benchmark: drafting a payroll run for 50 staff over two weeks (issue 14), through the real
// payroll service over HTTP.
//
// Starts the built payroll service (dist/main.js) on its own database and Redis prefix, gives 50
// people a pay rule through the API (hourly rate, tiered service commission, product commission,
// tips paid through), and fills what the run reads as the events and the time clock would: ten
// approved 8-hour shifts with a lunch break for each person, and their two weeks of sales (eight
// tickets a working day each: a service, a product every third ticket, a tip, a refund now and
// then). Then POST /api/payroll/runs drafts the period again and again (a draft is recomputed in
// place) and reports p50/p95 of the whole request, and the run's line count and total.
//
// Needs the payroll service built (`npx turbo run build --filter=@salon/payroll...`). `npm run bench`:
//   const payroll = await import('../../load-tests/bench/payroll-run.bench.mjs');
//   const result = await payroll.run({ adminUrl });   // → { staff, tickets, lines, draft: {p50,p95,p99}, … }
// Standalone: node load-tests/bench/payroll-run.bench.mjs [--staff 50] [--iterations 20]
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropRedisKeys } from '@salon/nest-kit/testing';
import { stats } from './latency-stats.mjs';
import { freePort, serviceEnv, startServiceProcess } from './service-process.mjs';

const PAYROLL_DIR = fileURLToPath(new URL('../../services/payroll/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${PAYROLL_DIR}dist/${path}`).href);

const LOCATIONS = ['10c00000-0000-4000-8000-000000000001', '10c00000-0000-4000-8000-000000000002'];
const PERIOD = { periodStart: '2026-11-02', periodEnd: '2026-11-15' };
const staffId = (i) => `5a000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;

/** Identity's user lookup (the run's names): every bench person answers. */
function fakeIdentity() {
  const server = createServer((req, res) => {
    const id = req.url?.split('/').at(-1) ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id, firstName: 'Stylist', lastName: id.slice(-3), username: `stylist-${id.slice(-3)}` }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function run({
  staff = 50,
  iterations = 20,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { Redis } = await import('ioredis');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');

  const tag = randomBytes(4).toString('hex');
  const url = new URL(adminUrl);
  url.pathname = `/bench_payroll_${tag}`;
  const identity = await fakeIdentity();
  const port = await freePort();
  const env = serviceEnv({
    name: 'payroll',
    tag,
    port,
    databaseUrl: url.toString(),
    redisUrl,
    urls: { IDENTITY_URL: `http://127.0.0.1:${identity.address().port}` },
  });
  await nestKit.ensureDatabase(env.DATABASE_URL);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const redis = new Redis(redisUrl);
  let service;
  try {
    await nestKit.runMigrations(env.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    const people = Array.from({ length: staff }, (_, i) => staffId(i));
    await db.query(
      `INSERT INTO locations (location_id, time_zone, name, card_fee_bps) SELECT l, 'America/Chicago', 'Location ' || i, 250
         FROM unnest($1::uuid[]) WITH ORDINALITY AS u(l, i)`,
      [LOCATIONS],
    );
    // Ten working days (Mon–Fri of both weeks), 09:00–17:00 Chicago with a 30-minute lunch, approved.
    await db.query(
      `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') AS d WHERE extract(isodow FROM d) < 6),
       s AS (
         INSERT INTO shifts (staff_id, location_id, status, clock_in_at, clock_out_at, work_date, source, approved_at, approved_by)
         SELECT p, ($4::uuid[])[1 + (row_number() OVER ()) % 2], 'closed',
                (day + time '09:00') AT TIME ZONE 'America/Chicago', (day + time '17:00') AT TIME ZONE 'America/Chicago',
                day, 'manager', now(), p
           FROM unnest($1::uuid[]) AS p, days
         RETURNING id, work_date)
       INSERT INTO shift_breaks (shift_id, started_at, ended_at)
       SELECT id, (work_date + time '12:30') AT TIME ZONE 'America/Chicago', (work_date + time '13:00') AT TIME ZONE 'America/Chicago' FROM s`,
      [people, PERIOD.periodStart, PERIOD.periodEnd, LOCATIONS],
    );
    // Eight tickets per person per working day, between 09:30 and 16:30.
    await db.query(
      `INSERT INTO sales_tickets (ticket_id, location_id, number, closed_at, total_minor, tip_minor, currency, client_id, subtotal_minor, discount_minor, tax_minor)
       SELECT md5(p::text || day || k)::uuid, sh.location_id, row_number() OVER (),
              (day + time '09:30' + k * interval '50 minutes') AT TIME ZONE 'America/Chicago',
              6500 + (k * 700) + CASE WHEN k % 3 = 0 THEN 2000 ELSE 0 END + 1000, 1000, 'USD', NULL,
              6500 + (k * 700) + CASE WHEN k % 3 = 0 THEN 2000 ELSE 0 END, 0, 0
         FROM shifts sh, LATERAL (SELECT sh.staff_id AS p, sh.work_date AS day) x, generate_series(0, 7) AS k`,
    );
    const tickets = Number((await db.query(`SELECT count(*) FROM sales_tickets`)).rows[0].count);
    // Each ticket's person is the shift's: recover it from the ticket id's seed.
    await db.query(`CREATE TEMP TABLE bench_ticket_staff AS
       SELECT md5(sh.staff_id::text || sh.work_date || k)::uuid AS ticket_id, sh.staff_id, k
         FROM shifts sh, generate_series(0, 7) AS k`);
    await db.query(
      `INSERT INTO sales_lines (line_id, ticket_id, position, kind, name, quantity, net_minor, staff_id, service_id, product_id, closed_at, location_id, category)
       SELECT t.ticket_id::text || ':0', t.ticket_id, 0, 'service', 'Service ' || b.k, 1, 6500 + b.k * 700, b.staff_id,
              md5('s' || b.k)::uuid, NULL, t.closed_at, t.location_id, 'Hair'
         FROM sales_tickets t JOIN bench_ticket_staff b USING (ticket_id)
       UNION ALL
       SELECT t.ticket_id::text || ':1', t.ticket_id, 1, 'product', 'Product ' || b.k, 1, 2000, b.staff_id, NULL, md5('p' || b.k)::uuid,
              t.closed_at, t.location_id, 'Retail'
         FROM sales_tickets t JOIN bench_ticket_staff b USING (ticket_id) WHERE b.k % 3 = 0`,
    );
    await db.query(
      `INSERT INTO sales_tips (ticket_id, staff_id, amount_minor, closed_at, location_id)
       SELECT t.ticket_id, b.staff_id, t.tip_minor, t.closed_at, t.location_id FROM sales_tickets t JOIN bench_ticket_staff b USING (ticket_id)`,
    );
    await db.query(
      `INSERT INTO sales_payments (payment_id, ticket_id, method, amount_minor, occurred_at, closed_at, location_id)
       SELECT md5('pay' || ticket_id::text)::uuid, ticket_id, CASE WHEN number % 3 = 0 THEN 'cash' ELSE 'card' END, total_minor, closed_at, closed_at, location_id
         FROM sales_tickets`,
    );
    await db.query(
      `INSERT INTO sales_refunds (refund_id, payment_id, ticket_id, location_id, amount_minor, reason, refunded_at)
       SELECT md5('r' || ticket_id::text)::uuid, md5('pay' || ticket_id::text)::uuid, ticket_id, location_id, 1500, 'bench', closed_at + interval '2 hours'
         FROM sales_tickets WHERE number % 53 = 0`,
    );
    await db.query('VACUUM ANALYZE');

    service = await startServiceProcess({ name: 'payroll', dir: PAYROLL_DIR, env, redis });
    const { base, token } = service;
    const call = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
      return JSON.parse(text);
    };
    for (const id of people) {
      await call('POST', `/api/pay-rules/${id}`, {
        effectiveFrom: '2026-01-01',
        hourlyRateMinor: 1500,
        serviceCommission: { rateBps: 3000, tierMode: 'marginal', tiers: [{ fromMinor: 300_000, rateBps: 4000 }] },
        productCommissionBps: 1000,
        deductions: { backBarFeeMinor: 200 },
        tips: { paid: true, lessCardFee: true, takeBackOnRefund: true },
      });
    }

    const draft = () => call('POST', '/api/payroll/runs', PERIOD);
    for (let i = 0; i < 2; i++) await draft(); // warm-up
    const times = [];
    let last;
    for (let i = 0; i < iterations; i++) {
      const started = process.hrtime.bigint();
      last = await draft();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const lines = Number((await db.query(`SELECT count(*) FROM payroll_lines`).catch(() => ({ rows: [{ count: NaN }] }))).rows[0].count);
    const result = {
      staff,
      tickets,
      lines,
      totalMinor: last?.totalMinor ?? null,
      unapproved: last?.unapprovedStaffIds?.length ?? null,
      draft: stats(times),
    };
    log(
      `  ${staff} staff, two weeks, ${tickets.toLocaleString('en-US')} tickets → ${Number.isNaN(lines) ? '?' : lines.toLocaleString('en-US')} earning lines; drafting the run: p50 ${result.draft.p50} ms  p95 ${result.draft.p95} ms  p99 ${result.draft.p99} ms`,
    );
    return result;
  } finally {
    await service?.stop();
    identity.close();
    await db.end().catch(() => {});
    redis.disconnect();
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl).catch(() => {});
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { staff: { type: 'string' }, iterations: { type: 'string' } } });
  const result = await run({ staff: Number(values.staff ?? 50), iterations: Number(values.iterations ?? 20) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
