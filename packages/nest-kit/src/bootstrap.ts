import 'reflect-metadata';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import type { BaseConfig } from './config/config.js';
import { AllExceptionsFilter } from './errors/all-exceptions.filter.js';
import { createHttpLogger, createLogger, PinoNestLogger } from './logging/logger.js';
import { exitGracefullyOnSignals } from './shutdown.js';
import { httpMetricsMiddleware, metricsEndpoint } from './telemetry/metrics.js';
import { tracingMiddleware } from './telemetry/tracing.js';

export interface ServiceOptions {
  name: string;
  config: BaseConfig & { PORT: number };
  /** The root module, given the parsed config (so it can configure its imports). */
  module: Type<unknown> | DynamicModule;
  /** Keep each JSON body's bytes as `req.rawBody` too (a provider's webhook signature is over the exact bytes). */
  rawBody?: boolean;
  /** The largest JSON body (bytes, or a size such as '2mb'); 2 MB unless a service takes larger ones (documents' form files). */
  jsonLimit?: number | string;
}

/**
 * Creates a service's Nest app with the platform's conventions: JSON logs with request ids, one
 * error shape, X-Forwarded-For believed only from TRUSTED_PROXIES (the gateway) and a JSON body
 * limit. Used by main.ts and by integration tests (which call `listen` themselves or use supertest,
 * and close the app).
 */
export async function createServiceApp(
  options: Omit<ServiceOptions, 'config'> & { config: BaseConfig },
): Promise<{ app: INestApplication; logger: Logger }> {
  const logger = createLogger(options.name, options.config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(options.module, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    rawBody: options.rawBody ?? false,
  });
  // Express takes the client address from the right of X-Forwarded-For, skipping trusted hops: the
  // gateway writes exactly the address it vouches for, so nothing a caller wrote gets through.
  const trusted = options.config.TRUSTED_PROXIES;
  app.set('trust proxy', trusted.length ? trusted : false);
  app.disable('x-powered-by');
  // /metrics first (never logged or traced), then the request's span, its timing, its log line.
  app.use(metricsEndpoint());
  app.use(tracingMiddleware());
  app.use(httpMetricsMiddleware());
  app.use(createHttpLogger(logger));
  app.useBodyParser('json', { limit: options.jsonLimit ?? '2mb' });
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  return { app, logger };
}

/**
 * Entry point helper: builds, listens, exits non-zero with a readable reason on failure, and on
 * SIGTERM shuts down gracefully and exits 0 (exitGracefullyOnSignals).
 */
export async function runService(options: ServiceOptions): Promise<INestApplication> {
  const { app, logger } = await createServiceApp(options);
  await app.listen(options.config.PORT, options.config.HOST);
  exitGracefullyOnSignals(app, { logger, timeoutMs: options.config.SHUTDOWN_TIMEOUT_MS, server: app.getHttpServer() });
  const { HOST, PORT } = options.config;
  logger.info({ port: PORT, node: process.version }, `${options.name} listening on http://${HOST}:${PORT}`);
  return app;
}
