#!/usr/bin/env node
// `npm run bench`: every benchmark, in one run, on this machine. Nothing here is a test; the
// figures are printed and written to bench-results/ for the notes.
//   1. GraphQL `viewer`: the identity subgraph directly and through the gateway (platform started
//      on its own ports and databases); appointments joined with their clients through the gateway
//      vs the two direct subgraph calls.
//   2. Events: outbox → relay → Redis Streams → consumer (own database).
//   3. Messages: queue → BullMQ → worker → local provider (own database).
//   4. Clients: search p95 over 100k clients; a 100k-row CSV import (own databases).
//   5. Scheduling: the availability engine over a busy week; booking throughput with conflicts.
//   6. Retail: stock on hand for 5,000 products at a location; checkout over HTTP, open → lines → pay cash → closed (own databases).
//   7. Payroll: a month of reports over a year of sales (own database); drafting a run for 50 staff over two weeks (the service over HTTP).
//   8. The k6 load scenarios (staff day, booking peak, campaign send) through the local driver.
//   9. Documents: form submissions per second and the PDF render time (own database and local S3).
// BENCH_ONLY=gateway|scenarios|events|messages|clients|scheduling|retail|reports|forms runs one of them.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureInstalled, ROOT } from '../lib/install.mjs';

ensureInstalled();
const { requireLocalServices, dropDatabase, postgresAdminUrl } = await import('../lib/local-services.mjs');
const { startPlatform, SERVICES } = await import('../lib/platform.mjs');

await requireLocalServices();
buildAll();
const only = process.env.BENCH_ONLY;
const results = {};
const dir = join(ROOT, 'bench-results');
mkdirSync(dir, { recursive: true });

if (!only || only === 'gateway') {
  const gatewayViewer = await import('../../load-tests/bench/gateway-viewer.bench.mjs');
  const tag = randomBytes(3).toString('hex');
  const port = Number(process.env.BENCH_PORT ?? 4700);
  console.log('\n› GraphQL viewer: starting the platform for the benchmark…');
  const jwtSecret = `bench-secret-${randomBytes(16).toString('hex')}`;
  const redisPrefix = `bench:${tag}:`;
  const alternatives = [];
  const platform = await startPlatform({
    port,
    portOffset: port - 4000,
    databasePrefix: `bench_${tag}`,
    redisPrefix,
    logs: 'ignore',
    env: {
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      EVENT_SECRET_KEY: randomBytes(16).toString('hex'),
      // Production messaging with SES insists on its SNS topics; the bench receives no notifications.
      SES_SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:000000000000:bench-ses-notifications',
    },
  });
  try {
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.salon', password: 'demo-salon' }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = await login.json();
    // Other federation runtimes over the same subgraphs, same token check, each its own process
    // (load-tests/bench/gateway-runtime-server.mjs): BENCH_GATEWAY_RUNTIMES=hive,hive-router (default),
    // add `apollo` for @apollo/gateway without our Express middleware, `none` for our gateway alone.
    const { startGatewayRuntime } = await import('../../load-tests/bench/gateway-runtimes.mjs');
    const runtimes = (process.env.BENCH_GATEWAY_RUNTIMES ?? 'hive,hive-router').split(',').filter((r) => r && r !== 'none');
    for (const [i, runtime] of runtimes.entries()) {
      alternatives.push(
        await startGatewayRuntime({
          runtime,
          port: port + 90 + i,
          env: {
            ...Object.fromEntries(SERVICES.map((s) => [s.gatewayVariable, platform.serviceUrls[s.name]])),
            JWT_SECRET: jwtSecret,
            REDIS_KEY_PREFIX: redisPrefix,
            NODE_ENV: 'production',
          },
        }),
      );
    }
    // Every target is measured once per round, interleaved, and the rows are the means (the machine is shared).
    const rounds = Number(process.env.BENCH_GATEWAY_ROUNDS ?? 2);
    results.gatewayViewer = await gatewayViewer.run({
      gatewayUrl: platform.url,
      identityUrl: platform.serviceUrls.identity,
      token,
      alternatives,
      rounds,
      pids: { direct: platform.pids.identity, gateway: platform.pids.gateway },
      durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    });
    console.log('\n› GraphQL join: appointments (scheduling) with their clients (clients) vs the two direct calls');
    const gatewayJoin = await import('../../load-tests/bench/gateway-join.bench.mjs');
    results.gatewayJoin = await gatewayJoin.run({
      gatewayUrl: platform.url,
      schedulingUrl: platform.serviceUrls.scheduling,
      clientsUrl: platform.serviceUrls.clients,
      token,
      alternatives,
      rounds,
      pids: { scheduling: platform.pids.scheduling, clients: platform.pids.clients, gateway: platform.pids.gateway },
      durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
    });
  } finally {
    for (const alternative of alternatives) await alternative.stop();
    await platform.stop();
    for (const database of platform.databases) await dropDatabase(postgresAdminUrl(), database);
  }
}

