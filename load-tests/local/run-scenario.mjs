// The local driver of the load scenarios (load-tests/scenarios): what k6 does for an operator,
// done in Node for `npm run bench` and the walk's smoke run, on the same scenario code. It runs
// the scenario's setup once, then its iterations under one of k6's executors, records k6's
// metrics (http_req_duration and http_req_failed tagged by request name, checks, iterations,
// dropped_iterations, the scenario's own trends) and judges the scenario's thresholds.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { evaluateThresholds, parseKey } from './thresholds.mjs';

const BUILT_IN = {
  http_req_duration: 'trend',
  http_req_failed: 'rate',
  checks: 'rate',
  iterations: 'counter',
  iteration_errors: 'counter',
  dropped_iterations: 'counter',
};

/** k6 durations as the scenarios write them: '500ms', '30s', '2m', '1h'. */
export function seconds(duration) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(String(duration));
  if (!m) throw new Error(`duration "${duration}" is not a number followed by ms, s, m or h`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]];
}

/** A tiny seeded generator (mulberry32), so a bench run picks the same sequence each time. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Metrics {
  constructor(trends) {
    this.kinds = { ...BUILT_IN, ...Object.fromEntries(trends.map((t) => [t, 'trend'])) };
    this.samples = new Map();
  }
  #sample(key, kind) {
    let s = this.samples.get(key);
    if (!s) {
      s = kind === 'trend' ? { kind, values: [] } : kind === 'rate' ? { kind, passes: 0, total: 0 } : { kind, count: 0 };
      this.samples.set(key, s);
    }
    return s;
  }
  add(metric, value, tags = {}) {
    const kind = this.kinds[metric];
    if (!kind) throw new Error(`metric ${metric} is not declared (a scenario lists its own in trends)`);
    const keys = [metric, ...Object.entries(tags).map(([k, v]) => `${metric}{${k}:${v}}`)];
    for (const key of keys) {
      const s = this.#sample(key, kind);
      if (kind === 'trend') s.values.push(value);
      else if (kind === 'rate') {
        s.total += 1;
        if (value) s.passes += 1;
      } else s.count += value;
    }
  }
  /** The sample of a key; an empty one for a declared metric that saw nothing (k6 passes those). */
  lookup(key) {
    const found = this.samples.get(key);
    if (found) return found;
    const kind = this.kinds[parseKey(key).metric];
    return kind ? this.#sample(key, kind) : null;
  }
}

/** Runs a generator to its end, awaiting each promise it yields (the async half of the kit's contract). */
async function drive(generator) {
  let step = generator.next();
  while (!step.done) {
    let value;
    try {
      value = await step.value;
    } catch (error) {
      step = generator.throw(error);
      continue;
    }
    step = generator.next(value);
  }
  return step.value;
}

class ScenarioFailure extends Error {}

