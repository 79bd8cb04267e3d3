// The k6 half of the scenario kit (load-tests/scenarios/scenario-kit.js): k6's http calls answer
// at once, so a scenario's `yield h.get(...)` hands the response straight back. Builds a
// scenario's `options`, `setup` and default function; each entry file in this folder is three
// lines around it. Options may be changed with -e: VUS, DURATION, RATE, ITERATIONS.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import { Trend } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');

function drive(generator) {
  let step = generator.next();
  while (!step.done) step = generator.next(step.value);
  return step.value;
}

/** The body as JSON, or null when it is empty or not JSON (an error page, a 304). */
function parseJson(body) {
  if (!body) return null;
  try {
    return JSON.parse(body);
  } catch (_notJson) {
    return null;
  }
}

function lowerCaseKeys(headers) {
  const out = {};
  for (const key of Object.keys(headers || {})) out[key.toLowerCase()] = headers[key];
  return out;
}

function load(scenario) {
  const profile = Object.assign({}, scenario.load);
  if (__ENV.VUS) profile.vus = Number(__ENV.VUS);
  if (__ENV.DURATION) profile.duration = __ENV.DURATION;
  if (__ENV.RATE) profile.rate = Number(__ENV.RATE);
  if (__ENV.ITERATIONS) profile.iterations = Number(__ENV.ITERATIONS);
  return profile;
}

/** `{ options, setup, run }` for a scenario; metrics are made here, in k6's init stage, as k6 requires. */
export function k6Scenario(scenario) {
  const trends = {};
  for (const name of scenario.trends || []) trends[name] = new Trend(name, true);

  function request(method, path, body, opts) {
    const o = opts || {};
    const headers = Object.assign({}, o.headers || {});
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const params = { headers, tags: { name: o.name || path } };
    if (o.expect) params.responseCallback = http.expectedStatuses(...o.expect);
    const res = http.request(method, `${BASE_URL}${path}`, body === undefined ? null : JSON.stringify(body), params);
    return { status: res.status, body: res.body, json: parseJson(res.body), headers: lowerCaseKeys(res.headers), timings: res.timings };
  }

  const h = {
    get vu() {
      return exec.vu.idInTest;
    },
    get iteration() {
      return exec.vu.iterationInScenario;
    },
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    del: (path, opts) => request('DELETE', path, undefined, opts),
    check: (value, sets) => check(value, sets),
    trend: (name, value) => trends[name].add(value),
    sleep: (s) => sleep(s),
    env: (name, fallback) => (__ENV[name] !== undefined ? __ENV[name] : fallback),
    random: Math.random,
    now: () => new Date(),
    fail: (message) => fail(message),
  };

  const state = {}; // one per VU: every VU has its own copy of this module
  return {
    options: { scenarios: { [scenario.name]: load(scenario) }, thresholds: scenario.thresholds },
    setup: () => drive(scenario.setup(h)),
    run: (data) => drive(scenario.iteration(h, data, state)),
  };
}
