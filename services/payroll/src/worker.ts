import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createLogger, exitGracefullyOnSignals, PinoNestLogger } from '@salon/nest-kit';
import { loadPayrollConfig } from './config.js';
import { WorkerModule } from './worker.module.js';

/**
 * `npm run worker -w @salon/payroll`: the event consumers, a process of its own so a backlog of
 * events never slows the time clock.
 */
try {
  const config = loadPayrollConfig();
  const logger = createLogger('payroll-worker', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  // SIGTERM: the consumers finish their current event, then the process exits 0.
  exitGracefullyOnSignals(app, { logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  logger.info('payroll worker started');
  // One line on stdout that launchers and tests can wait for.
  if (process.env.WORKER_READY_LINE === '1') process.stdout.write('payroll-worker-ready\n');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
