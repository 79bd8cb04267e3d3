import http from 'node:http';
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';

/**
 * Prometheus metrics of every process (prom-client's default registry). The names below are what
 * infra/grafana/salon.json queries; `metrics.spec.ts` checks that every expression there names one.
 * Recording is a counter/histogram update in memory; nothing is computed until a scrape.
 */
export const registry = client.register;
let defaultsOn = false;

/** Process metrics (CPU, memory, event loop lag, GC) and the `service` label on every series. */
export function startMetrics(service: string): void {
  if (defaultsOn) return;
  defaultsOn = true;
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
}

function once<T>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpDuration = once(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, matched route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const graphqlDuration = once(
  'graphql_operation_duration_seconds',
  () =>
    new client.Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operations by name, type and outcome (ok or error)',
      labelNames: ['operation', 'type', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const outboxLag = once(
  'outbox_publish_lag_seconds',
  () =>
    new client.Histogram({
      name: 'outbox_publish_lag_seconds',
      help: 'Time from an outbox row being written to the broker accepting it',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    }),
);

export const outboxOldest = once(
  'outbox_oldest_pending_seconds',
  () =>
    new client.Gauge({
      name: 'outbox_oldest_pending_seconds',
      help: 'Age of the oldest unpublished outbox row at scrape time (0 when empty)',
      async collect() {
        this.set((await outboxOnce()).oldest);
      },
    }),
);

export const consumerLag = once(
  'event_consumer_lag_seconds',
  () =>
    new client.Histogram({
      name: 'event_consumer_lag_seconds',
      help: 'Time from an event occurring to a consumer group handling it',
      labelNames: ['group', 'context'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    }),
);

export const eventsConsumed = once(
  'events_consumed_total',
  () =>
    new client.Counter({
      name: 'events_consumed_total',
      help: 'Events handled by a consumer group, by outcome (handled or failed)',
      labelNames: ['group', 'type', 'outcome'],
    }),
);

export const queueJobs = once(
  'bullmq_queue_jobs',
  () =>
    new client.Gauge({
      name: 'bullmq_queue_jobs',
      help: 'BullMQ jobs per queue and state (waiting, delayed, active, failed) at scrape time',
      labelNames: ['queue', 'state'],
      async collect() {
        await Promise.all(
          [...queueDepthSources].map(async (source) => {
            try {
              const counts = await source.getJobCounts('waiting', 'delayed', 'active', 'failed', 'prioritized');
              for (const [state, n] of Object.entries(counts)) this.set({ queue: source.name, state }, n);
            } catch {
              // Redis unreachable: the series keep their last values rather than failing the scrape
            }
          }),
        );
      },
    }),
);

export const jobsProcessed = once(
  'bullmq_jobs_total',
  () =>
    new client.Counter({
      name: 'bullmq_jobs_total',
      help: 'BullMQ job attempts per queue by outcome (completed or failed)',
      labelNames: ['queue', 'outcome'],
    }),
);

export const jobDuration = once(
  'bullmq_job_duration_seconds',
  () =>
    new client.Histogram({
      name: 'bullmq_job_duration_seconds',
      help: 'BullMQ job attempts per queue',
      labelNames: ['queue'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
);

export interface QueueDepthSource {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}
const queueDepthSources = new Set<QueueDepthSource>();
export function watchQueueDepth(source: QueueDepthSource): () => void {
  queueDepthSources.add(source);
  return () => queueDepthSources.delete(source);
}

export interface PoolSource {
  name: string;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  max: number;
}
const pools = new Set<() => PoolSource | null>();
/** A database pool to report (the kit's DatabaseModule registers each DataSource's). */
export function watchPool(read: () => PoolSource | null): () => void {
  pools.add(read);
  return () => pools.delete(read);
}

export const dbPool = once(
  'db_pool_connections',
  () =>
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting clients, max)',
      labelNames: ['pool', 'state'],
      collect() {
        this.reset();
        for (const read of pools) {
          const p = read();
          if (!p) continue;
          this.set({ pool: p.name, state: 'total' }, p.totalCount);
          this.set({ pool: p.name, state: 'idle' }, p.idleCount);
          this.set({ pool: p.name, state: 'waiting' }, p.waitingCount);
          this.set({ pool: p.name, state: 'max' }, p.max);
        }
      },
    }),
);

// One child per (method, route, status), found by a string key: prom-client's label hashing per
// observation was most of this middleware's cost (about 8 µs a request; about 1 µs with the cache).
const httpChildren = new Map<string, { observe(value: number): void }>();
function httpSeries(method: string, route: string, status: number): { observe(value: number): void } {
  const key = `${method} ${status} ${route}`;
  let child = httpChildren.get(key);
  if (!child) {
    child = httpDuration.labels(method, route, String(status));
    httpChildren.set(key, child);
  }
  return child;
}

/**
 * Express middleware recording every request by its matched route (`/appointments/:id`, not the
 * id: the label stays bounded); unmatched requests count as `unmatched`.
 */
export function httpMetricsMiddleware(options: { prefixes?: string[] } = {}) {
  const prefixes = options.prefixes ?? [];
  return (req: IncomingMessage & { route?: { path?: string }; baseUrl?: string }, res: ServerResponse, next: () => void) => {
    const started = performance.now();
    const path = (req.url ?? '').split('?')[0];
    // Without a matched route (a proxy, a mounted middleware), a known prefix names it; anything
    // else is `other`, so scanners' random paths cannot grow the label set.
    const prefix = prefixes.find((p) => path === p || path.startsWith(`${p}/`));
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl ?? ''}${String(req.route.path)}` : (prefix ?? 'other');
      httpSeries(req.method ?? '', route, res.statusCode).observe((performance.now() - started) / 1000);
    });
    next();
  };
}

const PRIVATE_V4 = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^127\./, /^169\.254\./];

/** Loopback, or an address inside a private network (a cluster's pod range). */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (a === '::1') return true;
  if (isIP(a) === 4) return PRIVATE_V4.some((r) => r.test(a));
  return /^f[cd]/i.test(a); // IPv6 unique local (fc00::/7)
}

/**
 * Who may read /metrics: a direct connection from loopback or the cluster network that no proxy
 * forwarded (the ingress adds X-Forwarded-For, so nothing from outside passes), or a caller with
 * `Authorization: Bearer $METRICS_TOKEN` when that is set. Otherwise 404, as if there were none.
 */
export function metricsAllowed(req: IncomingMessage, token = process.env.METRICS_TOKEN): boolean {
  if (token && req.headers.authorization === `Bearer ${token}`) return true;
  if (req.headers['x-forwarded-for'] || req.headers.forwarded) return false;
  return isInternalAddress(req.socket.remoteAddress);
}

export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!metricsAllowed(req)) {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/plain');
    res.end('Not found\n');
    return;
  }
  const body = await registry.metrics();
  res.statusCode = 200;
  res.setHeader('content-type', registry.contentType);
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

/** Express/connect handler for `GET /metrics`, mounted before everything else. */
export function metricsEndpoint() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' || (req.url !== '/metrics' && !req.url?.startsWith('/metrics?'))) return next();
    serveMetrics(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  };
}

/**
 * A worker has no HTTP port: with METRICS_PORT set it gets one serving only /metrics (and a
 * liveness answer at /health/live). Returns a function that closes it.
 */
export async function startMetricsServer(port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/health/live') {
      res.end('ok');
      return;
    }
    if (req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) {
      void serveMetrics(req, res);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface SqlRunner {
  query(sql: string): Promise<{ pending: string | number; oldest: string | number | null }[]>;
  isInitialized?: boolean;
}
const outboxes = new Set<SqlRunner>();
/** The outbox of a database whose relay runs here; its backlog is read at scrape time only. */
export function watchOutbox(db: SqlRunner): () => void {
  outboxes.add(db);
  return () => outboxes.delete(db);
}

async function readOutboxes(): Promise<{ pending: number; oldest: number }> {
  let pending = 0;
  let oldest = 0;
  for (const db of outboxes) {
    if (db.isInitialized === false) continue;
    try {
      const [row] = await db.query(
        `SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at)) AS oldest FROM outbox WHERE published_at IS NULL`,
      );
      pending += Number(row.pending);
      oldest = Math.max(oldest, Number(row.oldest ?? 0));
    } catch {
      // database unreachable: report what the other outboxes say
    }
  }
  return { pending, oldest };
}

// Both outbox gauges come from one query per scrape (the second gauge reuses the first's answer).
let outboxRead: Promise<{ pending: number; oldest: number }> | null = null;
function outboxOnce(): Promise<{ pending: number; oldest: number }> {
  if (!outboxRead) {
    outboxRead = readOutboxes();
    void outboxRead.finally(() => setTimeout(() => (outboxRead = null), 1000).unref());
  }
  return outboxRead;
}

export const outboxBacklog = once(
  'outbox_pending_events',
  () =>
    new client.Gauge({
      name: 'outbox_pending_events',
      help: 'Outbox rows not yet published, at scrape time',
      async collect() {
        this.set((await outboxOnce()).pending);
      },
    }),
);
