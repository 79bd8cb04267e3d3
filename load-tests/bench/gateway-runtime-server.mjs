// Bench-only: serves /graphql over the platform's running subgraphs with another federation runtime,
// so the gateway bench can compare it with our gateway (@apollo/gateway in Express) on the same
// supergraph, machine and load. Never used by the platform itself.
//
//   GATEWAY_RUNTIME=hive         Hive Gateway's runtime (@graphql-hive/gateway-runtime, its JS planner)
//   GATEWAY_RUNTIME=hive-router  the same with @graphql-hive/router-runtime (Hive Router's Rust planner)
//   GATEWAY_RUNTIME=apollo       @apollo/gateway + Apollo Server on plain node:http, no Express
//                                middleware: what our gateway's own middleware costs
//
// The environment is the gateway's (PORT, *_URL, JWT_*, REDIS_URL, REDIS_KEY_PREFIX: gateway's
// loadConfig). The supergraph is composed with @apollo/composition from the subgraphs' own
// `_service { sdl }`, as our gateway's IntrospectAndCompose does. Each request gets the gateway's
// edge token check (EdgeAuth: signature, cached, plus the Redis session read) and the caller's
// Authorization and x-request-id reach the subgraphs, so every runtime does the same work per request.
// Prints `listening <url>` on stdout once it serves.
import http from 'node:http';
import { loadConfig } from '../../gateway/dist/config.js';
import { EdgeAuth } from '../../gateway/dist/edge-auth.js';
import { ServiceRegistry } from '../../gateway/dist/service-registry.js';
import { composeSupergraph } from '../../gateway/dist/supergraph-composition.js';
import { TokenService } from '@salon/tokens';
import { Redis } from 'ioredis';
import pino from 'pino';

const runtime = process.env.GATEWAY_RUNTIME ?? 'hive';
const config = loadConfig(process.env);
const registry = new ServiceRegistry(config.serviceUrls);

async function subgraphSdl({ name, url }) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = await res.json();
  if (!body.data?._service?.sdl) throw new Error(`${name} (${url}) did not give its SDL: ${JSON.stringify(body).slice(0, 200)}`);
  return { name, url, sdl: body.data._service.sdl };
}
const { supergraphSdl } = composeSupergraph(await Promise.all(registry.subgraphs().map(subgraphSdl)));

const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1 });
const tokens = new TokenService({ ...config.jwt, redisPrefix: config.redis.keyPrefix }, redis);
const edgeAuth = new EdgeAuth(tokens, pino({ level: 'silent' }));

/** The gateway's /graphql token rule: none → anonymous, invalid → 401 before GraphQL runs. */
async function edgeCheck(req, res) {
  const result = await edgeAuth.check(req.headers);
  if (result.status !== 'rejected') return true;
  res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Authentication required"}');
  return false;
}

async function hiveHandler(withRouterRuntime) {
  const { createGatewayRuntime } = await import('@graphql-hive/gateway-runtime');
  const options = {
    supergraph: supergraphSdl,
    logging: process.env.HIVE_DEBUG ? 'debug' : false,
    maskedErrors: !process.env.HIVE_DEBUG,
    landingPage: false,
    graphqlEndpoint: '/graphql',
    // Hive folds identical concurrent subgraph requests into one by default; the bench sends the
    // same query with the same token from every connection, so that would measure fewer subgraph
    // calls than @apollo/gateway makes. GATEWAY_DEDUPE=1 measures it with the folding on.
    transportEntries: { '*.http': { options: { deduplicateInflightRequests: process.env.GATEWAY_DEDUPE === '1' } } },
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({
        authorization: request.headers.get('authorization'),
        'x-request-id': request.headers.get('x-request-id'),
      }),
    },
  };
  if (withRouterRuntime) options.unifiedGraphHandler = (await import('@graphql-hive/router-runtime')).unifiedGraphHandler;
  return createGatewayRuntime(options);
}

async function apolloHandler() {
  const { ApolloGateway, RemoteGraphQLDataSource } = await import('@apollo/gateway');
  const { ApolloServer, HeaderMap } = await import('@apollo/server');
  class Forwarding extends RemoteGraphQLDataSource {
    willSendRequest({ request, context }) {
      if (context.authorization) request.http.headers.set('authorization', context.authorization);
      if (context.requestId) request.http.headers.set('x-request-id', context.requestId);
    }
  }
  const gateway = new ApolloGateway({ supergraphSdl, buildService: ({ url }) => new Forwarding({ url, fetcher: fetch }) });
  const server = new ApolloServer({ gateway, stopOnTerminationSignals: false });
  await server.start();
  return async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const result = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method, headers, search: '', body: JSON.parse(Buffer.concat(chunks).toString() || '{}') },
      context: async () => ({ authorization: req.headers.authorization, requestId: req.headers['x-request-id'] }),
    });
    res.statusCode = result.status ?? 200;
    for (const [key, value] of result.headers) res.setHeader(key, value);
    if (result.body.kind === 'complete') res.end(result.body.string);
    else {
      for await (const chunk of result.body.asyncIterator) res.write(chunk);
      res.end();
    }
  };
}

const handler =
  runtime === 'hive' || runtime === 'hive-router'
    ? await hiveHandler(runtime === 'hive-router')
    : runtime === 'apollo'
      ? await apolloHandler()
      : (() => {
          throw new Error(`GATEWAY_RUNTIME must be hive, hive-router or apollo, not ${runtime}`);
        })();

const server = http.createServer((req, res) => {
  // A connection the load generator closes mid-request must not end the server.
  const fail = (error) =>
    res.headersSent
      ? res.destroy()
      : res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
  edgeCheck(req, res).then((pass) => pass && Promise.resolve(handler(req, res)).catch(fail), fail);
});
server.keepAliveTimeout = 65_000;
server.listen(config.port, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
const stop = () => server.close(() => redis.quit().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Ends with the bench that started it (stdin is its pipe).
process.stdin.on('end', stop).resume();
