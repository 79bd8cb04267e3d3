import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { AUTH_REQUIRED_BODY, isPublicRoute, type EdgeAuth } from './edge-auth.js';
import { pathHasPrefix, type ServiceEntry, type ServiceName, type ServiceRegistry } from './service-registry.js';

export interface RestFacadeOptions {
  registry: ServiceRegistry;
  auth: EdgeAuth;
  logger: Logger;
  /** How long an upstream may take to start answering before the caller gets 504. */
  timeoutMs: number;
}

export interface RestFacade {
  handler: RequestHandler;
  /** Closes the keep-alive connections to the services. */
  close(): void;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const START = Symbol('proxyStart');
const RETRIED = Symbol('retried');

type TimedRequest = http.IncomingMessage & { [START]?: number; [RETRIED]?: boolean };

function sendJson(res: Response | http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(payload));
  res.end(payload);
}

/** True for '.' or '..' segments, plain or percent-encoded. */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

function isServerResponse(value: unknown): value is http.ServerResponse {
  return typeof (value as http.ServerResponse | undefined)?.writeHead === 'function';
}

/**
 * What the gateway tells a service about the caller, replacing whatever the caller sent: the
 * services believe X-Forwarded-For from the gateway (TRUSTED_PROXIES), so a header a client wrote
 * must never reach them, or every per-address limit could be dodged with a new value each time.
 * `req.ip` and `req.protocol` already follow the gateway's own TRUSTED_PROXIES (an ingress).
 */
export function vouchedForwardingHeaders(req: Request): Record<'x-forwarded-for' | 'x-forwarded-proto' | 'x-forwarded-host', string> {
  return {
    'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.host ?? '',
  };
}

/**
 * `/api/...`: finds the owning service in the registry, checks the token at the edge unless the
 * route is public, and streams the request to the service untouched (same method, path, query and
 * body; Authorization and x-request-id forwarded; X-Forwarded-* replaced by what the gateway vouches for).
 */
export function createRestFacade({ registry, auth, logger, timeoutMs }: RestFacadeOptions): RestFacade {
  const agents: (http.Agent | https.Agent)[] = [];
  const proxies = new Map<ServiceName, RequestHandler>();

  for (const service of registry.deployed()) {
    const secure = service.url.startsWith('https:');
    const agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 256 }) : new http.Agent({ keepAlive: true, maxSockets: 256 });
    agents.push(agent);
    const proxy = createProxyMiddleware<Request, Response>({
      target: service.url,
      agent,
      xfwd: false,
      changeOrigin: false,
      proxyTimeout: timeoutMs,
      on: {
        proxyReq: (proxyReq, req) => {
          (req as TimedRequest)[START] = Date.now();
          proxyReq.removeHeader('forwarded');
          for (const [name, value] of Object.entries(vouchedForwardingHeaders(req))) proxyReq.setHeader(name, value);
        },
        error: (error, req, res) => onProxyError(service, error as NodeJS.ErrnoException, req as TimedRequest, res),
      },
    });
    proxies.set(service.name, proxy as unknown as RequestHandler);
  }

  function onProxyError(service: ServiceEntry, error: NodeJS.ErrnoException, req: TimedRequest, res: http.ServerResponse | Socket): void {
    // The service reset the connection before answering: a kept-alive connection it closed just as
    // this request went out on it, or a new one it had not taken before it stopped listening (it
    // is shutting down). It never handled the request; Node's advice is to send it again. Only for
    // GET and HEAD, which carry no body and change nothing, and only once.
    const proxy = proxies.get(service.name);
    if (
      error.code === 'ECONNRESET' &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req[RETRIED] &&
      proxy &&
      isServerResponse(res) &&
      !res.headersSent
    ) {
      req[RETRIED] = true;
      logger.debug(
        { upstream: service.name, requestId: req.headers['x-request-id'] },
        'connection reset by the service before it answered; retrying once',
      );
      void proxy(req as Request, res as Response, () => undefined);
      return;
    }
    const elapsed = Date.now() - (req[START] ?? Date.now());
    const timedOut = elapsed >= timeoutMs;
    logger.warn(
      { upstream: service.name, code: error.code, message: error.message, requestId: req.headers['x-request-id'], elapsedMs: elapsed },
      'upstream request failed',
    );
    if (!isServerResponse(res)) {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (timedOut) sendJson(res, 504, { error: `The ${service.name} service did not answer in time` });
    else if (!error.code || UNREACHABLE_CODES.has(error.code)) sendJson(res, 502, { error: `The ${service.name} service is unreachable` });
    else sendJson(res, 502, { error: `The ${service.name} service answered with an error` });
  }

  const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    if (!pathHasPrefix(req.path, '/api')) return next();

    // Dot segments ('/api/services/../users') could make a public or foreign prefix match a path
    // the service would resolve differently; no legitimate client sends them.
    if (hasDotSegment(req.path)) return sendJson(res, 400, { error: `Invalid path: ${req.path}` });

    const service = registry.ownerOf(req.path);
    if (!service) return sendJson(res, 404, { error: `Not found: ${req.method} ${req.path}` });
    const proxy = proxies.get(service.name);
    if (!service.url || !proxy) return sendJson(res, 503, { error: `The ${service.name} service is not available` });

    if (!isPublicRoute(req.method, req.path)) {
      try {
        const result = await auth.check(req.headers);
        if (result.status !== 'authenticated') return sendJson(res, 401, AUTH_REQUIRED_BODY);
      } catch (error) {
        logger.error({ err: error }, 'token verification failed');
        return sendJson(res, 503, { error: 'Authentication is temporarily unavailable' });
      }
    }
    return proxy(req, res, next);
  };

  return {
    handler,
    close: () => agents.forEach((agent) => agent.destroy()),
  };
}
