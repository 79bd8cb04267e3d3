// Benchmark: the `viewer` query against the identity subgraph directly and through the gateway,
// in one run, so the gateway's overhead is a ratio measured on the same machine at the same time.
//
// The lead's `npm run bench` starts the platform and calls `run(...)`. Standalone:
//   node load-tests/bench/gateway-viewer.bench.mjs \
//     --gateway http://127.0.0.1:4000 --identity http://127.0.0.1:4001 \
//     (--token <jwt> | --email admin@example.com --password secret) [--duration 10] [--connections 10]
// Environment works too: GATEWAY_URL, IDENTITY_URL, BENCH_TOKEN, BENCH_EMAIL, BENCH_PASSWORD,
// BENCH_DURATION, BENCH_CONNECTIONS.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const VIEWER_QUERY = 'query Viewer { viewer { id email firstName lastName role permissions } }';

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round = (value, digits = 2) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

/** One request first: a wrong token or a broken schema should fail loudly, not be benchmarked. */
async function checkOnce(url, token) {
  let res;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: VIEWER_QUERY }),
    });
  } catch (error) {
    throw new Error(`${url} is not reachable: ${error.cause?.message ?? error.message}`, { cause: error });
  }
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${url} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
  }
  if (res.status !== 200 || body.errors || !body.data?.viewer?.id) {
    throw new Error(`${url} did not answer the viewer query (status ${res.status}): ${text.slice(0, 300)}`);
  }
  return body.data.viewer;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere.
 * The CPU a target's own process spends per request does not depend on how many other processes
 * share the machine, where req/s does: on a loaded machine it is the figure to compare.
 */
