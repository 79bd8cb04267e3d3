import type { IncomingMessage, ServerResponse } from 'node:http';
import { startTelemetry, traceMixin, tracingEnabled } from '@salon/nest-kit/telemetry';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { GatewayConfig } from './config.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** Header values that must never reach a log line, wherever they show up. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'authorization',
];

export function createLogger(config: Pick<GatewayConfig, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  startTelemetry('gateway');
  return pino(
    {
      level: config.logLevel,
      base: { service: 'gateway' },
      // Lines written inside a traced request name its trace (tracing on only).
      ...(tracingEnabled() ? { mixin: traceMixin } : {}),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Masks secrets passed in query strings (reset and invitation links carry tokens). */
export function safeUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&](?:token|code|password|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * One JSON line per request with the request id, method, path, status and duration. Only the
 * fields listed here are logged: headers (Authorization, cookies) never are.
 */
export function createHttpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => String(req.headers[REQUEST_ID_HEADER] ?? ''),
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.originalUrl ?? req.url),
        remoteAddress: req.socket?.remoteAddress,
        userAgent: req.headers?.['user-agent'],
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // A 5xx answer is not an exception: log the status without pino-http's synthetic error and stack.
    customErrorObject: (_req, _res, error, value) =>
      error.message.startsWith('failed with status code') ? { ...value, err: undefined } : value,
    customErrorMessage: (_req, res, error) =>
      error.message.startsWith('failed with status code') ? `request completed with ${res.statusCode}` : `request failed: ${error.message}`,
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health/') },
    quietReqLogger: true,
    customProps: (req) => {
      const traceId = (req as { traceId?: string }).traceId;
      return traceId ? { trace_id: traceId } : {};
    },
  });
}