if (!only || only === 'scenarios') {
  // The k6 scenarios (staff day, booking peak, campaign send) through the local driver.
  const scenarios = await import('../../load-tests/bench/scenarios.bench.mjs');
  const tag = randomBytes(3).toString('hex');
  const port = Number(process.env.BENCH_PORT ?? 4700);
  console.log('\n› Load scenarios: starting the platform…');
  const platform = await startPlatform({
    port,
    portOffset: port - 4000,
    databasePrefix: `bench_${tag}`,
    redisPrefix: `bench:${tag}:`,
    logs: 'ignore',
    env: {
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: `bench-secret-${randomBytes(16).toString('hex')}`,
      EVENT_SECRET_KEY: randomBytes(16).toString('hex'),
      SES_SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:000000000000:bench-ses-notifications',
      // Every visitor of the booking peak comes from this one address.
      ONLINE_BOOKINGS_PER_IP_PER_HOUR: '100000',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    },
  });
  try {
    results.scenarios = await scenarios.run({ baseUrl: platform.url, seconds: Number(process.env.BENCH_SECONDS ?? 30) });
  } finally {
    await platform.stop();
    for (const database of platform.databases) await dropDatabase(postgresAdminUrl(), database);
  }
}

if (!only || only === 'events') {
  console.log('\n› Events: outbox → relay → Redis Streams → consumer (through the inbox)');
  const events = await import('../../load-tests/bench/events.bench.mjs');
  results.events = await events.run({ databaseUrl: postgresAdminUrl(), events: Number(process.env.BENCH_EVENTS ?? 5000) });
  results.eventsAt300PerSecond = await events.run({ databaseUrl: postgresAdminUrl(), events: 3000, rate: 300 });
}

if (!only || only === 'kafka') {
  console.log("\n› Kafka clients on librdkafka's mock cluster (kafkajs; others from BENCH_KAFKA_EXTRA, docs/events.md)");
  const kafka = await import('../../load-tests/bench/kafka-clients.bench.mjs');
  results.kafkaClients = await kafka.run({ extraDir: process.env.BENCH_KAFKA_EXTRA || undefined });
}

if (!only || only === 'messages') {
  console.log('\n› Messages: queue → BullMQ → worker → local provider');
  const messages = await import('../../load-tests/bench/messages.bench.mjs');
  results.messages = await messages.run({
    count: Number(process.env.BENCH_MESSAGES ?? 2000),
    concurrency: Number(process.env.BENCH_MESSAGE_CONCURRENCY ?? 128),
    adminUrl: postgresAdminUrl(),
  });
  results.messagesAt500PerSecond = await messages.run({
    count: 2000,
    rate: 500,
    concurrency: Number(process.env.BENCH_MESSAGE_CONCURRENCY ?? 128),
    adminUrl: postgresAdminUrl(),
  });
}

