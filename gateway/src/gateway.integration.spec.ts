/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions themselves */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService, type VerifiedToken } from '@salon/tokens';
import express from 'express';
import { GraphQLError } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './testing/fake-services.js';
import { createGatewayApp, type GatewayApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logging.js';
import { composeSupergraph } from './supergraph-composition.js';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}.graphql`, import.meta.url), 'utf8');

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:gateway:${process.pid}:${Date.now()}:`;
const secret = 'gateway-test-secret-that-is-long-enough-0123456789';
const tokenConfig = { secret, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 600, redisPrefix: prefix };

let redis: Redis;
let tokens: TokenService;
let identity: FakeService;
let scheduling: FakeService;
let webDist: string;
let gateway: GatewayApp;
let base: string;
let token: string;

type Ctx = { user?: VerifiedToken };

/** A fake identity that, like the real one, verifies the forwarded token itself. */
async function identityContext(headers: Record<string, string | string[] | undefined>): Promise<Ctx> {
  const header = headers.authorization;
  if (typeof header !== 'string') return {};
  try {
    return { user: await tokens.verify(header.replace(/^Bearer\s+/i, '')) };
  } catch {
    return {};
  }
}

const userFor = (id: string) => ({
  id,
  username: `user-${id}`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `${id}@example.com`,
  role: 'staff',
  isActive: true,
  permissions: ['view_calendar', 'view_clients'],
});

function gatewayEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: secret,
    IDENTITY_URL: identity.url,
    SCHEDULING_URL: scheduling.url,
    WEB_DIST: webDist,
    SUPERGRAPH_POLL_INTERVAL_MS: '60000',
    ...overrides,
  };
}

async function startGateway(
  env: Record<string, string>,
  waitForGraphql = true,
  logLines?: string[],
): Promise<{ gateway: GatewayApp; url: string }> {
  const config = loadConfig(env);
  const logger = logLines ? createLogger({ logLevel: 'debug' }, { write: (line: string) => void logLines.push(line) }) : undefined;
  const instance = createGatewayApp(config, { logger });
  const { url } = await instance.start();
  if (waitForGraphql) await instance.whenReady(20_000);
  return { gateway: instance, url };
}

