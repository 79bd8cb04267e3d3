// Benchmark: one e-mail campaign to a segment of `count` clients through the real worker process:
// how long the campaign job takes to evaluate the segment and queue every recipient's message
// (consent, unsubscribe, suppression and cap checked per batch of 1,000 in a few statements), and the send rate that follows at the
// e-mail throttle (`EMAIL_PER_SECOND`, the BullMQ limiter). The provider is the log provider, so
// the figures are the pipeline's own. The clients service is stood in for by a small HTTP server
// serving the client book in keyset pages of 200 (`after=<id>`), as the real one answers the worker.
//
// Creates and drops its own database and Redis prefix; needs the messaging service built.
//   const campaign = await import('../../load-tests/bench/campaign.bench.mjs');
//   await campaign.run({ count: 10000, emailPerSecond: 500 })  // → { enqueueSeconds, messagesPerSecond, workerRssMb, … }
// Standalone: node load-tests/bench/campaign.bench.mjs [--count 10000] [--rate 500]
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import pg from 'pg';
import { dropRedisKeys, startServiceProcess } from '@salon/nest-kit/testing';
import { dropDatabase } from '../../infra/lib/local-services.mjs';

const MESSAGING_DIR = fileURLToPath(new URL('../../services/messaging/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${MESSAGING_DIR}dist/${path}`).href);
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const consent = (granted) => ({ granted, changedAt: null, method: granted ? 'verbal' : null, changedBy: null });

/** The clients service's list and identity's settings, for `count` clients (nine in ten consented to e-mail). */
function fakePlatform(count) {
  const clients = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    firstName: `Client${i}`,
    phone: null,
    email: `client${i}@example.com`,
    birthday: null,
    tags: ['Bench'],
    preferredLocationId: null,
    preferredStaffId: null,
    lastVisitAt: null,
    smsConsent: consent(false),
    emailConsent: consent(i % 10 !== 0),
  })).sort((a, b) => (a.id < b.id ? -1 : 1));
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let body;
    if (url.pathname === '/api/clients') {
      // Keyset pages in id order, as the clients service answers `after=<id>`.
      const after = url.searchParams.get('after') ?? '';
      let lo = 0;
      for (let hi = clients.length; lo < hi;) {
        const mid = (lo + hi) >> 1;
        if (clients[mid].id <= after) lo = mid + 1;
        else hi = mid;
      }
      body = { data: clients.slice(lo, lo + Number(url.searchParams.get('limit') ?? 20)), total: clients.length };
    } else if (url.pathname === '/api/business-settings')
      body = { businessName: 'Bench Salon', businessLogo: null, timeZone: 'UTC', currency: 'USD', phone: null, email: null, website: null };
    else if (url.pathname === '/api/locations') body = [];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

