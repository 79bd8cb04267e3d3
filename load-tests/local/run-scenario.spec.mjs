import { once } from 'node:events';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, seconds, seededRandom } from './run-scenario.mjs';

// A stand-in API: login hands out a token; /slow answers after 100 ms; /items answers 200 with the
// token, 401 without; /taken answers 409 (a refused booking, expected by the scenario).
let server;
let baseUrl;
const seen = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json', etag: '"v1"' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/auth/login') return reply(200, { token: 'secret' });
    if (req.url === '/items')
      return req.headers.authorization === 'Bearer secret' ? reply(200, [1, 2, 3]) : reply(401, { error: 'no token' });
    if (req.url === '/taken') return reply(409, { error: 'taken', alternatives: [] });
    if (req.url === '/slow') return setTimeout(() => reply(200, {}), 100);
    return reply(404, { error: 'not found' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server?.close());

const scenario = (overrides) => ({
  name: 'test',
  load: { executor: 'per-vu-iterations', vus: 2, iterations: 3 },
  thresholds: { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'] },
  *setup(h) {
    const res = yield h.post('/api/auth/login', { email: 'a@b.c' }, { name: 'login' });
    return { token: res.json.token };
  },
  *iteration(h, data, state) {
    state.count = (state.count ?? 0) + 1;
    const items = yield h.get('/items', { token: data.token, name: 'items' });
    h.check(items, { 'items listed': (r) => r.status === 200 && r.json.length === 3 && r.headers.etag === '"v1"' });
    const taken = yield h.post('/taken', {}, { name: 'book', expect: [201, 409] });
    h.check(taken, { 'refused with a reason': (r) => r.status === 409 && r.json.error === 'taken' });
  },
  ...overrides,
});

describe('the local scenario driver', () => {
  it('runs setup once, hands its data to every iteration, and counts per VU', async () => {
    seen.length = 0;
    const result = await runScenario(scenario(), { baseUrl });
    expect(result.iterations).toBe(6);
    expect(seen.filter((s) => s === 'POST /api/auth/login')).toHaveLength(1);
    expect(seen.filter((s) => s === 'GET /items')).toHaveLength(6);
    expect(result.metrics.get('http_req_duration{name:items}').values).toHaveLength(6);
    // A 409 the scenario expects is not a failed request; every check held.
    expect(result.metrics.get('http_req_failed{name:book}')).toMatchObject({ passes: 0, total: 6 });
    expect(result.metrics.get('checks')).toMatchObject({ passes: 12, total: 12 });
    expect(result.ok).toBe(true);
  });

  it('fails the thresholds when requests fail and checks do not hold', async () => {
    const result = await runScenario(
      scenario({
        *iteration(h) {
          const items = yield h.get('/items', { name: 'items' }); // no token: 401
          h.check(items, { 'items listed': (r) => r.status === 200 });
        },
      }),
      { baseUrl },
    );
    expect(result.ok).toBe(false);
    expect(result.thresholds.filter((t) => !t.ok).map((t) => t.key)).toEqual(['http_req_failed', 'checks']);
  });

  it('counts an iteration that stops with h.fail as an error and goes on', async () => {
    const result = await runScenario(
      scenario({
        *iteration(h) {
          yield h.get('/items', { name: 'items' });
          if (h.iteration === 0) h.fail('the first iteration stops here');
        },
        thresholds: {},
      }),
      { baseUrl },
    );
    expect(result.iterations).toBe(6);
    expect(result.metrics.get('iteration_errors').count).toBe(2);
    expect(result.errors).toContain('the first iteration stops here');
  });

  it('stops before any load when setup fails, saying why', async () => {
    await expect(
      runScenario(
        scenario({
          *setup(h) {
            const res = yield h.get('/missing');
            if (res.status !== 200) h.fail(`/missing answered ${res.status}`);
          },
        }),
        { baseUrl },
      ),
    ).rejects.toThrow('/missing answered 404');
  });

  it('drops arrivals when every VU is busy, as k6 counts dropped_iterations', async () => {
    const result = await runScenario(
      scenario({
        *iteration(h) {
          yield h.get('/slow', { name: 'slow' });
          yield h.sleep(0.3);
        },
        thresholds: { dropped_iterations: ['count<1'] },
      }),
      { baseUrl, load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '500ms', maxVUs: 1 } },
    );
    expect(result.dropped).toBeGreaterThan(0);
    expect(result.iterations + result.dropped).toBe(10);
    expect(result.ok).toBe(false);
  });

  it('refuses an executor it does not run and a trend the scenario did not declare', async () => {
    await expect(runScenario(scenario(), { baseUrl, load: { executor: 'ramping-arrival-rate' } })).rejects.toThrow(
      /executor ramping-arrival-rate/,
    );
    const result = await runScenario(
      scenario({
        *iteration(h) {
          h.trend('undeclared', 1);
          yield h.sleep(0);
        },
        thresholds: {},
      }),
      { baseUrl, load: { vus: 1, iterations: 1 } },
    );
    expect(result.errors[0]).toMatch(/metric undeclared is not declared/);
  });

  it("reads k6's durations and repeats its random sequence for a seed", () => {
    expect([seconds('500ms'), seconds('30s'), seconds('2m'), seconds('1h')]).toEqual([0.5, 30, 120, 3600]);
    expect(() => seconds('2 minutes')).toThrow(/duration/);
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
