import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { startTelemetry } from '../telemetry/index.js';
import { traceMixin, tracingEnabled } from '../telemetry/tracing.js';
import { errorForLog } from './error-log.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The platform's JSON logger. Errors logged as `err` (by any code of any process) go through
 * `errorForLog`: a database error shows its code and query text, never its parameters or values.
 * `destination` is for tests that read the log.
 */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  startTelemetry(service);
  const options = {
    // Every line written inside a traced request, event or job names its trace (tracing on only).
    ...(tracingEnabled() ? { mixin: traceMixin } : {}),
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errorForLog },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Request logging with a request id taken from the caller (gateway) or made here, echoed back. */
export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const id = (Array.isArray(incoming) ? incoming[0] : incoming) || randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: { ignore: (req) => req.url?.startsWith('/health') ?? false },
    // The request's trace (tracingMiddleware), on its completion line too.
    customProps: (req) => {
      const traceId = (req as { traceId?: string }).traceId;
      return traceId ? { trace_id: traceId } : {};
    },
  });
}

/** Nest's own log lines (boot, routes) go through the same JSON logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
