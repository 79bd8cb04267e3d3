import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDisableSuggestions } from '@apollo/server/plugin/disableSuggestions';
import { expressMiddleware } from '@as-integrations/express5';
import { queryCostPlugin, queryLimitRules } from '@salon/nest-kit/graphql-limits';
import { withoutSuggestions } from '@salon/nest-kit/graphql-errors';
import { graphqlMetricsPlugin } from '@salon/nest-kit/telemetry';
import type { VerifiedToken } from '@salon/tokens';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { AUTH_REQUIRED_BODY, type EdgeAuth } from './edge-auth.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import type { ServiceRegistry } from './service-registry.js';

/** What every GraphQL operation carries to the subgraphs. */
export interface GatewayContext {
  /** The caller's Authorization header, forwarded unchanged (subgraphs verify it again). */
  authorization?: string;
  requestId?: string;
  /** The caller's address as the gateway vouches for it (TRUSTED_PROXIES), sent as X-Forwarded-For. */
  clientIp?: string;
  /** Set when the edge verified a token; absent for anonymous callers (public booking). */
  user?: VerifiedToken;
}

/** Sends the caller's Authorization, x-request-id and vouched address with every subgraph fetch. */
export class AuthForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http?.headers;
    if (!headers) return;
    const { authorization, requestId, clientIp } = context as GatewayContext;
    if (authorization) headers.set('authorization', authorization);
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    if (clientIp) headers.set('x-forwarded-for', clientIp);
  }
}

export interface SupergraphStatus {
  loaded: boolean;
  /** Where the schema comes from: a file, or composition from the running subgraphs. */
  source: 'file' | 'introspection';
  loadedAt?: string;
  lastError?: string;
}

/**
 * `/graphql`: an Apollo Server 5 running an ApolloGateway over the deployed subgraphs. Loading is
 * retried in the background until the subgraphs answer, so the gateway can start before them;
 * until then /graphql answers 503 and /health/ready says why. Once loaded, the subgraphs are
 * polled, so a restarted subgraph with a changed schema is picked up.
 */
export class GraphqlGateway {
  private server: ApolloServer<GatewayContext> | null = null;
  private middleware: RequestHandler | null = null;
  private loading: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly status: SupergraphStatus;
  private readyWaiters: (() => void)[] = [];

  constructor(
    private readonly config: GatewayConfig,
    private readonly registry: ServiceRegistry,
    private readonly auth: EdgeAuth,
    private readonly logger: Logger,
  ) {
    this.status = { loaded: false, source: config.supergraph.path ? 'file' : 'introspection' };
  }

  getStatus(): SupergraphStatus {
    return { ...this.status };
  }

  /** Starts loading the supergraph in the background; resolves at once. */
  start(): void {
    this.loading ??= this.loadUntilReady();
  }

