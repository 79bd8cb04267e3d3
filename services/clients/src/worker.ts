import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createLogger, exitGracefullyOnSignals, PinoNestLogger } from '@salon/nest-kit';
import { loadClientsConfig } from './config.js';
import { WorkerModule } from './worker.module.js';

/**
 * `npm run worker -w @salon/clients`: the client-import worker, a process of its own so a big
 * import neither slows the API nor dies with it. SIGTERM/SIGINT close the BullMQ worker, which
 * waits for the batch in flight; after a hard kill the import resumes from its last committed
 * batch (BullMQ's stalled-job check, and the sweep for running imports on boot).
 */
try {
  const config = loadClientsConfig();
  const logger = createLogger('clients-worker', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  exitGracefullyOnSignals(app, { logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  logger.info('clients worker started');
  // One line on stdout that launchers and tests can wait for.
  if (process.env.WORKER_READY_LINE === '1') process.stdout.write('clients-worker-ready\n');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
