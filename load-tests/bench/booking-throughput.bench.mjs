// Benchmark: booking throughput with conflicts, through the real scheduling service over HTTP.
//
// Starts the built scheduling service (dist/main.js) on its own database and Redis prefix, seeds a
// location (6 staff working 09:00–18:00, a 30-minute haircut, a 30-minute massage that needs one of
// 2 treatment rooms shared by everyone), then K concurrent clients POST /api/appointments for the
// slots of a few days: every slot is asked for by several clients at once (some for the haircut,
// some for the massage, some with "any staff"), so the engine's check, the exclusion constraint and
// the 409 path are all hot. Reports committed bookings/s, 409s/s, and p50/p95/p99 latency of wins
// and of refusals; then checks with SQL that no two active allocations of one resource (and one
// capacity place) overlap, and that every 201 is exactly one appointment. Any overlap, any 5xx, or
// a count mismatch fails the bench loudly.
//
// Needs the scheduling service built (`npm run build -w @salon/scheduling`). The lead's bench:
//   const booking = await import('../../load-tests/bench/booking-throughput.bench.mjs');
//   const result = await booking.run({ concurrency: 16 });   // → { committedPerSecond, refusedPerSecond, wins: {p50,p95,p99}, refusals: {…}, … }
// Standalone: node load-tests/bench/booking-throughput.bench.mjs [--concurrency 16] [--days 3] [--competitors 4]
// Environment: POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropRedisKeys } from '@salon/nest-kit/testing';
import { dropDatabase } from '../../infra/lib/local-services.mjs';
import { freePort, serviceEnv, startServiceProcess } from './service-process.mjs';

// BOOKING_SCHEDULING_DIR points at another build of the service (e.g. main's, for a before/after in one run).
const SCHEDULING_DIR = process.env.BOOKING_SCHEDULING_DIR ?? fileURLToPath(new URL('../../services/scheduling/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${SCHEDULING_DIR}dist/${path}`).href);

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return {
    count: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1) ?? NaN),
  };
};

