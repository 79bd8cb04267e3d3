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

function autocannonRun(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** Measures one target: a short warm-up, then `durationSeconds` at `connections`. */
async function measure(label, url, { token, durationSeconds, connections, warmupSeconds }) {
  const request = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: VIEWER_QUERY }),
    connections,
  };
  if (warmupSeconds > 0) await autocannonRun({ ...request, duration: warmupSeconds });

  const latencies = [];
  const result = await autocannonRun({ ...request, duration: durationSeconds }, (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  latencies.sort((a, b) => a - b);
  return {
    target: label,
    url,
    requestsPerSecond: round(result.requests.average, 1),
    requests: result.requests.total,
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

export function formatTable({ direct, gateway, ratio, settings }) {
  const rows = [
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx'],
    ...[direct, gateway].map((r) => [r.target, r.requestsPerSecond, r.latencyMs.p50, r.latencyMs.p95, r.latencyMs.p99, r.errors, r.non2xx]),
    ['gateway / direct', `${ratio.throughput}x`, `${ratio.p50}x`, `${ratio.p95}x`, `${ratio.p99}x`, '', ''],
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [
    `viewer query, ${settings.connections} connections, ${settings.durationSeconds} s each (after ${settings.warmupSeconds} s warm-up)`,
    line(rows[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/**
 * Runs the benchmark and prints a table. Returns
 * { direct, gateway, ratio: { throughput, p50, p95, p99 }, settings, table }.
 * The two targets run one after the other, so they never compete for the CPU.
 */
export async function run({ gatewayUrl, identityUrl, token, durationSeconds = 10, connections = 10, warmupSeconds = 2, print = true }) {
  if (!gatewayUrl || !identityUrl || !token) throw new Error('run() needs gatewayUrl, identityUrl and token');
  const trim = (url) => url.replace(/\/+$/, '');
  const directUrl = `${trim(identityUrl)}/graphql`;
  const viaGatewayUrl = `${trim(gatewayUrl)}/graphql`;
  await checkOnce(directUrl, token);
  await checkOnce(viaGatewayUrl, token);

  const settings = { durationSeconds, connections, warmupSeconds };
  const direct = await measure('identity (direct)', directUrl, { token, ...settings });
  const gateway = await measure('gateway', viaGatewayUrl, { token, ...settings });
  const ratio = {
    throughput: round(gateway.requestsPerSecond / direct.requestsPerSecond),
    p50: round(gateway.latencyMs.p50 / direct.latencyMs.p50),
    p95: round(gateway.latencyMs.p95 / direct.latencyMs.p95),
    p99: round(gateway.latencyMs.p99 / direct.latencyMs.p99),
  };
  const summary = { name: 'gateway-viewer', direct, gateway, ratio, settings };
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
