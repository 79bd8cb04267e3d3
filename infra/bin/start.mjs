#!/usr/bin/env node
// `npm start`: install if needed, check PostgreSQL and Redis, build, migrate, seed, run everything.
import { buildAll, ensureInstalled } from '../lib/install.mjs';

ensureInstalled();
const { requireLocalServices, portInUse } = await import('../lib/local-services.mjs');
const { startPlatform, DEMO_LOGINS, DEMO_PASSWORD, SERVICES, LOCAL_PEERS } = await import('../lib/platform.mjs');
const { localSecrets, SECRETS_FILE } = await import('../lib/secrets.mjs');

await requireLocalServices();
const port = Number(process.env.PORT ?? 4000);
for (const p of [port, ...SERVICES.map((s) => s.port), ...Object.values(LOCAL_PEERS)]) {
  if (await portInUse(p)) {
    console.error(`✗ Port ${p} is already in use (another npm start?). Stop it, or choose the gateway port with PORT=…`);
    process.exit(1);
  }
}
buildAll();
let secrets;
try {
  // This installation's own secrets, made on the first start; nothing in the source signs a token.
  secrets = localSecrets();
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
console.log(`› Secrets: ${SECRETS_FILE} (made on the first start; keep it private)`);
console.log('› Migrating, seeding the demo salon and starting the services…');
let platform;
try {
  platform = await startPlatform({
    secrets,
    port,
    logs: process.env.LOG_LEVEL === 'silent' ? 'ignore' : 'inherit',
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // Stored files outlive a restart, like the databases that name them.
    s3Directory: new URL('../../.local/s3', import.meta.url).pathname,
  });
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
const width = Math.max(...DEMO_LOGINS.map(([e]) => e.length));
console.log(`
  Salon platform is running:  ${platform.url}${process.env.HOST && process.env.HOST !== '127.0.0.1' ? `  (listening on ${process.env.HOST})` : '  (this machine only; HOST=0.0.0.0 npm start opens it to the network)'}
    GraphQL  ${platform.url}/graphql     REST  ${platform.url}/api/…
    E-mail sent locally: ${platform.peers.ses.url.replace('127.0.0.1', 'localhost')}   Test sends: ${platform.url}/email-test

  Demo logins (password: ${DEMO_PASSWORD})
${DEMO_LOGINS.map(([email, what]) => `    ${email.padEnd(width)}  ${what}`).join('\n')}

  Ctrl+C stops everything.
`);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('› Stopping…');
  await platform.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const child of platform.children) {
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`✗ A service stopped unexpectedly (exit ${code ?? signal}); stopping the rest.`);
    void shutdown().then(() => process.exit(1));
  });
}
