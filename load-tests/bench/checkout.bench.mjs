// Benchmark: checkout through the real retail service over HTTP (issue 11: p95 under 150 ms).
//
// Starts the built retail service (dist/main.js) on its own database and Redis prefix, with a
// stand-in for scheduling's catalogue and identity's locations and names (answered from memory, so
// the bench measures retail), seeds 20 products with stock at one location and its tax settings,
// then K concurrent front desks each run whole checkouts: open a walk-in ticket (POST /api/tickets)
// → add lines, two services with their stylist, a product and a 20% tip (PATCH /api/tickets/{id})
// → pay cash for the total (POST /api/tickets/{id}/payments with an Idempotency-Key) → the ticket
// is closed by that payment. No card, so no Stripe peer in the figures. Reports p50/p95/p99 of each
// step and of the whole checkout, and tickets closed per second; then checks with SQL that every
// checkout left exactly one closed ticket paid in full with its events in the outbox. Any non-2xx
// answer or a mismatch fails the bench loudly.
//
// Needs the retail service built (`npx turbo run build --filter=@salon/retail...`). `npm run bench`:
//   const checkout = await import('../../load-tests/bench/checkout.bench.mjs');
//   const result = await checkout.run({ concurrency: 8, checkouts: 400 });   // → { closedPerSecond, checkout: {p50,p95,p99}, open, lines, pay }
// Standalone: node load-tests/bench/checkout.bench.mjs [--concurrency 8] [--checkouts 400]
// Environment: POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL;
// BENCH_CHECKOUT_NODE_ARGS (e.g. "--cpu-prof" or "--import ./count-queries.mjs") go to the retail process.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropRedisKeys } from '@salon/nest-kit/testing';
import { dropDatabase } from '../../infra/lib/local-services.mjs';
import { round, stats } from './latency-stats.mjs';
import { freePort, serviceEnv, startServiceProcess } from './service-process.mjs';