if (!only || only === 'clients') {
  console.log('\n› Clients: search at 100k clients, and a 100k-row import');
  const search = await import('../../load-tests/bench/clients-search.bench.mjs');
  results.clientsSearch = await search.run({ adminUrl: postgresAdminUrl(), clients: Number(process.env.BENCH_CLIENTS ?? 100_000) });
  const clientsImport = await import('../../load-tests/bench/clients-import.bench.mjs');
  results.clientsImport = await clientsImport.run({ adminUrl: postgresAdminUrl(), rows: Number(process.env.BENCH_IMPORT_ROWS ?? 100_000) });
}

if (!only || only === 'scheduling') {
  console.log('\n› Scheduling: a week of slots for one service (20 staff, 6 rooms, 4 devices, 2,000 appointments)');
  const availability = await import('../../load-tests/bench/availability.bench.mjs');
  results.availability = await availability.run({ iterations: Number(process.env.BENCH_ITERATIONS ?? 200) });
  console.log('\n› Scheduling: booking throughput with conflicts (real service over HTTP, several clients per slot)');
  const booking = await import('../../load-tests/bench/booking-throughput.bench.mjs');
  results.bookingThroughput = await booking.run({ concurrency: Number(process.env.BENCH_BOOKING_CONCURRENCY ?? 16) });
}

if (!only || only === 'retail') {
  console.log('\n› Retail: stock on hand for 5,000 products at a location (a ledger of 300,000 movements)');
  const stock = await import('../../load-tests/bench/stock-on-hand.bench.mjs');
  results.stockOnHand = await stock.run({ adminUrl: postgresAdminUrl(), products: Number(process.env.BENCH_PRODUCTS ?? 5000) });
  // One desk is the latency a front desk feels (the p95 goal); eight desks at once give tickets closed per second.
  console.log('\n› Retail: checkout over HTTP (open a walk-in ticket, add two services, a product and a tip, pay cash, closed), 1 desk');
  const checkout = await import('../../load-tests/bench/checkout.bench.mjs');
  results.checkoutOneDesk = await checkout.run({ adminUrl: postgresAdminUrl(), concurrency: 1, checkouts: 200 });
  console.log('\n› Retail: the same checkout by 8 desks at once');
  results.checkout = await checkout.run({
    adminUrl: postgresAdminUrl(),
    concurrency: Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 8),
    checkouts: Number(process.env.BENCH_CHECKOUTS ?? 400),
  });
  console.log('\n› Retail: gift card lookup, and redemptions by 16 desks at once on the same few cards');
  const gift = await import('../../load-tests/bench/gift-card-redeem.bench.mjs');
  results.giftCardRedeem = await gift.run({ adminUrl: postgresAdminUrl() });
}

if (!only || only === 'reports') {
  console.log('\n› Payroll: a month of reports over a year of a busy salon (3 locations, 150 tickets a day each)');
  const reports = await import('../../load-tests/bench/reports.bench.mjs');
  results.reports = await reports.run({ adminUrl: postgresAdminUrl(), ticketsPerDay: Number(process.env.BENCH_TICKETS_PER_DAY ?? 150) });
  console.log('\n› Payroll: drafting a run for 50 staff over two weeks (shifts, 4,000 tickets, tips, refunds)');
  const payroll = await import('../../load-tests/bench/payroll-run.bench.mjs');
  results.payrollRun = await payroll.run({ adminUrl: postgresAdminUrl() });
}

if (!only || only === 'forms') {
  console.log('\n› Documents: form submissions per second (PDF, S3, hash) and the PDF render time');
  const forms = await import('../../load-tests/bench/form-submissions.bench.mjs');
  results.formSubmissions = await forms.run({
    adminUrl: postgresAdminUrl(),
    submissions: Number(process.env.BENCH_SUBMISSIONS ?? 300),
    concurrency: Number(process.env.BENCH_SUBMISSION_CONCURRENCY ?? 8),
  });
}

writeFileSync(join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2));
console.log(`\nResults written to bench-results/latest.json`);
process.exit(0);
