// One trace across every hop, on the real processes: a visitor books online through the gateway
// with a W3C traceparent of its own (as the browser would send), and the confirmation SMS that the
// messaging worker sends to the Twilio peer is a span of that same trace, reached through the
// gateway, scheduling, its outbox, the event bus, messaging's consumer and the BullMQ job.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { startPlatform } from '../../lib/platform.mjs';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { dropDatabase, postgresAdminUrl } from '../../lib/local-services.mjs';
// @ts-expect-error plain JavaScript launcher shared with `npm start`
import { randomSecrets } from '../../lib/secrets.mjs';
import { startOtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';

interface Platform {
  url: string;
  databases: string[];
  peers: { twilio: { url: string } };
  stop(): Promise<void>;
}

// TRACE_TEST_PORT pins the gateway's port (services at +1…, peers at +4005…); else a free block.
let PORT = Number(process.env.TRACE_TEST_PORT ?? 0);
let platform: Platform;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let base: string;

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freeBlock(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 40_000 + 10 * Math.floor(Math.random() * 1000);
    const ports = [...Array.from({ length: 10 }, (_, i) => port + i), ...Array.from({ length: 6 }, (_, i) => port + 4005 + i)];
    if ((await Promise.all(ports.map(free))).every(Boolean)) return port;
  }
  throw new Error('no free block of ports for the traced platform');
}

beforeAll(async () => {
  if (!PORT) PORT = await freeBlock();
  receiver = await startOtlpReceiver();
  const tag = randomBytes(3).toString('hex');
  platform = (await startPlatform({
    secrets: randomSecrets(),
    port: PORT,
    portOffset: PORT - 4000,
    databasePrefix: `trace_${tag}`,
    redisPrefix: `trace:${tag}:`,
    logs: process.env.TRACE_TEST_LOGS ? 'inherit' : 'ignore',
    env: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SMS_PROVIDER: 'twilio',
      EVENT_RELAY_INTERVAL_MS: '50',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    },
  })) as Platform;
  base = `http://127.0.0.1:${PORT}`;
}, 240_000);

// Eight processes flush their spans and stop one after another: more than the default 10 s on a busy machine.
afterAll(async () => {
  const started = Date.now();
  await platform?.stop();
  console.log(`trace.spec: the platform stopped in ${Date.now() - started} ms`);
  for (const database of platform?.databases ?? []) await dropDatabase(postgresAdminUrl(), database);
  await receiver?.close();
}, 60_000);

describe('tracing across the platform', () => {
  it('finds the confirmation SMS send in the trace of the booking request', async () => {
    const info = await get<{ locations: { id: string }[] }>('/api/online-booking');
    const locationId = info.locations[0].id;
    // A service with a deposit only holds the time until it is paid (no confirmation yet): not one of those.
    const services = (
      await get<{ id: string; staff: { id: string }[]; deposit?: unknown }[]>(`/api/online-booking/services?locationId=${locationId}`)
    ).filter((s) => !s.deposit);
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    let slot: { startsAt: string; staffId?: string } | undefined;
    let serviceId = '';
    for (const service of services) {
      const answer = await get<{ slots: { startsAt: string; staffId?: string }[] }>(
        `/api/online-booking/availability?locationId=${locationId}&serviceId=${service.id}&from=${from}&to=${to}`,
      );
      if (answer.slots.length) {
        slot = answer.slots[0];
        serviceId = service.id;
        break;
      }
    }
    expect(slot, 'a free slot in the demo salon').toBeDefined();

    // What a browser's fetch instrumentation sends: the trace starts in the browser.
    const traceId = randomBytes(16).toString('hex');
    const phone = `+1312555${String(Math.floor(1000 + Math.random() * 8999))}`;
    const res = await fetch(`${base}/api/online-booking/appointments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({
        locationId,
        serviceId,
        staffId: slot!.staffId ?? null,
        startsAt: slot!.startsAt,
        client: { firstName: 'Trace', lastName: 'Test', phone, smsConsent: true },
      }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);

    const texts = await until('the confirmation SMS at the Twilio peer', async () => {
      const sent = (await (await fetch(`${platform.peers.twilio.url}/messages`)).json()) as { to: string }[];
      const mine = sent.filter((m) => m.to === phone);
      return mine.length ? mine : undefined;
    });
    expect(texts.length).toBeGreaterThan(0);

    const twilioHost = new URL(platform.peers.twilio.url).host;
    const inTrace = (): ReceivedSpan[] => receiver.spans.filter((s) => s.traceId === traceId);
    const send = await until('the SMS send span in the booking trace', () =>
      inTrace().find(
        (s) => s.service.startsWith('messaging') && s.kind === 3 && String(s.attributes['server.address']).includes(twilioHost),
      ),
    );
    expect(send.name).toMatch(/^POST /);

    const has = (spans: ReceivedSpan[], service: RegExp, kind: number, name?: RegExp) =>
      spans.some((s) => service.test(s.service) && s.kind === kind && (!name || name.test(s.name)));
    const hops: [string, RegExp, number, RegExp?][] = [
      ['the gateway', /^gateway$/, 2],
      ['scheduling, taking the booking', /^scheduling$/, 2, /appointments/],
      ['scheduling’s SQL writing it', /^scheduling$/, 3, /^pg (INSERT|WITH)$/],
      ['messaging’s Redis commands', /^messaging/, 3, /^redis /],
      ['scheduling’s outbox relay', /^scheduling/, 4, /outbox publish/],
      ['messaging’s event consumer', /^messaging/, 5, /^scheduling\./],
      ['the BullMQ job', /^messaging/, 5, /sms process/],
    ];
    // Each process exports on its own schedule: wait until every hop has arrived.
    const spans = await until('every hop in the trace', () => {
      const now = inTrace();
      return hops.every(([, service, kind, name]) => has(now, service, kind, name)) ? now : undefined;
    }).catch(() => inTrace());
    for (const [what, service, kind, name] of hops) expect(has(spans, service, kind, name), what).toBe(true);
    // Every span but the one under the browser's has its parent in the trace: no hop began a new one.
    const ids = new Set(spans.map((s) => s.spanId));
    const orphans = spans.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId));
    expect(orphans.map((s) => `${s.service} ${s.name}`)).toEqual([expect.stringMatching(/^gateway /)]);
  }, 120_000);

  it('serves /metrics on the gateway and each service port to loopback callers, and not through a proxy', async () => {
    const scrape = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${url}/metrics`, { headers });
      return { status: res.status, text: await res.text() };
    };
    const gateway = await scrape(base);
    expect(gateway.status).toBe(200);
    expect(gateway.text).toMatch(/^http_request_duration_seconds_count\{[^}]*route="\/api"/m);
    expect(gateway.text).toMatch(/service="gateway"/);
    expect((await scrape(base, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    const scheduling = await scrape(`http://127.0.0.1:${PORT + 4}`);
    expect(scheduling.status).toBe(200);
    for (const family of [
      'http_request_duration_seconds_bucket',
      'outbox_pending_events',
      'outbox_publish_lag_seconds_count',
      'db_pool_connections',
    ])
      expect(scheduling.text, family).toMatch(new RegExp(`^${family}\\{[^}]*service="scheduling"`, 'm'));
  });
});