/** The body as JSON, or null when it is empty or not JSON (an error page, a 304). */
function parseJson(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A check's verdict; a check that throws (reading a field of a missing body) does not hold. */
function holds(fn, value) {
  try {
    return Boolean(fn(value));
  } catch {
    return false;
  }
}

/**
 * Runs one scenario against `baseUrl`. `load` overrides the scenario's own load profile (the bench
 * shortens durations; the walk's smoke runs one iteration); `env` stands in for k6's `-e` values.
 * Answers `{ name, iterations, dropped, errors, metrics, thresholds, ok }`.
 */
export async function runScenario(scenario, { baseUrl, env = {}, load = {}, seed = 1, log = () => {} }) {
  const base = baseUrl.replace(/\/+$/, '');
  const metrics = new Metrics(scenario.trends ?? []);
  const random = seededRandom(seed);
  const errors = [];

  const helper = (vu, iterationOf) => {
    const request = async (method, path, body, opts = {}) => {
      const headers = { ...(opts.headers ?? {}) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const started = performance.now();
      // A refused connection is status 0 with the reason as its body, as k6 reports it.
      const { status, text, answerHeaders } = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(
        async (res) => ({ status: res.status, text: await res.text(), answerHeaders: Object.fromEntries(res.headers) }),
        (error) => ({ status: 0, text: String(error?.cause?.message ?? error), answerHeaders: {} }),
      );
      const duration = performance.now() - started;
      const name = opts.name ?? path;
      const expected = opts.expect ? opts.expect.includes(status) : status >= 200 && status < 400;
      metrics.add('http_req_duration', duration, { name });
      metrics.add('http_req_failed', !expected, { name });
      return { status, body: text, json: parseJson(text), headers: answerHeaders, timings: { duration } };
    };
    return {
      vu,
      get iteration() {
        return iterationOf();
      },
      get: (path, opts) => request('GET', path, undefined, opts),
      post: (path, body, opts) => request('POST', path, body, opts),
      put: (path, body, opts) => request('PUT', path, body, opts),
      patch: (path, body, opts) => request('PATCH', path, body, opts),
      del: (path, opts) => request('DELETE', path, undefined, opts),
      check(value, sets) {
        let all = true;
        for (const [label, fn] of Object.entries(sets)) {
          const ok = holds(fn, value);
          metrics.add('checks', ok, { check: label });
          all &&= ok;
        }
        return all;
      },
      trend: (metric, value) => metrics.add(metric, value),
      sleep: (secondsToWait) => sleep(secondsToWait * 1000),
      env: (name, fallback) => (env[name] !== undefined ? String(env[name]) : fallback),
      random,
      now: () => new Date(),
      fail(message) {
        throw new ScenarioFailure(message);
      },
    };
  };

  const data = await drive(scenario.setup(helper(0, () => 0)));

  const profile = { ...scenario.load, ...load };
  let iterations = 0;
  let dropped = 0;
  const oneIteration = async (vu, state, counter) => {
    try {
      await drive(
        scenario.iteration(
          helper(vu, () => counter.n),
          data,
          state,
        ),
      );
    } catch (error) {
      metrics.add('iteration_errors', 1);
      if (errors.length < 10) errors.push(String(error?.message ?? error));
      log(`iteration error (vu ${vu}): ${error?.message ?? error}`);
    } finally {
      counter.n += 1;
      iterations += 1;
      metrics.add('iterations', 1);
    }
  };

  if (profile.executor === 'constant-vus') {
    const until = performance.now() + seconds(profile.duration) * 1000;
    await Promise.all(
      Array.from({ length: profile.vus }, async (_, i) => {
        const state = {};
        const counter = { n: 0 };
        while (performance.now() < until) await oneIteration(i + 1, state, counter);
      }),
    );
  } else if (profile.executor === 'per-vu-iterations') {
    const until = performance.now() + seconds(profile.maxDuration ?? '10m') * 1000;
    await Promise.all(
      Array.from({ length: profile.vus }, async (_, i) => {
        const state = {};
        const counter = { n: 0 };
        while (counter.n < profile.iterations && performance.now() < until) await oneIteration(i + 1, state, counter);
      }),
    );
  } else if (profile.executor === 'constant-arrival-rate') {
    // One iteration starts every interval; a start with every VU busy is dropped, as in k6.
    const interval = (seconds(profile.timeUnit ?? '1s') * 1000) / profile.rate;
    const total = Math.floor((seconds(profile.duration) * 1000) / interval);
    const idle = Array.from({ length: profile.maxVUs ?? profile.preAllocatedVUs }, (_, i) => ({ vu: i + 1, state: {}, counter: { n: 0 } }));
    const running = new Set();
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + i * interval - performance.now();
      if (due > 0) await sleep(due);
      const slot = idle.pop();
      if (!slot) {
        dropped += 1;
        metrics.add('dropped_iterations', 1);
        continue;
      }
      const run = oneIteration(slot.vu, slot.state, slot.counter).then(() => {
        idle.push(slot);
        running.delete(run);
      });
      running.add(run);
    }
    await Promise.all(running);
  } else {
    throw new Error(
      `executor ${profile.executor} is not one the local harness runs (constant-vus, per-vu-iterations, constant-arrival-rate)`,
    );
  }

  const thresholds = evaluateThresholds(scenario.thresholds, (key) => metrics.lookup(key));
  return {
    name: scenario.name,
    iterations,
    dropped,
    errors,
    metrics: metrics.samples,
    thresholds,
    ok: thresholds.every((t) => t.ok),
  };
}