export function cpuMs(pid) {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function autocannonRun(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** Measures one target: a short warm-up, then `durationSeconds` at `connections`. */
async function measure(label, url, { token, pid, durationSeconds, connections, warmupSeconds }) {
  const request = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: VIEWER_QUERY }),
    connections,
  };
  if (warmupSeconds > 0) await autocannonRun({ ...request, duration: warmupSeconds });

  const latencies = [];
  const cpuBefore = cpuMs(pid);
  const result = await autocannonRun({ ...request, duration: durationSeconds }, (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const cpuAfter = cpuMs(pid);
  latencies.sort((a, b) => a - b);
  return {
    target: label,
    url,
    requestsPerSecond: round(result.requests.average, 1),
    requests: result.requests.total,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : round((cpuAfter - cpuBefore) / result.requests.total, 3),
    latencyMs: {
      mean: round(result.latency.average),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function formatTable({ direct, gateway, ratio, alternatives = [], settings }) {
  const vs = (r) => [r.ratio.throughput, r.ratio.p50, r.ratio.p95, r.ratio.p99].map((x) => `${x}x`);
  const rows = [
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx', 'CPU ms/req', 'req/s by round'],
    ...[direct, gateway, ...alternatives].map((r) => [
      r.target,
      r.requestsPerSecond,
      r.latencyMs.p50,
      r.latencyMs.p95,
      r.latencyMs.p99,
      r.errors,
      r.non2xx,
      r.cpuMsPerRequest ?? '',
      (r.rounds ?? []).map((x) => Math.round(x.requestsPerSecond)).join(' / '),
    ]),
    ['gateway / direct', ...vs({ ratio }), '', '', '', ''],
    ...alternatives.map((r) => [`${r.target} / direct`, ...vs(r), '', '', '', '']),
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const rounds = settings.rounds > 1 ? `, ${settings.rounds} interleaved rounds (mean)` : '';
  return [
    `viewer query, ${settings.connections} connections, ${settings.durationSeconds} s each (after ${settings.warmupSeconds} s warm-up)${rounds}`,
    line(rows[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** Mean of the rounds' figures of one target (its rounds are kept in `rounds`). */
export function meanOfRounds(results) {
  const mean = (pick) => round(results.reduce((sum, r) => sum + pick(r), 0) / results.length, 3);
  const [first] = results;
  return {
    ...first,
    requestsPerSecond: mean((r) => r.requestsPerSecond),
    requests: results.reduce((sum, r) => sum + (r.requests ?? 0), 0),
    latencyMs: Object.fromEntries(Object.keys(first.latencyMs).map((key) => [key, mean((r) => r.latencyMs[key])])),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    cpuMsPerRequest: results.every((r) => r.cpuMsPerRequest !== undefined) ? mean((r) => r.cpuMsPerRequest) : undefined,
    rounds: results.map((r) => ({ requestsPerSecond: r.requestsPerSecond, latencyMs: r.latencyMs, cpuMsPerRequest: r.cpuMsPerRequest })),
  };
}

export function ratioOf(target, base) {
  return {
    throughput: round(target.requestsPerSecond / base.requestsPerSecond),
    p50: round(target.latencyMs.p50 / base.latencyMs.p50),
    p95: round(target.latencyMs.p95 / base.latencyMs.p95),
    p99: round(target.latencyMs.p99 / base.latencyMs.p99),
  };
}

/**
 * Runs the benchmark and prints a table. Returns
 * { direct, gateway, ratio: { throughput, p50, p95, p99 }, alternatives, settings, table }.
 * The targets run one after the other, so they never compete for the CPU. `alternatives`
 * ({ label, url } of other gateways over the same subgraphs, e.g. gateway-runtimes.mjs) get a row
 * and a ratio each; `pids` ({ direct, gateway }, and each alternative's `pid`) add the CPU each
 * target's own process spent per request (Linux /proc). With `rounds` > 1 every target is measured once per round, interleaved (the
 * gateways' order reversed every other round), and each row is the mean of its rounds.
 */
export async function run({
  gatewayUrl,
  identityUrl,
  token,
  alternatives = [],
  rounds = 1,
  pids = {},
  durationSeconds = 10,
  connections = 10,
  warmupSeconds = 2,
  print = true,
}) {
  if (!gatewayUrl || !identityUrl || !token) throw new Error('run() needs gatewayUrl, identityUrl and token');
  const trim = (url) => url.replace(/\/+$/, '');
  const targets = [
    { label: 'identity (direct)', url: `${trim(identityUrl)}/graphql`, pid: pids.direct },
    { label: 'gateway', url: `${trim(gatewayUrl)}/graphql`, pid: pids.gateway },
    ...alternatives.map((alt) => ({ label: alt.label, url: `${trim(alt.url)}/graphql`, pid: alt.pid })),
  ];
  for (const target of targets) await checkOnce(target.url, token);

  const settings = { durationSeconds, connections, warmupSeconds, rounds };
  const measured = targets.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    const gateways = targets.slice(1).map((_, i) => i + 1);
    for (const i of [0, ...(r % 2 === 0 ? gateways : gateways.reverse())]) {
      measured[i].push(await measure(targets[i].label, targets[i].url, { token, pid: targets[i].pid, ...settings }));
    }
  }
  const [direct, gateway, ...others] = measured.map(meanOfRounds);
  const ratio = ratioOf(gateway, direct);
  const summary = {
    name: 'gateway-viewer',
    direct,
    gateway,
    ratio,
    alternatives: others.map((alt) => ({ ...alt, ratio: ratioOf(alt, direct) })),
    settings,
  };
  const table = formatTable(summary);
  if (print) console.log(table);
  return { ...summary, table };
}

async function login(gatewayUrl, email, password) {
  const res = await fetch(`${gatewayUrl.replace(/\/+$/, '')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.token) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      gateway: { type: 'string', default: process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000' },
      identity: { type: 'string', default: process.env.IDENTITY_URL ?? 'http://127.0.0.1:4001' },
      token: { type: 'string', default: process.env.BENCH_TOKEN },
      email: { type: 'string', default: process.env.BENCH_EMAIL },
      password: { type: 'string', default: process.env.BENCH_PASSWORD },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
      json: { type: 'boolean', default: false },
    },
  });
  try {
    const token =
      values.token ?? (values.email && values.password ? await login(values.gateway, values.email, values.password) : undefined);
    if (!token) throw new Error('pass --token <jwt>, or --email and --password to log in through the gateway');
    const result = await run({
      gatewayUrl: values.gateway,
      identityUrl: values.identity,
      token,
      durationSeconds: Number(values.duration),
      connections: Number(values.connections),
      print: !values.json,
    });
    if (values.json) console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error(`gateway-viewer bench failed: ${error.message}`);
    process.exit(1);
  }
}
