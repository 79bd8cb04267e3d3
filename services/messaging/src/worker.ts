import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createLogger, exitGracefullyOnSignals, PinoNestLogger } from '@salon/nest-kit';
import { loadMessagingConfig } from './config.js';
import { WorkerModule } from './worker.module.js';

/**
 * `npm run worker -w @salon/messaging`: the delivery worker, a process of its own so sending
 * scales and restarts apart from the API. SIGTERM/SIGINT close the BullMQ workers, which waits
 * for the jobs in flight; a hard kill is covered by the message row's lease (see DeliverMessageUseCase).
 */
try {
  const config = loadMessagingConfig();
  const logger = createLogger('messaging-worker', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  exitGracefullyOnSignals(app, { logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  logger.info({ emailProvider: config.EMAIL_PROVIDER, smsProvider: config.SMS_PROVIDER }, 'messaging worker started');
  // One line on stdout that launchers and tests can wait for.
  if (process.env.WORKER_READY_LINE === '1') process.stdout.write('messaging-worker-ready\n');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
