import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createLogger, exitGracefullyOnSignals, PinoNestLogger } from '@salon/nest-kit';
import { loadDocumentsConfig } from './config.js';
import { WorkerModule } from './worker.module.js';

/**
 * `npm run worker -w @salon/documents`: the event consumers, a process of its own so a backlog of
 * events never slows the desk's checkout.
 */
try {
  const config = loadDocumentsConfig();
  const logger = createLogger('documents-worker', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  // SIGTERM: the consumers finish their current event, then the process exits 0.
  exitGracefullyOnSignals(app, { logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  logger.info('documents worker started');
  // One line on stdout that launchers and tests can wait for.
  if (process.env.WORKER_READY_LINE === '1') process.stdout.write('documents-worker-ready\n');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