const RETAIL_DIR = fileURLToPath(new URL('../../services/retail/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${RETAIL_DIR}dist/${path}`).href);

const LOCATION = '10c00000-0000-4000-8000-00000000c001';
const TZ = 'America/Chicago';
const STAFF = Array.from({ length: 6 }, (_, i) => ({
  id: `5a000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  name: `Stylist ${i + 1}`,
}));
const SERVICES = [
  ['Haircut', 5500],
  ['Blow-dry', 3500],
  ['Colour', 12000],
  ['Manicure', 4000],
].map(([name, priceMinor], i) => ({
  id: `5e000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  locationId: LOCATION,
  name,
  category: i === 3 ? 'Nails' : 'Hair',
  priceMinor,
  currency: 'USD',
  active: true,
  staff: STAFF.map((s) => ({ staffId: s.id, durationMin: null, priceMinor: null })),
}));

/** Scheduling's catalogue and identity's locations and user names, from memory. */
function fakePlatform() {
  const server = createServer((req, res) => {
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/locations')
      return json(200, [{ id: LOCATION, name: 'Bench', timeZone: TZ, isDefault: true, isActive: true, address: null, phone: null }]);
    const [, , kind, id] = req.url?.split('/') ?? [];
    if (kind === 'services') {
      const service = SERVICES.find((s) => s.id === id);
      return json(service ? 200 : 404, service ?? { error: 'not found' });
    }
    const staff = STAFF.find((s) => s.id === id);
    json(
      staff ? 200 : 404,
      staff ? { id, username: staff.name, firstName: staff.name, lastName: null, role: 'staff', isActive: true } : { error: 'not found' },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function run({
  concurrency = 8,
  checkouts = 400,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { Redis } = await import('ioredis');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_checkout_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const platform = await fakePlatform();
  const platformUrl = `http://127.0.0.1:${platform.address().port}`;
  const port = await freePort();
  const env = serviceEnv({
    name: 'checkout',
    tag,
    port,
    databaseUrl: url.toString(),
    redisUrl,
    urls: { IDENTITY_URL: platformUrl, SCHEDULING_URL: platformUrl, CLIENTS_URL: platformUrl },
  });
  await nestKit.ensureDatabase(env.DATABASE_URL);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const redis = new Redis(redisUrl);
  let service;
  try {
    await nestKit.runMigrations(env.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    await db.query(`INSERT INTO pos_settings (location_id, service_tax_ppm, product_tax_ppm) VALUES ($1, 0, 102500)`, [LOCATION]);
    const { rows: products } = await db.query(
      `INSERT INTO products (name, brand, category, sku, cost_minor, price_minor)
       SELECT 'Product ' || i, 'Lumen', 'Hair care', 'BENCH-' || i, 600, 1200 + i * 100 FROM generate_series(1, 20) AS i RETURNING id`,
    );
    await db.query(
      `INSERT INTO stock_balances (product_id, location_id, on_hand, updated_at) SELECT unnest($1::uuid[]), $2, 1000000, now()`,
      [products.map((p) => p.id), LOCATION],
    );

    service = await startServiceProcess({
      name: 'retail',
      dir: RETAIL_DIR,
      env,
      redis,
      nodeArgs: (process.env.BENCH_CHECKOUT_NODE_ARGS ?? '').split(' ').filter(Boolean),
      logs: Boolean(process.env.BENCH_CHECKOUT_LOGS),
    });
    const { base, token } = service;
    const call = async (method, path, body, headers = {}) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      const ms = performance.now() - t0;
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(answer).slice(0, 400)}`);
      return { answer, ms };
    };

    const open = [];
    const lines = [];
    const pay = [];
    const whole = [];
    const closed = [];
    const checkout = async (n) => {
      const a = SERVICES[n % SERVICES.length];
      const b = SERVICES[(n + 1) % SERVICES.length];
      const stylist = STAFF[n % STAFF.length];
      const opened = await call('POST', '/api/tickets', { locationId: LOCATION });
      const edited = await call('PATCH', `/api/tickets/${opened.answer.id}`, {
        version: opened.answer.version,
        lines: [
          { serviceId: a.id, staffId: stylist.id },
          { serviceId: b.id, staffId: STAFF[(n + 3) % STAFF.length].id },
          { productId: products[n % products.length].id },
        ],
        tip: { percent: 20 },
      });
      const total = edited.answer.totalMinor;
      const paid = await call(
        'POST',
        `/api/tickets/${opened.answer.id}/payments`,
        { method: 'cash', amountMinor: total, tenderedMinor: Math.ceil(total / 2000) * 2000 },
        { 'idempotency-key': randomUUID() },
      );
      if (paid.answer.ticket?.status !== 'closed')
        throw new Error(`ticket ${opened.answer.id} not closed: ${JSON.stringify(paid.answer).slice(0, 400)}`);
      open.push(opened.ms);
      lines.push(edited.ms);
      pay.push(paid.ms);
      whole.push(opened.ms + edited.ms + paid.ms);
      closed.push({ id: opened.answer.id, total });
    };

    // Warm-up (JIT, pools, the zone cache), not counted.
    for (let i = 0; i < Math.min(20, checkouts); i++) await checkout(i);
    open.length = lines.length = pay.length = whole.length = closed.length = 0;

    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < checkouts) await checkout(next++);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;

    const [{ n, paid, events }] = (
      await db.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'closed' AND paid_minor = total_minor)::int AS paid,
                (SELECT count(*)::int FROM outbox WHERE type = 'retail.ticket.closed.v1' AND aggregate_id = ANY($1::text[])) AS events
           FROM tickets WHERE id = ANY($1::uuid[])`,
        [closed.map((c) => c.id)],
      )
    ).rows;
    if (n !== checkouts || paid !== checkouts || events !== checkouts)
      throw new Error(`MISMATCH: ${checkouts} checkouts, ${n} tickets, ${paid} closed and paid, ${events} ticket.closed events`);
    const result = {
      concurrency,
      checkouts,
      seconds: round(seconds, 2),
      closedPerSecond: round(checkouts / seconds, 1),
      checkout: stats(whole),
      open: stats(open),
      lines: stats(lines),
      pay: stats(pay),
    };
    log(
      `  ${checkouts} checkouts by ${concurrency} desks in ${result.seconds} s: ${result.closedPerSecond} tickets closed/s; ` +
        `checkout p50 ${result.checkout.p50} ms, p95 ${result.checkout.p95} ms, p99 ${result.checkout.p99} ms ` +
        `(open p95 ${result.open.p95}, lines p95 ${result.lines.p95}, pay+close p95 ${result.pay.p95} ms)`,
    );
    return result;
  } finally {
    await service?.stop();
    platform.close();
    redis.disconnect();
    await db.end().catch(() => undefined);
    await dropDatabase(adminUrl, database);
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { concurrency: { type: 'string', default: '8' }, checkouts: { type: 'string', default: '400' } },
  });
  const result = await run({ concurrency: Number(values.concurrency), checkouts: Number(values.checkouts) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
