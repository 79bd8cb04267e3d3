import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { postgresAdminUrl } from './local-services.mjs';
import { startLocalS3 } from '../local/s3-server.mjs';
import { startLocalSes } from '../local/ses-server.mjs';
import { startLlmPeer } from '../local/llm-peer.mjs';
import { startStripePeer } from '../local/stripe-peer.mjs';
import { startTwilioPeer } from '../local/twilio-peer.mjs';
import { randomSecrets, SECRET_NAMES } from './secrets.mjs';
import { CLOCK_OFFSET_ENV, clockEnv, clockOffsetMs } from './test-clock.mjs';

/**
 * The services `npm start` runs, in start order. A later service is one more entry here: its
 * migrate/seed scripts, its port and the gateway variable that points at it.
 */
export const SERVICES = [
  { name: 'identity', dir: 'services/identity', database: 'identity', port: 4001, gatewayVariable: 'IDENTITY_URL', seed: true },
  {
    name: 'messaging',
    dir: 'services/messaging',
    database: 'messaging',
    port: 4002,
    gatewayVariable: 'MESSAGING_URL',
    worker: 'dist/worker.js',
    // The demo salon's AI assistant (draft mode, pointed at the local model server), the phone's demo
    // calls and the demo marketing (segments, a past campaign), which name demo clients: seeded once
    // every service (clients included) is up.
    seed: true,
    seedLast: true,
  },
  {
    name: 'clients',
    dir: 'services/clients',
    database: 'clients',
    port: 4003,
    gatewayVariable: 'CLIENTS_URL',
    worker: 'dist/worker.js',
    seed: true,
  },
  { name: 'scheduling', dir: 'services/scheduling', database: 'scheduling', port: 4004, gatewayVariable: 'SCHEDULING_URL', seed: true },
  // After scheduling: checkout reads appointments there, and the demo seed closes tickets for the demo week's past visits.
  {
    name: 'retail',
    dir: 'services/retail',
    database: 'retail',
    port: 4005,
    gatewayVariable: 'RETAIL_URL',
    worker: 'dist/worker.js',
    seed: true,
  },
  // After retail: its worker projects retail's sales (events), and the demo seed adds pay rules and past shifts.
  {
    name: 'payroll',
    dir: 'services/payroll',
    database: 'payroll',
    port: 4006,
    gatewayVariable: 'PAYROLL_URL',
    worker: 'dist/worker.js',
    seed: true,
  },
  // After clients and scheduling: its seed attaches demo forms to the demo catalogue's services and fills some for demo clients.
  {
    name: 'documents',
    dir: 'services/documents',
    database: 'documents',
    port: 4007,
    gatewayVariable: 'DOCUMENTS_URL',
    worker: 'dist/worker.js',
    seed: true,
  },
];

/** Local stand-ins for the providers: every e-mail and text sent here can be seen. */
export const LOCAL_PEERS = { ses: 8005, twilio: 8006, stripe: 8007, s3: 8008, llm: 8009 };

function databaseUrl(env, database) {
  const url = new URL(postgresAdminUrl(env));
  url.pathname = `/${database}`;
  return url.toString();
}

