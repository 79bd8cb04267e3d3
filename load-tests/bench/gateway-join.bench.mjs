// Benchmark: a query joining two subgraphs through the gateway (appointments from scheduling with
// their clients' names from clients) against the two direct calls the gateway makes for it: the
// appointments from the scheduling subgraph, then the clients' `_entities` from the clients
// subgraph (the representations the first call returned). All three in one run, one after the
// other so they never compete for the CPU; the gateway is compared with the SUM of the two direct
// calls (latency p50/p95 added; throughput as the rate of doing both in sequence).
//
// The lead's `npm run bench` starts the platform (demo salon) and calls `run(...)`.
import autocannon from 'autocannon';

export const JOIN_QUERY =
  'query Join($from: String!, $to: String!) { appointments(from: $from, to: $to) { id startsAt client { id firstName lastName } } }';
const SCHEDULING_QUERY =
  'query Appointments($from: String!, $to: String!) { appointments(from: $from, to: $to) { id startsAt client { id } } }';
const ENTITIES_QUERY =
  'query Entities($representations: [_Any!]!) { _entities(representations: $representations) { ... on Client { id firstName lastName } } }';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (value, digits = 2) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value);

async function post(url, token, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const json = (() => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  })();
  if (res.status !== 200 || !json || json.errors) throw new Error(`${url} did not answer (status ${res.status}): ${text.slice(0, 300)}`);
  return json.data;
}

function autocannonRun(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

async function measure(label, url, body, { token, durationSeconds, connections, warmupSeconds }) {
  const request = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    connections,
  };
  if (warmupSeconds > 0) await autocannonRun({ ...request, duration: warmupSeconds });
  const latencies = [];
  const result = await autocannonRun({ ...request, duration: durationSeconds }, (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  latencies.sort((a, b) => a - b);
  return {
    target: label,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)) },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Asks for the demo calendar's `days` around now (a day view by default), checks
 * that the gateway's answer equals the two direct calls', then measures the three.
 */
export async function run({
  gatewayUrl,
  schedulingUrl,
  clientsUrl,
  token,
  durationSeconds = 10,
  connections = 10,
  warmupSeconds = 2,
  days = 1,
  print = true,
}) {
  const trim = (url) => `${url.replace(/\/+$/, '')}/graphql`;
  const [gw, sched, clients] = [trim(gatewayUrl), trim(schedulingUrl), trim(clientsUrl)];
  const from = new Date(Date.now() - Math.floor(days / 2) * 86_400_000).toISOString();
  const to = new Date(Date.now() + Math.ceil(days / 2) * 86_400_000).toISOString();
  const variables = { from, to };
  const direct1 = await post(sched, token, { query: SCHEDULING_QUERY, variables });
  const representations = [...new Set(direct1.appointments.map((a) => a.client?.id).filter(Boolean))].map((id) => ({
    __typename: 'Client',
    id,
  }));
  if (representations.length === 0) throw new Error('gateway join bench: the demo calendar has no appointments with clients in the window');
  const direct2 = await post(clients, token, { query: ENTITIES_QUERY, variables: { representations } });
  const joined = await post(gw, token, { query: JOIN_QUERY, variables });
  const names = new Map(direct2._entities.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  for (const a of joined.appointments) {
    if (a.client && names.get(a.client.id) !== `${a.client.firstName} ${a.client.lastName}`)
      throw new Error(`gateway join bench: the gateway's client ${a.client.id} differs from the clients subgraph's`);
  }
  const settings = { durationSeconds, connections, warmupSeconds };
  const scheduling = await measure('scheduling (direct)', sched, { query: SCHEDULING_QUERY, variables }, { token, ...settings });
  const entities = await measure(
    'clients _entities (direct)',
    clients,
    { query: ENTITIES_QUERY, variables: { representations } },
    { token, ...settings },
  );
  const gateway = await measure('gateway (joined)', gw, { query: JOIN_QUERY, variables }, { token, ...settings });
  const sum = {
    target: 'sum of the two direct calls',
    requestsPerSecond: round(1 / (1 / scheduling.requestsPerSecond + 1 / entities.requestsPerSecond), 1),
    latencyMs: {
      p50: round(scheduling.latencyMs.p50 + entities.latencyMs.p50),
      p95: round(scheduling.latencyMs.p95 + entities.latencyMs.p95),
      p99: round(scheduling.latencyMs.p99 + entities.latencyMs.p99),
    },
    errors: scheduling.errors + entities.errors,
    non2xx: scheduling.non2xx + entities.non2xx,
  };
  const ratio = {
    throughput: round(gateway.requestsPerSecond / sum.requestsPerSecond),
    p50: round(gateway.latencyMs.p50 / sum.latencyMs.p50),
    p95: round(gateway.latencyMs.p95 / sum.latencyMs.p95),
  };
  const rowsData = [scheduling, entities, sum, gateway];
  const rows = [
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx'],
    ...rowsData.map((r) => [r.target, r.requestsPerSecond, r.latencyMs.p50, r.latencyMs.p95, r.latencyMs.p99, r.errors, r.non2xx]),
    ['gateway / sum', `${ratio.throughput}x`, `${ratio.p50}x`, `${ratio.p95}x`, '', '', ''],
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const table = [
    `appointments with their clients (${joined.appointments.length} appointments, ${representations.length} clients), ${connections} connections, ${durationSeconds} s each`,
    line(rows[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
  if (print) console.log(table);
  return {
    appointments: joined.appointments.length,
    clients: representations.length,
    scheduling,
    entities,
    sum,
    gateway,
    ratio,
    settings,
    table,
  };
}