function graphql(query: string, options: { token?: string; headers?: Record<string, string>; url?: string; variables?: object } = {}) {
  return fetch(`${options.url ?? base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query, variables: options.variables }),
  });
}

/** An upstream that counts requests per client address as Express (trusting loopback) sees it. */
async function startAddressLimitedService(limit: number): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.set('trust proxy', ['loopback']);
  const counts = new Map<string, number>();
  app.use('/api', (req, res) => {
    const count = (counts.get(req.ip!) ?? 0) + 1;
    counts.set(req.ip!, count);
    res.status(count > limit ? 429 : 200).json({ ip: req.ip });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  tokens = new TokenService(tokenConfig, redis);

  identity = await startFakeService<Ctx>({
    sdl: fixture('identity'),
    context: identityContext,
    resolvers: {
      Query: {
        viewer: (_: unknown, __: unknown, ctx: Ctx) => {
          if (!ctx.user) throw new GraphQLError('Authentication required', { extensions: { code: 'UNAUTHENTICATED' } });
          return userFor(ctx.user.userId);
        },
      },
      User: {
        __resolveReference: (ref: { id: string }) => userFor(ref.id),
        permissionGroups: (user: { id: string }) => [{ id: 'g1', name: 'Front desk', permissions: [], memberIds: [user.id] }],
      },
      PermissionGroup: {
        members: (group: { memberIds: string[] }) => group.memberIds.map(userFor),
      },
    },
  });
  scheduling = await startFakeService<Ctx>({
    sdl: fixture('scheduling'),
    context: identityContext,
    resolvers: {
      Query: {
        publicServices: () => [{ id: 's1', name: 'Haircut', durationMinutes: 45 }],
        services: () => [{ id: 's1', name: 'Haircut', durationMinutes: 45 }],
      },
      // Like the real subgraphs (nest-kit's guards), `_entities` needs a valid token: the join
      // below only works because the gateway forwards the caller's Authorization to it.
      User: {
        __resolveReference: (ref: { id: string }, ctx: Ctx) => {
          if (!ctx.user) throw new GraphQLError('Authentication required', { extensions: { code: 'UNAUTHENTICATED' } });
          return { id: ref.id, upcomingAppointmentCount: 3 };
        },
      },
    },
  });

  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  ({ gateway, url: base } = await startGateway(gatewayEnv()));
  token = (await tokens.issue('user-1', 'staff')).token;
});

afterAll(async () => {
  await gateway?.stop();
  await identity?.close();
  await scheduling?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('/graphql', () => {
  it('answers the viewer query through the supergraph and forwards Authorization and x-request-id', async () => {
    const res = await graphql('{ viewer { id email firstName lastName role permissions } }', {
      token,
      headers: { 'x-request-id': 'req-viewer-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-viewer-1');
    expect((await res.json()) as any).toEqual({
      data: {
        viewer: {
          id: 'user-1',
          email: 'user-1@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          role: 'staff',
          permissions: ['view_calendar', 'view_clients'],
        },
      },
    });
    const seen = identity.seen.find((r) => r.requestId === 'req-viewer-1');
    expect(seen?.authorization).toBe(`Bearer ${token}`);
  });

  it('joins two subgraphs, forwarding the headers to each', async () => {
    const res = await graphql('{ viewer { id email upcomingAppointmentCount } }', { token, headers: { 'x-request-id': 'req-join-1' } });
    expect((await res.json()) as any).toEqual({
      data: { viewer: { id: 'user-1', email: 'user-1@example.com', upcomingAppointmentCount: 3 } },
    });
    expect(scheduling.seen.find((r) => r.requestId === 'req-join-1')?.authorization).toBe(`Bearer ${token}`);
  });

  it('forwards anonymous queries without a user, so public queries work and the subgraph decides the rest', async () => {
    const open = await graphql('{ publicServices { id name durationMinutes } }');
    expect((await open.json()) as any).toEqual({ data: { publicServices: [{ id: 's1', name: 'Haircut', durationMinutes: 45 }] } });
    const closed = await graphql('{ viewer { id } }');
    const body = (await closed.json()) as any;
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 before GraphQL for an invalid or non-bearer token', async () => {
    for (const authorization of ['Bearer not.a.token', 'Basic dXNlcjpwYXNz']) {
      const res = await graphql('{ viewer { id } }', { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('{"error":"Authentication required"}');
    }
  });

  it('answers 401 for a revoked token', async () => {
    const revoked = await tokens.issue('user-9', 'staff');
    expect((await graphql('{ viewer { id } }', { token: revoked.token })).status).toBe(200);
    await tokens.revoke(await tokens.verify(revoked.token));
    const res = await graphql('{ viewer { id } }', { token: revoked.token });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('{"error":"Authentication required"}');
    const rest = await fetch(`${base}/api/auth/verify`, { headers: { authorization: `Bearer ${revoked.token}` } });
    expect(rest.status).toBe(401);
  });

  it('rejects a query deeper than 12 levels', async () => {
    let selection = 'id';
    for (let i = 0; i < 7; i++) selection = `permissionGroups { members { ${selection} } }`;
    const res = await graphql(`{ viewer { ${selection} } }`, { token });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.errors[0].message).toMatch(/^Query depth limit of 12 exceeded, found 1\d\.$/);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('accepts a query at the depth limit', async () => {
    // Ten nested lists cost far more than the limit at the default list size; with lists of one
    // the depth rule alone decides.
    const { gateway: small, url } = await startGateway(gatewayEnv({ GRAPHQL_DEFAULT_LIST_SIZE: '1' }));
    try {
      let selection = 'id';
      for (let i = 0; i < 5; i++) selection = `permissionGroups { members { ${selection} } }`;
      const res = await graphql(`{ viewer { ${selection} } }`, { token, url });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).errors).toBeUndefined();
    } finally {
      await small.stop();
    }
  });

  it('rejects more than 15 aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: viewer { id }`).join(' ');
    const res = await graphql(`{ ${aliases} }`, { token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors[0].message).toBe('Aliases limit of 15 exceeded, found 16.');
  });

  it('rejects a query over the cost limit though within depth and alias limits', async () => {
    let selection = 'id email firstName lastName';
    for (let i = 0; i < 5; i++) selection = `id email permissionGroups { id name members { ${selection} } }`;
    const aliases = Array.from({ length: 6 }, (_, i) => `a${i}: viewer { ${selection} }`).join(' ');
    const res = await graphql(`{ ${aliases} }`, { token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors[0].message).toMatch(/^Query Cost limit of 5000 exceeded, found \d+(\.\d+)?\.$/);
  });

  it('counts a limit argument in the cost, from a literal or a variable, so aliased pages cannot add up unseen', async () => {
    const page = (i: number) => `p${i}: services(limit: 3000, offset: ${i * 3000}) { id name durationMinutes }`;
    const two = await graphql(`{ ${page(0)} ${page(1)} }`, { token });
    expect(two.status).toBe(400);
    expect(((await two.json()) as any).errors[0]).toMatchObject({
      message: 'Query Cost limit of 5000 exceeded, found 6000.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const query = 'query($n: Int) { services(limit: $n) { id name durationMinutes } }';
    const big = await graphql(query, { token, variables: { n: 6000 } });
    expect(big.status).toBe(400);
    expect(((await big.json()) as any).errors[0].message).toBe('Query Cost limit of 5000 exceeded, found 6000.');
    const small = await graphql(query, { token, variables: { n: 50 } });
    expect(((await small.json()) as any).data.services).toHaveLength(1);
    // Without a limit a list counts as the default size (10).
    expect((await graphql(`{ ${page(0).replace('(limit: 3000, offset: 0)', '')} }`, { token })).status).toBe(200);
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
    expect(res.status).toBe(400);
    expect((await res.json()) as any).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('never suggests field, type or enum names, in development too, and sends no stack traces outside tests', async () => {
    const { gateway: other, url } = await startGateway(gatewayEnv({ NODE_ENV: 'development' }));
    try {
      const typo = (await (await graphql('{ viewr { id } }', { url, token })).json()) as any;
      expect(typo.errors[0].message).toMatch(/Cannot query field "viewr"/);
      expect(JSON.stringify(typo)).not.toMatch(/Did you mean|viewer/);
      expect(typo.errors[0].extensions.stacktrace).toBeUndefined();
      const badType = (await (await graphql('query ($id: Strin) { viewer { id } }', { url, token })).json()) as any;
      expect(JSON.stringify(badType)).not.toMatch(/Did you mean/);
      const badEnum = (await (
        await graphql('query ($role: UserRole) { users(role: $role) { id } }', { url, token, variables: { role: 'admn' } })
      ).json()) as any;
      expect(badEnum.errors[0].message).toMatch(/"admn"/);
      expect(JSON.stringify(badEnum)).not.toMatch(/Did you mean|"admin"/);
    } finally {
      await other.stop();
    }
  });

  it('allows introspection outside production', async () => {
    const res = await graphql('{ __schema { queryType { name } } }');
    expect((await res.json()) as any).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('/api REST facade', () => {
  it('proxies method, path, query and the untouched body, and passes the status back', async () => {
    const rawBody = '{ "primaryColor" : "#112233",\n  "isDarkMode": true }';
    const res = await fetch(`${base}/api/users/user-1/color-preferences?status=201&x=1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'req-rest-1' },
      body: rawBody,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req-rest-1');
    expect(res.headers.get('x-fake-service')).toBe('yes');
    const echo = (await res.json()) as any;
    expect(echo).toMatchObject({
      method: 'PUT',
      url: '/api/users/user-1/color-preferences?status=201&x=1',
      body: rawBody,
      authorization: `Bearer ${token}`,
      requestId: 'req-rest-1',
      contentType: 'application/json',
    });
    expect(echo.forwardedFor).toBe('127.0.0.1');
  });

  it('sends the services only the client address it vouches for, never a forwarding header the caller wrote', async () => {
    const res = await fetch(`${base}/api/business-settings`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '203.0.113.77',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=203.0.113.78',
      },
    });
    const echo = (await res.json()) as any;
    expect(echo.forwardedFor).toBe('127.0.0.1');
    const seen = identity.seen.at(-1)!;
    expect(seen.forwardedFor).toBe('127.0.0.1');
    expect(seen.forwardedProto).toBe('http');
    expect(seen.forwarded).toBeUndefined();

    await graphql('{ viewer { id } }', { token, headers: { 'x-forwarded-for': '203.0.113.79', 'x-request-id': 'req-xff-gql' } });
    expect(identity.seen.find((r) => r.requestId === 'req-xff-gql')?.forwardedFor).toBe('127.0.0.1');
  });

  it('keeps a per-address limit behind it working when callers send a new X-Forwarded-For each time', async () => {
    // A service's limiter as the real ones see addresses: Express trusting the gateway on loopback.
    const limited = await startAddressLimitedService(3);
    const { gateway: other, url } = await startGateway(gatewayEnv({ IDENTITY_URL: limited.url }), false);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: '{}',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await other.stop();
      await limited.close();
    }
  });

  it('believes the address an ingress in TRUSTED_PROXIES forwards, and only the hop before it', async () => {
    const { gateway: other, url } = await startGateway(gatewayEnv({ TRUSTED_PROXIES: 'loopback' }));
    try {
      const res = await fetch(`${url}/api/business-settings`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.5, 198.51.100.20', 'x-forwarded-proto': 'https' },
      });
      const echo = (await res.json()) as any;
      expect(echo.forwardedFor).toBe('198.51.100.20');
      expect(identity.seen.at(-1)!.forwardedProto).toBe('https');
    } finally {
      await other.stop();
    }
  });

  it('generates an x-request-id when the caller sends none (or a bad one) and forwards it', async () => {
    const res = await fetch(`${base}/api/business-settings`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'bad id with spaces' },
    });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as any).requestId).toBe(id);
  });

  it('passes upstream error statuses through unchanged', async () => {
    const res = await fetch(`${base}/api/users/42?status=404`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).echoed).toBe(true);
  });

  it('lets public paths through without a token', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(login.status).toBe(200);
    expect((await login.json()) as any).toMatchObject({ method: 'POST', url: '/api/auth/login', body: '{"email":"a@b.c","password":"x"}' });
    for (const path of [
      '/api/auth/forgot-password',
      '/api/auth/forgot-password-sms',
      '/api/auth/reset-password',
      '/api/auth/accept-invitation',
    ]) {
      expect((await fetch(`${base}${path}`, { method: 'POST', body: '{}' })).status, path).toBe(200);
    }
    const services = await fetch(`${base}/api/services?locationId=1`);
    expect(services.status).toBe(200);
    expect(((await services.json()) as any).url).toBe('/api/services?locationId=1');
  });

  it('answers 401 with the exact body for a non-public path without a valid token', async () => {
    for (const [method, path, headers] of [
      ['GET', '/api/auth/verify', {}],
      ['POST', '/api/auth/logout', {}],
      ['POST', '/api/services', {}],
      ['GET', '/api/users/1', { authorization: 'Bearer garbage' }],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method, headers });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.text()).toBe('{"error":"Authentication required"}');
    }
  });

  it('answers 503 for a path owned by a service that is not deployed', async () => {
    const res = await fetch(`${base}/api/clients/7`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('{"error":"The clients service is not available"}');
    const webhook = await fetch(`${base}/api/webhooks/twilio`, { method: 'POST', body: 'Body=hi' });
    expect((await webhook.json()) as any).toEqual({ error: 'The messaging service is not available' });
  });

  it('refuses dot segments that could smuggle a path past the public list', async () => {
    // fetch() would normalise the path itself, so send it raw.
    const rawGet = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/`, { path, method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject).end();
      });
    for (const path of [
      '/api/services/../users/1',
      '/api/services/%2e%2e/users/1',
      '/api/forms/public/../x',
      '/api/documents/public/.%2E/forms',
    ]) {
      expect(await rawGet(path), path).toBe(400);
    }
  });

  it('answers 404 for an /api path no service owns', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('{"error":"Not found: GET /api/nope"}');
  });
});

describe('health', () => {
  it('is live and ready', async () => {
    expect((await (await fetch(`${base}/health/live`)).json()) as any).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()) as any).toMatchObject({ status: 'ok', checks: { redis: { status: 'up' }, supergraph: { status: 'up' } } });
  });
});

describe('static web client', () => {
  it('serves the app under a Content-Security-Policy that allows only itself and Stripe, never in a frame', async () => {
    for (const path of ['/', '/calendar', '/assets/index-3f9a1c.js']) {
      const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      const csp = Object.fromEntries(
        res.headers
          .get('content-security-policy')!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('sends the basic headers with API answers too', async () => {
    const res = await fetch(`${base}/api/business-settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const gql = await graphql('{ publicServices { id } }');
    expect(gql.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('asks for HTTPS only (HSTS) when the request came over TLS, as a trusted proxy says', async () => {
    const plain = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull(); // nobody trusted: the header is the caller's claim
    const { gateway: other, url } = await startGateway(gatewayEnv({ TRUSTED_PROXIES: 'loopback' }), false);
    try {
      const viaTls = await fetch(`${url}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
      const viaHttp = await fetch(`${url}/`);
      expect(viaHttp.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await other.stop();
    }
  });

  it('serves index.html at / without caching and hashed assets with a long cache', async () => {
    const index = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<div id="root">');
    const asset = await fetch(`${base}/assets/index-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes, but not for API, GraphQL, health or missing assets', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/calendar', '/forms/abc', '/booking/step/2']) {
      const res = await fetch(`${base}${path}`, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Salon</title>');
    }
    expect((await fetch(`${base}/assets/gone-123.js`)).status).toBe(404);
    expect((await fetch(`${base}/calendar`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${base}/api/nope`, { headers: html })).status).toBe(404);
    expect((await fetch(`${base}/health/nope`, { headers: html })).status).toBe(404);
  });
});

describe('other configurations', () => {
  it('says the web client is not built when WEB_DIST has no index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'gateway-empty-web-'));
    const { gateway: other, url } = await startGateway(gatewayEnv({ WEB_DIST: empty }), false);
    try {
      const res = await fetch(`${url}/`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain('npm run build -w web');
    } finally {
      await other.stop();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('turns introspection, the landing page and suggestions off in production', async () => {
    const { gateway: other, url } = await startGateway(gatewayEnv({ NODE_ENV: 'production' }));
    try {
      const res = await graphql('{ __schema { types { name } } }', { url });
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.errors[0].message).toMatch(/introspection is not allowed/i);
      const typo = (await (await graphql('{ viewr { id } }', { url, token })).json()) as any;
      expect(typo.errors[0].message).not.toMatch(/Did you mean/);
      expect(typo.errors[0].extensions.stacktrace).toBeUndefined();
      const landing = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
      expect(await landing.text()).not.toMatch(/<html/i);
      const ok = await graphql('{ viewer { id } }', { url, token });
      expect((await ok.json()) as any).toEqual({ data: { viewer: { id: 'user-1' } } });
    } finally {
      await other.stop();
    }
  });

  it('answers 502 when a service is unreachable and is not ready until the supergraph loads', async () => {
    const { gateway: other, url } = await startGateway(gatewayEnv({ IDENTITY_URL: 'http://127.0.0.1:1', SCHEDULING_URL: '' }), false);
    try {
      const res = await fetch(`${url}/api/auth/login`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(502);
      expect(await res.text()).toBe('{"error":"The identity service is unreachable"}');
      const ready = await fetch(`${url}/health/ready`);
      expect(ready.status).toBe(503);
      expect((await ready.json()) as any).toMatchObject({
        status: 'error',
        failed: ['supergraph'],
        checks: { redis: { status: 'up' }, supergraph: { status: 'down' } },
      });
      const gql = await graphql('{ viewer { id } }', { url, token });
      expect(gql.status).toBe(503);
    } finally {
      await other.stop();
    }
  });

  it('serves a pre-composed supergraph from SUPERGRAPH_PATH, with the configured service URLs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-supergraph-'));
    const path = join(dir, 'supergraph.graphql');
    // URLs recorded in the file are placeholders; IDENTITY_URL / SCHEDULING_URL win at run time.
    const { supergraphSdl } = composeSupergraph([
      { name: 'identity', url: 'http://identity.invalid/graphql', sdl: fixture('identity') },
      { name: 'scheduling', url: 'http://scheduling.invalid/graphql', sdl: fixture('scheduling') },
    ]);
    writeFileSync(path, supergraphSdl);
    const { gateway: other, url } = await startGateway(gatewayEnv({ SUPERGRAPH_PATH: path }));
    try {
      const res = await graphql('{ viewer { id upcomingAppointmentCount } }', { url, token });
      expect((await res.json()) as any).toEqual({ data: { viewer: { id: 'user-1', upcomingAppointmentCount: 3 } } });
      expect((await (await fetch(`${url}/health/ready`)).json()) as any).toMatchObject({
        checks: { supergraph: { status: 'up', source: 'file' } },
      });
    } finally {
      await other.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs one JSON line per request with its id, and never the Authorization header or query-string tokens', async () => {
    const lines: string[] = [];
    const { gateway: other, url } = await startGateway(gatewayEnv(), true, lines);
    try {
      await graphql('{ viewer { id } }', { url, token, headers: { 'x-request-id': 'req-log-1', cookie: 'sid=secret-cookie' } });
      await fetch(`${url}/api/users/1?token=reset-secret`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-log-2' } });
      await fetch(`${url}/api/users/1`, { headers: { authorization: 'Bearer invalid-token-value' } });
    } finally {
      await other.stop();
    }
    const all = lines.join('');
    expect(all).not.toContain(token);
    expect(all).not.toContain('invalid-token-value');
    expect(all).not.toContain('secret-cookie');
    expect(all).not.toContain('reset-secret');
    const entries = lines.map((line) => JSON.parse(line));
    const viewerLine = entries.find((e) => e.req?.id === 'req-log-1');
    expect(viewerLine).toMatchObject({
      level: 'info',
      service: 'gateway',
      req: { method: 'POST', url: '/graphql' },
      res: { statusCode: 200 },
    });
    expect(entries.find((e) => e.req?.id === 'req-log-2')?.req.url).toBe('/api/users/1?token=[redacted]');
  });
});