  /** Resolves when a supergraph is loaded; rejects after `timeoutMs`. */
  async whenReady(timeoutMs = 30_000): Promise<void> {
    if (this.status.loaded) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Supergraph not loaded after ${timeoutMs} ms: ${this.status.lastError ?? 'no answer yet'}`)),
        timeoutMs,
      );
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loading?.catch(() => undefined);
    const server = this.server;
    this.server = null;
    this.middleware = null;
    await server?.stop();
  }

  /** express.json for /graphql only, the edge token check, then Apollo. */
  handlers(): RequestHandler[] {
    const json = express.json({ limit: this.config.graphql.bodyLimit });
    const checkToken: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      try {
        const result = await this.auth.check(req.headers);
        if (result.status === 'rejected') {
          res.status(401).json(AUTH_REQUIRED_BODY);
          return;
        }
        res.locals.user = result.status === 'authenticated' ? result.user : undefined;
        next();
      } catch (error) {
        this.logger.error({ err: error }, 'token verification failed');
        res.status(503).json({ error: 'Authentication is temporarily unavailable' });
      }
    };
    const apollo: RequestHandler = (req, res, next) => {
      if (!this.middleware) {
        res.status(503).json({ error: `The GraphQL schema is not loaded yet${this.status.lastError ? `: ${this.status.lastError}` : ''}` });
        return;
      }
      return this.middleware(req, res, next);
    };
    return [json, checkToken, apollo];
  }

  private createServer(): ApolloServer<GatewayContext> {
    const { config, registry } = this;
    const logger = this.apolloLogger();
    const supergraphSdl = config.supergraph.path
      ? readFileSync(config.supergraph.path, 'utf8')
      : new IntrospectAndCompose({
          subgraphs: registry.subgraphs(),
          pollIntervalInMs: config.supergraph.pollIntervalMs,
          logger,
        });
    const gateway = new ApolloGateway({
      supergraphSdl,
      logger,
      // A URL configured for the service wins over the one recorded in a pre-composed supergraph.
      buildService: ({ name, url }) => {
        const entry = registry.entries.find((e) => e.name === name && e.url);
        // Node's own fetch (undici, keep-alive pool) instead of the default make-fetch-happen:
        // less work per subgraph call on the gateway's hot path.
        return new AuthForwardingDataSource({
          url: entry ? `${entry.url}${entry.graphqlPath}` : url,
          fetcher: fetch as unknown as RemoteGraphQLDataSource['fetcher'],
        });
      },
    });
    gateway.onSchemaLoadOrUpdate(() => {
      if (this.status.loaded) this.logger.info('supergraph updated');
    });
    const production = config.nodeEnv === 'production';
    // Cost counts list sizes from the variables too, so it runs as a plugin once the operation is known.
    const plugins: ApolloServerPlugin<GatewayContext>[] = [
      queryCostPlugin<GatewayContext>(config.graphql),
      ApolloServerPluginDisableSuggestions(),
      graphqlMetricsPlugin() as ApolloServerPlugin<GatewayContext>,
    ];
    if (production) plugins.push(ApolloServerPluginLandingPageDisabled());
    return new ApolloServer<GatewayContext>({
      gateway,
      logger,
      // The gateway's own SIGTERM handler stops the server in order (main.ts). Apollo's handler
      // would race it: it stops the same server, and a second stop() waits on a barrier that
      // Apollo Server 5 never resolves once a stop succeeds, so the shutdown hung until the
      // 15 s force-exit, with exit code 1.
      stopOnTerminationSignals: false,
      introspection: config.graphql.introspection,
      // Stack traces name files and lines of this installation: only tests get them.
      includeStacktraceInErrorResponses: config.nodeEnv === 'test',
      formatError: withoutSuggestions,
      validationRules: queryLimitRules(config.graphql),
      plugins,
    });
  }

  /**
   * Apollo's logs through pino. Until the first load succeeds, the retry loop reports each failure
   * once, so Apollo's own message about the same failure is kept at debug.
   */
  private apolloLogger() {
    const logger = this.logger.child({ component: 'apollo' });
    return {
      debug: (message: unknown) => logger.debug(String(message)),
      info: (message: unknown) => logger.info(String(message)),
      warn: (message: unknown) => logger.warn(String(message)),
      error: (message: unknown) => (this.status.loaded ? logger.error(String(message)) : logger.debug(String(message))),
    };
  }

  private async loadUntilReady(): Promise<void> {
    let delayMs = 500;
    while (!this.abort.signal.aborted) {
      const server = this.createServer();
      try {
        await server.start();
      } catch (error) {
        this.status.lastError = (error as Error).message;
        this.logger.warn({ error: (error as Error).message, retryInMs: delayMs }, 'could not load the supergraph; retrying');
        await server.stop().catch(() => undefined);
        try {
          await sleep(delayMs, undefined, { signal: this.abort.signal });
        } catch {
          return;
        }
        delayMs = Math.min(delayMs * 2, 10_000);
        continue;
      }
      if (this.abort.signal.aborted) {
        await server.stop();
        return;
      }
      this.server = server;
      this.middleware = expressMiddleware(server, {
        context: async ({ req, res }) => ({
          authorization: req.headers.authorization,
          requestId: req.headers[REQUEST_ID_HEADER] as string | undefined,
          clientIp: req.ip,
          user: res.locals.user as VerifiedToken | undefined,
        }),
      });
      this.status.loaded = true;
      this.status.loadedAt = new Date().toISOString();
      delete this.status.lastError;
      this.logger.info(
        { source: this.status.source, subgraphs: this.registry.subgraphs().map((s) => s.name) },
        'supergraph loaded; /graphql is ready',
      );
      this.readyWaiters.splice(0).forEach((resolve) => resolve());
      return;
    }
  }
}