/** A process's resident memory in MB (Linux), or null. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? round(kb / 1024) : null;
  } catch {
    return null;
  }
}

export async function run({
  count = 10_000,
  emailPerSecond = 500,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { loadMessagingConfig } = await dist('config.js');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_campaign_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const platform = await fakePlatform(count);
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    JWT_SECRET: randomBytes(24).toString('hex'),
    EVENT_SECRET_KEY: randomBytes(24).toString('hex'),
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench:campaign:${tag}:`,
    EMAIL_PROVIDER: 'log',
    SMS_PROVIDER: 'log',
    EMAIL_PER_SECOND: String(emailPerSecond),
    WORKER_CONCURRENCY: '16',
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  };
  const config = loadMessagingConfig(env);
  await nestKit.ensureDatabase(config.DATABASE_URL);
  let worker;
  let queue;
  const db = new pg.Client({ connectionString: config.DATABASE_URL });
  try {
    await nestKit.runMigrations(config.DATABASE_URL, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    worker = await startServiceProcess({ serviceDir: MESSAGING_DIR, env, readyLine: 'messaging-worker-ready' });
    const [segment] = (
      await db.query(`INSERT INTO marketing_segments (name, match, rules) VALUES ('Bench', 'all', $1) RETURNING id`, [
        JSON.stringify([{ field: 'tag', op: 'has', value: 'Bench' }]),
      ])
    ).rows;
    const [campaign] = (
      await db.query(
        `INSERT INTO marketing_campaigns (name, channel, segment_id, subject, html, text, state, scheduled_at)
         VALUES ('Bench', 'email', $1, 'Hello {{firstName}}', '<p>Hello {{firstName}}</p>', 'Hello', 'scheduled', now()) RETURNING id`,
        [segment.id],
      )
    ).rows;
    queue = new Queue('messaging.campaign', { connection: { url: redisUrl }, prefix: `${env.REDIS_KEY_PREFIX}bull` });

    log(`› campaign bench: ${count} clients in the segment, e-mail throttle ${emailPerSecond}/s, log provider`);
    const started = performance.now();
    await queue.add('send', { campaignId: campaign.id }, { jobId: `${campaign.id}_bench` });
    let enqueueMs = null;
    let peakRss = 0;
    let enqueuePeakRss = 0;
    const rssSamples = [];
    for (;;) {
      const pid = worker.pid ?? worker.child?.pid;
      const rss = pid ? (rssMb(pid) ?? 0) : 0;
      peakRss = Math.max(peakRss, rss);
      if (enqueueMs === null) enqueuePeakRss = Math.max(enqueuePeakRss, rss);
      rssSamples.push(rss);
      if (enqueueMs === null) {
        const { rows } = await db.query(`SELECT state FROM marketing_campaigns WHERE id = $1`, [campaign.id]);
        if (rows[0].state === 'sent') enqueueMs = performance.now() - started;
      }
      const { rows } = await db.query(`SELECT count(*)::int AS done FROM messages WHERE status IN ('sent', 'delivered', 'failed')`);
      const expected = count - Math.ceil(count / 10);
      if (enqueueMs !== null && rows[0].done >= expected) break;
      if (performance.now() - started > 900_000) throw new Error(`only ${rows[0].done} of ${expected} e-mails went out in 15 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const totalMs = performance.now() - started;
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued, count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
              extract(epoch FROM (max(m.sent_at) - min(m.sent_at)))::float AS send_span
         FROM marketing_recipients r LEFT JOIN messages m ON m.id = r.message_id WHERE r.campaign_id = $1`,
      [campaign.id],
    );
    const result = {
      count,
      queued: rows[0].queued,
      skipped: rows[0].skipped,
      enqueueSeconds: round(enqueueMs / 1000, 2),
      recipientsQueuedPerSecond: round(rows[0].queued / (enqueueMs / 1000)),
      totalSeconds: round(totalMs / 1000, 2),
      messagesPerSecond: round(rows[0].queued / Math.max(rows[0].send_span, 0.001)),
      emailPerSecond,
      workerPeakRssMb: peakRss || null,
      workerPeakRssWhileEnqueueingMb: enqueuePeakRss || null,
      // The worker's RSS at each tenth of the run: flat memory shows as a plateau, a leak as a ramp.
      workerRssProfileMb: Array.from({ length: 10 }, (_, i) => rssSamples[Math.floor(((i + 1) * rssSamples.length) / 10) - 1] ?? null),
    };
    log(
      `  ${result.queued} queued (${result.skipped} without consent skipped) in ${result.enqueueSeconds} s; sent at ${result.messagesPerSecond}/s (throttle ${emailPerSecond}/s); worker peak RSS ${result.workerPeakRssMb} MB (${result.workerPeakRssWhileEnqueueingMb} MB while queueing), by tenths ${result.workerRssProfileMb.join(' ')}`,
    );
    return result;
  } finally {
    await queue?.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    platform.server.close();
    await dropDatabase(adminUrl, database);
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '10000' }, rate: { type: 'string', default: '500' } } });
  const result = await run({ count: Number(values.count), emailPerSecond: Number(values.rate) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
