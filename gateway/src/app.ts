import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpMetricsMiddleware, metricsEndpoint, stopTracing, tracingMiddleware } from '@salon/nest-kit/telemetry';
import { TokenService } from '@salon/tokens';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { EdgeAuth } from './edge-auth.js';
import { GraphqlGateway } from './graphql-gateway.js';
import { healthController } from './health.controller.js';
import { createHttpLogger, createLogger } from './logging.js';
import { createRestFacade } from './rest-facade.js';
import { requestId } from './request-id.js';
import { securityHeaders } from './security-headers.js';
import { ServiceRegistry } from './service-registry.js';
import { staticWeb } from './static-web.js';

export interface GatewayApp {
  app: Express;
  config: GatewayConfig;
  logger: Logger;
  registry: ServiceRegistry;
  tokens: TokenService;
  redis: Redis;
  graphql: GraphqlGateway;
  /** Listens on config.port/host (0 = a free port) and starts loading the supergraph. */
  start(): Promise<{ server: http.Server; port: number; url: string }>;
  /** Resolves once /graphql has a supergraph (tests, the bench runner). */
  whenReady(timeoutMs?: number): Promise<void>;
  /** Stops accepting connections, lets requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), then closes everything. */
  stop(): Promise<void>;
}

export interface GatewayAppOptions {
  logger?: Logger;
}

/** Builds the gateway from a parsed configuration without touching process-wide state. */
export function createGatewayApp(config: GatewayConfig, options: GatewayAppOptions = {}): GatewayApp {
  const logger = options.logger ?? createLogger(config);

  const redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  let lastRedisError = '';
  redis.on('error', (error: Error) => {
    // ioredis retries by itself; log each distinct failure once rather than on every retry.
    if (error.message !== lastRedisError) logger.error({ err: error }, 'Redis connection error');
    lastRedisError = error.message;
  });
  redis.on('ready', () => {
    lastRedisError = '';
  });

  const tokens = new TokenService(
    {
      secret: config.jwt.secret,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      ttlSeconds: config.jwt.ttlSeconds,
      redisPrefix: config.redis.keyPrefix,
    },
    redis,
  );
  const auth = new EdgeAuth(tokens, logger);
  const registry = new ServiceRegistry(config.serviceUrls);
  const graphql = new GraphqlGateway(config, registry, auth, logger);
  const rest = createRestFacade({ registry, auth, logger, timeoutMs: config.upstreamTimeoutMs });

  const app = express();
  app.disable('x-powered-by');
  // req.ip and req.protocol believe X-Forwarded-* only from these hops; the services then believe
  // the gateway, which overwrites those headers with what it vouches for.
  app.set('trust proxy', config.trustedProxies.length ? config.trustedProxies : false);

  // /metrics (loopback/cluster only, or METRICS_TOKEN), then the request's span (continuing the
  // browser's traceparent) and its timing; subgraph and service calls carry the trace on.
  app.use(metricsEndpoint());
  app.use(tracingMiddleware());
  app.use(httpMetricsMiddleware({ prefixes: ['/graphql', '/api', '/health', '/assets'] }));
  app.use(requestId);
  app.use(...securityHeaders(config.paymentFrameOrigins, config.storageOrigins));
  app.use(createHttpLogger(logger));
  app.use(healthController(redis, graphql));
  app.use(rest.handler);
  app.use('/graphql', ...graphql.handlers());
  app.use(staticWeb(config.webDist));
  app.use((req, res) => {
    res.status(404).type('text/plain').send(`Not found: ${req.method} ${req.path}\n`);
  });
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, requestId: req.headers['x-request-id'] }, 'unhandled error');
    const message =
      error?.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : error?.type === 'entity.too.large'
          ? `The request body is larger than ${config.graphql.bodyLimit}`
          : status < 500 && error?.expose
            ? String(error.message)
            : 'Internal server error';
    res.status(status).json({ error: message });
  };
  app.use(onError);

  let server: http.Server | null = null;
  // Responses not finished yet: on shutdown they are told `Connection: close`, so a keep-alive
  // client does not send its next request to a gateway that is going away.
  const unfinished = new Set<http.ServerResponse>();
  let draining = false;

  return {
    app,
    config,
    logger,
    registry,
    tokens,
    redis,
    graphql,
    async start() {
      await redis
        .connect()
        .catch((error: Error) => logger.error({ err: error }, 'Redis is not reachable at start; /health/ready will say so'));
      graphql.start();
      const listening = http.createServer(app);
      listening.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
        if (draining) res.setHeader('connection', 'close');
        unfinished.add(res);
        res.once('close', () => unfinished.delete(res));
      });
      // Longer than a load balancer's idle timeout, so the balancer closes idle connections first.
      listening.keepAliveTimeout = 65_000;
      listening.headersTimeout = 66_000;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.port, config.host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      server = listening;
      const { port } = listening.address() as AddressInfo;
      const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      logger.info(
        { port, host: config.host, services: registry.deployed().map((s) => `${s.name}=${s.url}`) },
        `gateway listening on ${url}`,
      );
      return { server: listening, port, url };
    },
    whenReady: (timeoutMs) => graphql.whenReady(timeoutMs),
    async stop() {
      const current = server;
      server = null;
      if (current) {
        draining = true;
        const closed = new Promise<void>((resolve) => current.close(() => resolve()));
        for (const res of unfinished) if (!res.headersSent) res.setHeader('connection', 'close');
        // close() waits for every connection to end, and a keep-alive connection whose response has
        // gone out stays open until its client closes it: close each one as soon as it is idle.
        current.closeIdleConnections();
        const sweep = setInterval(() => current.closeIdleConnections(), 50);
        const deadline = new Promise<'timeout'>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs, 'timeout').unref());
        if ((await Promise.race([closed, deadline])) === 'timeout') {
          logger.warn('requests still running after the shutdown timeout; closing their connections');
          current.closeAllConnections();
          await closed;
        }
        clearInterval(sweep);
      }
      await graphql.stop();
      rest.close();
      await stopTracing(); // exports the spans still buffered
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
