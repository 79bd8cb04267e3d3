// Benchmark: a query joining two subgraphs through the gateway (appointments from scheduling with
// their clients' names from clients) against the two direct calls the gateway makes for it: the
// appointments from the scheduling subgraph, then the clients' `_entities` from the clients
// subgraph (the representations the first call returned). All three in one run, one after the
// other so they never compete for the CPU; the gateway is compared with the SUM of the two direct
// calls (latency p50/p95 added; throughput as the rate of doing both in sequence).
//
// The lead's `npm run bench` starts the platform (demo salon) and calls `run(...)`.
import autocannon from 'autocannon';
import { cpuMs, meanOfRounds } from './gateway-viewer.bench.mjs';

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

async function measure(label, url, body, { token, pid, durationSeconds, connections, warmupSeconds }) {
  const request = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    connections,
  };
  if (warmupSeconds > 0) await autocannonRun({ ...request, duration: warmupSeconds });
  const latencies = [];
  const cpuBefore = cpuMs(pid);
  const result = await autocannonRun({ ...request, duration: durationSeconds }, (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const cpuAfter = cpuMs(pid);
  latencies.sort((a, b) => a - b);
  return {
    target: label,
    requestsPerSecond: round(result.requests.average, 1),
    requests: result.requests.total,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : round((cpuAfter - cpuBefore) / result.requests.total, 3),
    latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)) },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Asks for the demo calendar's `days` around now (a day view by default), checks
 * that the gateway's answer equals the two direct calls', then measures the three.
 * `pids` ({ scheduling, clients, gateway }, and each alternative's `pid`) add the CPU each target's
 * own process spent per request. `alternatives` ({ label, url } of other gateways over the same subgraphs) are checked the same
 * way and get a row and a ratio each; with `rounds` > 1 every target is measured once per round,
 * interleaved (the gateways' order reversed every other round), and each row is the mean of its rounds.
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
  alternatives = [],
  rounds = 1,
  pids = {},
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
  const names = new Map(direct2._entities.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  const gateways = [
    { label: 'gateway (joined)', url: gw, pid: pids.gateway },
    ...alternatives.map((alt) => ({ label: `${alt.label} (joined)`, url: trim(alt.url), pid: alt.pid })),
  ];
  let joined;
  for (const { url } of gateways) {
    joined = await post(url, token, { query: JOIN_QUERY, variables });
    for (const a of joined.appointments) {
      if (a.client && names.get(a.client.id) !== `${a.client.firstName} ${a.client.lastName}`)
        throw new Error(`gateway join bench: ${url}'s client ${a.client.id} differs from the clients subgraph's`);
    }
  }
  const settings = { durationSeconds, connections, warmupSeconds, rounds };
  const directs = [
    { label: 'scheduling (direct)', url: sched, pid: pids.scheduling, body: { query: SCHEDULING_QUERY, variables } },
    {
      label: 'clients _entities (direct)',
      url: clients,
      pid: pids.clients,
      body: { query: ENTITIES_QUERY, variables: { representations } },
    },
  ];
  const targets = [...directs, ...gateways.map((g) => ({ ...g, body: { query: JOIN_QUERY, variables } }))];
  const measured = targets.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    const order = gateways.map((_, i) => i + directs.length);
    for (const i of [0, 1, ...(r % 2 === 0 ? order : order.reverse())]) {
      measured[i].push(await measure(targets[i].label, targets[i].url, targets[i].body, { token, pid: targets[i].pid, ...settings }));
    }
  }
  const [scheduling, entities, gateway, ...others] = measured.map(meanOfRounds);
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
    cpuMsPerRequest:
      scheduling.cpuMsPerRequest === undefined || entities.cpuMsPerRequest === undefined
        ? undefined
        : round(scheduling.cpuMsPerRequest + entities.cpuMsPerRequest, 3),
  };
  const ratioToSum = (target) => ({
    throughput: round(target.requestsPerSecond / sum.requestsPerSecond),
    p50: round(target.latencyMs.p50 / sum.latencyMs.p50),
    p95: round(target.latencyMs.p95 / sum.latencyMs.p95),
  });
  const ratio = ratioToSum(gateway);
  const alternativeResults = others.map((alt) => ({ ...alt, ratio: ratioToSum(alt) }));
  const rowsData = [scheduling, entities, sum, gateway, ...alternativeResults];
  const rows = [
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx', 'CPU ms/req', 'req/s by round'],
    ...rowsData.map((r) => [
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
    ['gateway / sum', `${ratio.throughput}x`, `${ratio.p50}x`, `${ratio.p95}x`, '', '', '', '', ''],
    ...alternativeResults.map((r) => [
      `${r.target.replace(' (joined)', '')} / sum`,
      `${r.ratio.throughput}x`,
      `${r.ratio.p50}x`,
      `${r.ratio.p95}x`,
      '',
      '',
      '',
      '',
      '',
    ]),
  ].map((row) => row.map(String));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const roundsNote = rounds > 1 ? `, ${rounds} interleaved rounds (mean)` : '';
  const table = [
    `appointments with their clients (${joined.appointments.length} appointments, ${representations.length} clients), ${connections} connections, ${durationSeconds} s each${roundsNote}`,
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
    alternatives: alternativeResults,
    settings,
    table,
  };
}