const STAFF = Array.from({ length: 6 }, (_, i) => ({
  id: `5a000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  name: `Stylist ${i + 1}`,
}));
const LOCATION = '10c00000-0000-4000-8000-00000000b001';
const TZ = 'America/Chicago';

/**
 * Identity and clients stand-ins: staff (names for the 409 messages, role and status for the
 * booking's reference check), the location, and every client id (the booking checks its client
 * with the clients service). Both answer from memory, so the bench measures scheduling.
 */
function fakeIdentity() {
  const server = createServer((req, res) => {
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/locations')
      return json(200, [{ id: LOCATION, name: 'Bench', timeZone: TZ, isDefault: true, isActive: true, address: null, phone: null }]);
    const [, , kind, id] = req.url?.split('/') ?? [];
    if (kind === 'clients') return json(200, { id });
    const staff = STAFF.find((s) => s.id === id);
    json(
      staff ? 200 : 404,
      staff ? { id, username: staff.name, firstName: staff.name, lastName: null, role: 'staff', isActive: true } : { error: 'not found' },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A small deterministic PRNG so every run asks for the same requests in the same order. */
function prng(seed) {
  let state = seed >>> 0 || 1;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export async function run({
  concurrency = 16,
  days = 3,
  competitors = 4,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { Redis } = await import('ioredis');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { DateTime } = await import('luxon');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_booking_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const identity = await fakeIdentity();
  const port = await freePort();
  const env = serviceEnv({
    name: 'booking',
    tag,
    port,
    databaseUrl: url.toString(),
    redisUrl,
    urls: { IDENTITY_URL: `http://127.0.0.1:${identity.address().port}`, CLIENTS_URL: `http://127.0.0.1:${identity.address().port}` },
  });
  await nestKit.ensureDatabase(env.DATABASE_URL);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  const redis = new Redis(redisUrl);
  let service;
  try {
    await nestKit.runMigrations(env.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    await db.query(
      `INSERT INTO location_policies (location_id, time_zone, slot_interval_min, min_notice_min, max_advance_days) VALUES ($1, $2, 15, 0, 365)`,
      [LOCATION, TZ],
    );
    for (const s of STAFF) {
      await db.query(
        `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) SELECT $1, $2, d, '09:00', '18:00' FROM generate_series(1, 7) d`,
        [s.id, LOCATION],
      );
    }
    const {
      rows: [haircut],
    } = await db.query(
      `INSERT INTO services (location_id, name, duration_min, price_minor) VALUES ($1, 'Haircut', 30, 4000) RETURNING id`,
      [LOCATION],
    );
    const {
      rows: [massage],
    } = await db.query(
      `INSERT INTO services (location_id, name, duration_min, price_minor, room_type) VALUES ($1, 'Massage 30', 30, 6000, 'treatment') RETURNING id`,
      [LOCATION],
    );
    await db.query(`INSERT INTO rooms (location_id, name, type) VALUES ($1, 'Room 1', 'treatment'), ($1, 'Room 2', 'treatment')`, [
      LOCATION,
    ]);

    // BOOKING_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the service (written when it stops).
    const nodeArgs = (process.env.BOOKING_NODE_ARGS ?? '').split(' ').filter(Boolean);
    service = await startServiceProcess({ name: 'scheduling', dir: SCHEDULING_DIR, env, redis, nodeArgs });
    const { base, token } = service;

    // Every half hour of the working day, every staff member, a few days from now: each slot is
    // wanted by `competitors` clients at once (haircut or massage, named staff or any).
    const rand = prng(42);
    const requests = [];
    const firstDay = DateTime.now().setZone(TZ).plus({ days: 7 }).startOf('day');
    for (let d = 0; d < days; d++) {
      for (let m = 9 * 60; m + 30 <= 18 * 60; m += 30) {
        const startsAt = firstDay.plus({ days: d, minutes: m }).toUTC().toISO();
        for (const s of STAFF) {
          for (let c = 0; c < competitors; c++) {
            const any = rand() < 0.15;
            requests.push({
              locationId: LOCATION,
              clientId: randomUUID(),
              serviceId: rand() < 0.3 ? massage.id : haircut.id,
              ...(any ? {} : { staffId: s.id }),
              startsAt,
            });
          }
        }
      }
    }
    // Shuffle within windows of a few slots, so competitors for one slot arrive together.
    const window = STAFF.length * competitors * 2;
    for (let i = 0; i < requests.length; i += window) {
      const part = requests.slice(i, i + window);
      for (let j = part.length - 1; j > 0; j--) {
        const k = Math.floor(rand() * (j + 1));
        [part[j], part[k]] = [part[k], part[j]];
      }
      requests.splice(i, part.length, ...part);
    }

    log(
      `› booking throughput: ${requests.length} POST /api/appointments for ${requests.length / competitors} slot requests (${competitors} competitors each), ${concurrency} concurrent clients`,
    );
    const wins = [];
    const refusals = [];
    const failures = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests.length) {
          const body = requests[next++];
          const t0 = performance.now();
          const res = await fetch(`${base}/api/appointments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          const ms = performance.now() - t0;
          if (res.status === 201) wins.push(ms);
          else if (res.status === 409) refusals.push(ms);
          else failures.push(`${res.status} ${text.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // The guarantee, checked after the fact: no two active holds of one resource and place overlap.
    const {
      rows: [{ overlaps }],
    } = await db.query(
      `SELECT count(*)::int AS overlaps FROM allocations a JOIN allocations b
         ON a.id < b.id AND a.resource_kind = b.resource_kind AND a.resource_id = b.resource_id AND a.slot = b.slot AND a.active AND b.active AND a.period && b.period`,
    );
    const {
      rows: [{ appointments }],
    } = await db.query(`SELECT count(*)::int AS appointments FROM appointments`);
    const {
      rows: [{ staffHeld }],
    } = await db.query(
      `SELECT count(DISTINCT appointment_id)::int AS "staffHeld" FROM allocations WHERE resource_kind = 'staff' AND active`,
    );

    const result = {
      name: 'booking throughput: POST /api/appointments with conflicts, scheduling service over HTTP',
      requests: requests.length,
      concurrency,
      seconds: round(seconds, 2),
      committed: wins.length,
      refused: refusals.length,
      failed: failures.length,
      committedPerSecond: round(wins.length / seconds),
      refusedPerSecond: round(refusals.length / seconds),
      requestsPerSecond: round(requests.length / seconds),
      wins: stats(wins),
      refusals: stats(refusals),
      overlappingAllocations: overlaps,
      appointments,
    };
    log(
      `  ${result.committedPerSecond} committed bookings/s, ${result.refusedPerSecond} 409s/s (${result.requestsPerSecond} req/s; ${wins.length} won, ${refusals.length} refused, ${failures.length} failed in ${result.seconds} s)\n` +
        `  wins     p50 ${result.wins.p50} ms, p95 ${result.wins.p95} ms, p99 ${result.wins.p99} ms\n` +
        `  refusals p50 ${result.refusals.p50} ms, p95 ${result.refusals.p95} ms, p99 ${result.refusals.p99} ms\n` +
        `  check: ${overlaps} overlapping active allocations; ${appointments} appointments for ${wins.length} wins`,
    );
    if (overlaps !== 0) throw new Error(`DOUBLE BOOKING: ${overlaps} pairs of active allocations of one resource overlap`);
    if (appointments !== wins.length || staffHeld !== wins.length)
      throw new Error(`MISMATCH: ${wins.length} bookings answered 201 but ${appointments} appointments (${staffHeld} holding staff) exist`);
    if (failures.length) throw new Error(`${failures.length} requests failed, e.g. ${failures.slice(0, 3).join(' | ')}`);
    return result;
  } finally {
    await service?.stop();
    identity.close();
    redis.disconnect();
    await db.end().catch(() => undefined);
    await dropDatabase(adminUrl, database);
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      concurrency: { type: 'string', default: '16' },
      days: { type: 'string', default: '3' },
      competitors: { type: 'string', default: '4' },
    },
  });
  const result = await run({ concurrency: Number(values.concurrency), days: Number(values.days), competitors: Number(values.competitors) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