function runNode(script, env, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${label} failed (exit ${code}):\n${output}`))));
  });
}

async function waitForReady(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.once('exit', (code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${name} exited with code ${exited} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Creates and migrates each service's database, seeds the demo salon, starts the services and the
 * gateway, and waits until all are ready. Used by `npm start`, the browser tests and the bench.
 *
 * @param {object} options
 * @param {number} [options.port] gateway port (default PORT or 4000)
 * @param {number} [options.portOffset] added to every service port (tests run beside a dev instance)
 * @param {string} [options.databasePrefix] database names are `<prefix>_<service>` (default 'salon')
 * @param {string} [options.redisPrefix] Redis key prefix (default 'salon:')
 * @param {'inherit'|'pipe'|'ignore'} [options.logs] where the services' JSON logs go
 * @param {Record<string,string>} [options.env] extra environment for every process
 * @param {number} [options.clockOffsetMs] run every process (and the local SES server) on a clock
 *   shifted by this much (infra/lib/test-clock.mjs); only the browser walk sets it, so `npm start`
 *   and the bench always run on the machine's time
 * @param {string} [options.s3Directory] where the local S3 server keeps objects (default: a temporary folder removed on stop)
 * @param {Record<string,string>} [options.secrets] JWT_SECRET, EVENT_SECRET_KEY, TWILIO_AUTH_TOKEN and the Stripe keys for
 *   every process (`npm start`: this installation's, infra/lib/secrets.mjs); a value in the
 *   environment wins; without either, a fresh random set for this run. Never a constant.
 *
 * The services listen on 127.0.0.1 only, whatever HOST says; HOST (default 127.0.0.1) is the
 * gateway's, the one address people use.
 */
export async function startPlatform(options = {}) {
  const baseEnv = { ...process.env, ...options.env };
  const port = options.port ?? Number(baseEnv.PORT ?? 4000);
  const offset = options.portOffset ?? 0;
  const databasePrefix = options.databasePrefix ?? 'salon';
  const common = {
    ...baseEnv,
    NODE_ENV: baseEnv.NODE_ENV ?? 'development',
    LOG_LEVEL: baseEnv.LOG_LEVEL ?? 'info',
    REDIS_KEY_PREFIX: options.redisPrefix ?? baseEnv.REDIS_KEY_PREFIX ?? 'salon:',
    PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://localhost:${port}`,
    // Each process stops when this one is gone, however it ended (see exitWithParent in nest-kit).
    EXIT_WITH_PARENT: '1',
  };
  delete common.PORT;
  delete common.DATABASE_URL;
  delete common.HOST;
  const given = options.secrets ?? randomSecrets();
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, baseEnv[name] || given[name]]));
  // The shifted clock is opt-in per call, never inherited from the caller's environment.
  delete common[CLOCK_OFFSET_ENV];
  if (options.clockOffsetMs !== undefined) Object.assign(common, clockEnv(options.clockOffsetMs, common.NODE_OPTIONS));
  const children = [];
  /** Each API's and the gateway's process id, by name (the gateway bench reads their CPU time). */
  const pids = {};
  const databases = [];
  const lateSeeds = [];
  const peers = {};

  const stop = async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await once(child, 'exit').catch(() => {});
        clearTimeout(timer);
      }
    }
    await Promise.all(Object.values(peers).map((peer) => peer.stop()));
  };

  try {
    // The local SES server is a third-party package: it gets no secret of ours.
    peers.ses = await startLocalSes({ port: LOCAL_PEERS.ses + offset, env: common });
    peers.twilio = await startTwilioPeer({ port: LOCAL_PEERS.twilio + offset, authToken: secrets.TWILIO_AUTH_TOKEN });
    // Files (signatures, signed-form PDFs, documents) go to the local S3-compatible server through the AWS SDK.
    peers.s3 = await startLocalS3({ port: LOCAL_PEERS.s3 + offset, directory: options.s3Directory, env: common });
    // Card payments: retail's Stripe SDK talks to the local Stripe peer, whose webhooks come back
    // through the gateway like Stripe's would; its clock is the platform's (signatures carry a time).
    peers.stripe = await startStripePeer({
      port: LOCAL_PEERS.stripe + offset,
      secretKey: secrets.STRIPE_SECRET_KEY,
      webhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
      // The machine's time plus the platform's offset, whether or not this process's own clock is shifted (the walk's is).
      now: () => Date.now() - clockOffsetMs() + (options.clockOffsetMs ?? 0),
    });
    // AI messaging: a local OpenAI-compatible model server answering by rules (infra/local/mock-llm.yaml);
    // messaging's seed points the demo salon's assistant at it.
    peers.llm = await startLlmPeer({ port: LOCAL_PEERS.llm + offset });
    Object.assign(common, secrets);
    common.STRIPE_API_URL ??= peers.stripe.url;
    common.AI_LOCAL_BASE_URL ??= peers.llm.url;
    // E-mail goes to the local SES server; SMS to the log provider unless SMS_PROVIDER=twilio,
    // which then talks to the local Twilio peer through the official SDK.
    common.SES_ENDPOINT ??= peers.ses.url;
    // Where the worker finds SES's Send events before retrying an e-mail whose outcome it lost.
    common.SES_SEND_EVENTS_URL ??= `${peers.ses.url}/send-events`;
    common.TWILIO_API_URL ??= peers.twilio.url;
    common.S3_ENDPOINT ??= peers.s3.url;
    // Every service may call any other (messaging's worker asks clients for a client's phone), and
    // the ports are known before anything starts, so every process gets every URL.
    for (const service of SERVICES) common[service.gatewayVariable] = `http://127.0.0.1:${service.port + offset}`;
    const gatewayEnv = { ...common, PORT: String(port), ...(baseEnv.HOST ? { HOST: baseEnv.HOST } : {}) };
    // PLATFORM_PROFILE_DIR=<dir>: every API and the gateway write a CPU profile there when they stop
    // (how the benches' profiles in load-tests/README.md were taken; Node refuses --cpu-prof in NODE_OPTIONS).
    const profileArgs = process.env.PLATFORM_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PLATFORM_PROFILE_DIR}`] : [];
    for (const service of SERVICES) {
      const database = `${databasePrefix}_${service.database}`;
      databases.push(database);
      const env = { ...common, DATABASE_URL: databaseUrl(baseEnv, database), PORT: String(service.port + offset) };
      await runNode(join(ROOT, service.dir, 'dist/migrate.js'), env, `${service.name} migrations`);
      if (service.seed && options.seed !== false && service.seedLast) lateSeeds.push({ service, env });
      else if (service.seed && options.seed !== false) await runNode(join(ROOT, service.dir, 'dist/seed.js'), env, `${service.name} seed`);
      const child = spawn(process.execPath, [...profileArgs, join(ROOT, service.dir, 'dist/main.js')], {
        cwd: ROOT,
        env,
        // stdin a pipe held by this process: when it is gone, the child sees the end and stops (EXIT_WITH_PARENT).
        stdio: ['pipe', options.logs ?? 'inherit', options.logs ?? 'inherit'],
      });
      children.push(child);
      pids[service.name] = child.pid;
      await waitForReady(`http://127.0.0.1:${service.port + offset}/health/ready`, child, service.name);
      gatewayEnv[service.gatewayVariable] = `http://127.0.0.1:${service.port + offset}`;
      // Seeds may read an earlier service's demo rows (scheduling's demo week needs the demo staff and clients).
      common[`${service.name.toUpperCase()}_DATABASE_URL`] = env.DATABASE_URL;
      if (service.worker) {
        const worker = spawn(process.execPath, [join(ROOT, service.dir, service.worker)], {
          cwd: ROOT,
          env,
          // stdin a pipe held by this process: when it is gone, the child sees the end and stops (EXIT_WITH_PARENT).
          stdio: ['pipe', options.logs ?? 'inherit', options.logs ?? 'inherit'],
        });
        children.push(worker);
      }
    }
    // Seeds that read later services' demo rows run now, with every service's database URL.
    for (const { service, env } of lateSeeds) {
      await runNode(
        join(ROOT, service.dir, 'dist/seed.js'),
        { ...common, DATABASE_URL: env.DATABASE_URL, PORT: env.PORT },
        `${service.name} seed`,
      );
    }
    const gateway = spawn(process.execPath, [...profileArgs, join(ROOT, 'gateway/dist/main.js')], {
      cwd: ROOT,
      env: gatewayEnv,
      // stdin a pipe held by this process: when it is gone, the child sees the end and stops (EXIT_WITH_PARENT).
      stdio: ['pipe', options.logs ?? 'inherit', options.logs ?? 'inherit'],
    });
    children.push(gateway);
    pids.gateway = gateway.pid;
    await waitForReady(`http://127.0.0.1:${port}/health/ready`, gateway, 'gateway');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${port}`,
    serviceUrls: Object.fromEntries(SERVICES.map((s) => [s.name, `http://127.0.0.1:${s.port + offset}`])),
    databases,
    children,
    pids,
    peers,
    stop,
  };
}

export const DEMO_LOGINS = [
  ['admin@demo.salon', 'admin'],
  ['staff@demo.salon', 'staff with every staff permission'],
  ['basic@demo.salon', "staff in group 'Basic Staff'"],
  ['client@demo.salon', 'client (online booking only)'],
];
export const DEMO_PASSWORD = 'demo-salon';
