// The authorization matrix (issue 10, "Done when"): every REST route and every GraphQL root field
// and entity of every service, enumerated from the built apps (authorization/inventory.mjs: Nest's
// router and resolver metadata) and from the checked-in schemas and the supergraph composed from
// them, is asked as anonymous, client, Basic Staff, full staff and admin, through the gateway and
// directly on the owning service, on one real seeded platform (infra/lib/platform.mjs). Each answer
// is held to the declared policy (authorization/policy.ts): the code's own decorators where they
// say it, explicit rules where they cannot. docs/security.md explains how to add a policy.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/install.mjs';
import { DEFAULT_REDIS_URL, dropDatabase, postgresAdminUrl } from '../lib/local-services.mjs';
import { SERVICES, startPlatform } from '../lib/platform.mjs';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectationFromGate,
  FEDERATION_FIELDS,
  FIELD_PROBES,
  GATEWAY_RULES,
  KNOWN_OPEN,
  ROLES,
  RULES,
  STUB_ENTITY,
  type Expectation,
  type Gate,
  type Role,
  type Rule,
  type Target,
  type Variant,
  type Via,
} from './authorization/policy.js';
import {
  concretePath,
  entityProbe,
  entityTypes,
  entityWithheld,
  loadSchema,
  NOTHING_ID,
  readGraphql,
  readRest,
  rootFieldProbe,
  rootFields,
  type Answer,
  type Seen,
} from './authorization/probes.js';

// ---------------------------------------------------------------------------------------------
// What is served, and the policy of each (worked out while collecting, before anything starts)
// ---------------------------------------------------------------------------------------------

interface InventoryRoute {
  method: string;
  path: string;
  handler: string | null;
  gate: Gate | null;
  candidates: number;
}
interface InventoryField {
  type: string;
  field?: string;
  handler: string;
  gate: Gate;
}
interface Inventory {
  services: Record<
    string,
    {
      routes: InventoryRoute[];
      unserved: { method: string; path: string; handler: string }[];
      rootFields: InventoryField[];
      entities: InventoryField[];
    }
  >;
  gateway: {
    routes: { method: string; path: string }[];
    restRoutes: { service: string; method: string; path: string; owner: string | null; edgePublic: boolean }[];
    supergraphSdl: string;
  };
}

const inventory: Inventory = JSON.parse(
  execFileSync(process.execPath, [join(ROOT, 'infra/test/authorization/inventory.mjs')], { encoding: 'utf8', maxBuffer: 64 << 20 }),
);
const serviceNames = Object.keys(inventory.services);
const schemas: Record<string, GraphQLSchema> = Object.fromEntries(
  serviceNames.map((name) => [name, loadSchema(readFileSync(join(ROOT, 'services', name, 'schema.graphql'), 'utf8'))]),
);
const supergraph = loadSchema(inventory.gateway.supergraphSdl);

/** Everything the matrix found wrong with the policy itself (unlisted, stale, inconsistent). */
const policyProblems: string[] = [];
const usedRules = new Set<string>();

function ruleFor(key: string): Rule | undefined {
  const rule = RULES[key];
  if (rule) usedRules.add(key);
  return rule;
}

interface Context {
  gateway: string;
  services: Record<string, string>;
  token(role: Role): string | undefined;
  fresh(role: Role): Promise<string | undefined>;
  userId(role: Role): string;
  targetId(role: Role, target: Target): string;
  entityId(type: string, role: Role, target?: Target): string;
}

interface Case {
  /** `<subject>[ [variant]]`: what KNOWN_OPEN names. */
  subject: string;
  via: Via;
  service: string;
  why: string;
  expect: Expectation;
  freshToken?: boolean;
  ask(role: Role, token: string | undefined, ctx: Context): Promise<Seen>;
}
const cases: Case[] = [];
const caseName = (c: Pick<Case, 'subject' | 'via'>) => `${c.subject} via ${c.via}`;

async function call(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a CSV, a plain-text 404): kept as text
  }
  return { status: response.status, body };
}

const headers = (token: string | undefined) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

function graphql(base: string, token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  return call(`${base}/graphql`, { method: 'POST', headers: headers(token), body: JSON.stringify({ query, variables }) });
}

/** One REST route: its policy, and a case on the service and (for /api routes) through the gateway. */
function addRestCases(service: string, route: InventoryRoute, gatewayRoute: Inventory['gateway']['restRoutes'][number] | undefined) {
  const key = `${service} ${route.method} ${route.path}`;
  if (route.candidates !== 1) policyProblems.push(`${key}: served by the router but matched to ${route.candidates} controller methods`);
  const rule = ruleFor(key);
  const fromGate = expectationFromGate(route.gate);
  if (!rule && !fromGate) {
    policyProblems.push(
      `${key} (${route.handler}): no policy. Decorate it (@Public, @RequirePermission, @RequireRole) or add a rule to RULES in infra/test/authorization/policy.ts`,
    );
    return;
  }
  const variants: Variant[] = rule?.variants ?? [{ name: '', expect: (rule?.expect ?? fromGate)! }];
  const why = rule?.why ?? describeGate(route.gate!);
  const vias: Via[] = route.path.startsWith('/api/') ? ['service', 'gateway'] : ['service'];
  for (const variant of variants) {
    for (const via of vias) {
      if (via === 'gateway' && gatewayRoute?.owner !== service) continue; // reported below
      cases.push({
        subject: variant.name ? `${key} [${variant.name}]` : key,
        via,
        service,
        why,
        expect: variant.expect,
        freshToken: rule?.freshToken,
        async ask(role, token, ctx) {
          const id = variant.target ? ctx.targetId(role, variant.target) : undefined;
          const base = via === 'gateway' ? ctx.gateway : ctx.services[service];
          const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? JSON.stringify(variant.body?.() ?? {}) : undefined;
          const answer = await call(`${base}${concretePath(route.path, id, variant.param)}`, {
            method: route.method,
            headers: headers(token),
            body,
          });
          return variant.notFoundIsRefusal && answer.status === 404 ? 'forbidden' : readRest(answer);
        },
      });
    }
  }
}

function describeGate(gate: Gate): string {
  if (gate.public) return '@Public';
  const parts = [];
  if (gate.roles) parts.push(`@RequireRole(${gate.roles.join(', ')})`);
  if (gate.permission !== null) parts.push(`@RequirePermission(${JSON.stringify(gate.permission)})`);
  return parts.join(' + ');
}

/** The policy of a subgraph's root field, or null (reported) when it has none. */
function fieldPolicy(service: string, type: string, field: string): { rule?: Rule; expect?: Expectation; why: string } | null {
  const key = `${service} ${type}.${field}`;
  const rule = ruleFor(key) ?? FEDERATION_FIELDS[`${type}.${field}`];
  if (rule) return { rule, why: rule.why };
  const resolver = inventory.services[service].rootFields.find((f) => f.type === type && f.field === field);
  if (!resolver) {
    policyProblems.push(
      `${key}: in services/${service}/schema.graphql but no resolver method declares it (a stale schema? UPDATE_SCHEMA=1 on its schema test)`,
    );
    return null;
  }
  const expect = expectationFromGate(resolver.gate);
  if (!expect) {
    policyProblems.push(
      `${key} (${resolver.handler}): no policy. Decorate it (@Public, @RequirePermission, @RequireRole) or add a rule to RULES in infra/test/authorization/policy.ts`,
    );
    return null;
  }
  return { expect, why: describeGate(resolver.gate) };
}

function addFieldCases(service: string, via: Via, type: 'Query' | 'Mutation', field: ReturnType<typeof rootFields>[number]['field']) {
  const policy = fieldPolicy(service, type, field.name);
  if (!policy) return;
  const variants = policy.rule?.variants ?? [
    { name: '', target: undefined as Target | undefined, expect: (policy.rule?.expect ?? policy.expect)! },
  ];
  for (const variant of variants) {
    cases.push({
      subject: `${service} ${type}.${field.name}${variant.name ? ` [${variant.name}]` : ''}`,
      via,
      service,
      why: policy.why,
      expect: variant.expect,
      async ask(role, token, ctx) {
        const { query, variables } = rootFieldProbe(
          type === 'Query' ? 'query' : 'mutation',
          field,
          variant.target && ctx.targetId(role, variant.target),
          variant.param,
        );
        return readGraphql(await graphql(via === 'gateway' ? ctx.gateway : ctx.services[service], token, query, variables));
      },
    });
  }
}

function addEntityCases(service: string, type: string, stub: boolean) {
  const key = `${service} _entities(${type})`;
  const resolver = inventory.services[service].entities.find((e) => e.type === type);
  const rule = ruleFor(key) ?? (stub && !resolver ? STUB_ENTITY : undefined);
  const expect = rule ? undefined : expectationFromGate(resolver?.gate ?? null);
  if (!rule && !expect) {
    policyProblems.push(
      `${key}${resolver ? ` (${resolver.handler})` : ''}: no policy. Decorate the reference resolver or add a rule to RULES in infra/test/authorization/policy.ts`,
    );
    return;
  }
  const variants: Variant[] = rule?.variants ?? [{ name: '', expect: (rule?.expect ?? expect)! }];
  for (const variant of variants) {
    cases.push({
      subject: `${key}${variant.name ? ` [${variant.name}]` : ''}`,
      via: 'service',
      service,
      why: rule?.why ?? describeGate(resolver!.gate),
      expect: variant.expect,
      async ask(role, token, ctx) {
        const { query, variables } = entityProbe(type, ctx.entityId(type, role, variant.target));
        return readGraphql(await graphql(ctx.services[service], token, query, variables), entityWithheld);
      },
    });
  }
}

// REST, per service and through the gateway
for (const service of serviceNames) {
  const found = inventory.services[service];
  for (const handler of found.unserved)
    policyProblems.push(`${service} ${handler.method} ${handler.path} (${handler.handler}): declared but not in the router`);
  for (const route of found.routes) {
    const gatewayRoute = inventory.gateway.restRoutes.find(
      (r) => r.service === service && r.method === route.method && r.path === route.path,
    );
    if (gatewayRoute) {
      if (gatewayRoute.owner !== service) {
        policyProblems.push(
          `${service} ${route.method} ${route.path}: the gateway sends it to ${gatewayRoute.owner ?? 'no service'} (gateway/src/service-registry.ts)`,
        );
      }
      if (route.gate && gatewayRoute.edgePublic && !route.gate.public) {
        policyProblems.push(
          `${service} ${route.method} ${route.path}: public at the edge (gateway/src/edge-auth.ts PUBLIC_ROUTES) but not @Public on the service`,
        );
      }
    }
    addRestCases(service, route, gatewayRoute);
  }
}

// The gateway's own routes
for (const route of inventory.gateway.routes) {
  const key = `gateway ${route.method} ${route.path}`;
  const rule = GATEWAY_RULES[key];
  if (!rule) {
    policyProblems.push(`${key}: no policy. Add it to GATEWAY_RULES in infra/test/authorization/policy.ts`);
    continue;
  }
  cases.push({
    subject: key,
    via: 'gateway',
    service: 'gateway',
    why: rule.why,
    expect: rule.expect!,
    async ask(_role, token, ctx) {
      return readRest(await call(`${ctx.gateway}${route.path}`, { method: route.method, headers: headers(token) }));
    },
  });
}
for (const key of Object.keys(GATEWAY_RULES)) {
  if (!inventory.gateway.routes.some((r) => `gateway ${r.method} ${r.path}` === key))
    policyProblems.push(`GATEWAY_RULES has '${key}', which the gateway does not serve`);
}

// GraphQL, per subgraph (root fields and `_entities` per entity type)
for (const service of serviceNames) {
  const schema = schemas[service];
  for (const { type, field } of rootFields(schema)) {
    if (type === 'Query' && field.name === '_entities') continue;
    addFieldCases(service, 'service', type, field);
  }
  for (const { type, stub } of entityTypes(schema)) addEntityCases(service, type, stub);
  for (const resolver of inventory.services[service].rootFields) {
    const root = resolver.type === 'Query' ? schema.getQueryType() : schema.getMutationType();
    if (!root?.getFields()[resolver.field!]) {
      policyProblems.push(
        `${service} ${resolver.type}.${resolver.field} (${resolver.handler}): not in services/${service}/schema.graphql (regenerate it: UPDATE_SCHEMA=1)`,
      );
    }
  }
}

// GraphQL through the gateway: every root field of the composed supergraph, with its owner's policy
for (const { type, field } of rootFields(supergraph)) {
  const owners = serviceNames.filter((service) => {
    const root = type === 'Query' ? schemas[service].getQueryType() : schemas[service].getMutationType();
    return Boolean(root?.getFields()[field.name]);
  });
  if (owners.length !== 1) {
    policyProblems.push(
      `supergraph ${type}.${field.name}: resolved by ${owners.length ? owners.join(' and ') : 'no subgraph'}; the matrix needs exactly one owner`,
    );
    continue;
  }
  addFieldCases(owners[0], 'gateway', type, field);
}

// Probes below the root
for (const probe of FIELD_PROBES) {
  for (const via of ['service', 'gateway'] as const) {
    cases.push({
      subject: `${probe.service} probe: ${probe.name}`,
      via,
      service: probe.service,
      why: probe.why,
      expect: probe.expect,
      async ask(role, token, ctx) {
        const base = via === 'gateway' ? ctx.gateway : ctx.services[probe.service];
        return readGraphql(await graphql(base, token, probe.document), (data) => !probe.leaks(data, { userId: ctx.userId(role) }));
      },
    });
  }
}

for (const key of Object.keys(RULES)) {
  if (!usedRules.has(key)) policyProblems.push(`RULES has '${key}', which matches no route, field or entity any more: remove it`);
}

const subjects = new Set(cases.map((c) => c.subject));
for (const open of KNOWN_OPEN) {
  if (!subjects.has(open.subject)) policyProblems.push(`KNOWN_OPEN names '${open.subject}', which the matrix does not ask`);
}

function knownOpen(c: Case, role: Role) {
  return KNOWN_OPEN.find((k) => k.subject === c.subject && (k.via === 'both' || k.via === c.via) && k.roles.includes(role));
}

// ---------------------------------------------------------------------------------------------
// The platform, the tokens and the answers
// ---------------------------------------------------------------------------------------------

async function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A gateway port whose whole block (services at +1…, the local SES, Twilio and S3 peers at +4005/+4006/+4008) is free. */
async function freeBlock(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + 10 * Math.floor(Math.random() * 1000);
    const ports = [port, ...SERVICES.map((s: { port: number }) => s.port - 4000 + port), port + 4005, port + 4006, port + 4008];
    if ((await Promise.all(ports.map(free))).every(Boolean)) return port;
  }
  throw new Error('no free block of ports for the matrix platform');
}

const answers = new Map<string, Partial<Record<Role, Seen>>>();
let stopPlatform: () => Promise<void> = async () => {};

async function askEverything(): Promise<void> {
  // AUTHZ_MATRIX_GATEWAY_PORT=<port>: ask a platform already started with startPlatform({ port,
  // portOffset: port - 4000 }) and the matrix's raised limits instead of starting one (quicker
  // while writing policy; the demo accounts must be as seeded).
  const started = Date.now();
  const reuse = Number(process.env.AUTHZ_MATRIX_GATEWAY_PORT ?? 0);
  let gatewayUrl: string;
  let serviceUrls: Record<string, string>;
  if (reuse) {
    gatewayUrl = `http://127.0.0.1:${reuse}`;
    serviceUrls = Object.fromEntries(
      SERVICES.map((s: { name: string; port: number }) => [s.name, `http://127.0.0.1:${s.port - 4000 + reuse}`]),
    );
  } else {
    const port = await freeBlock();
    const tag = randomBytes(3).toString('hex');
    const platform = await startPlatform({
      port,
      portOffset: port - 4000,
      databasePrefix: `authz_${tag}`,
      redisPrefix: `authz:${tag}:`,
      logs: process.env.AUTHZ_MATRIX_LOGS ? 'inherit' : 'ignore',
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // Its own secrets: the matrix never depends on a default.
        JWT_SECRET: randomBytes(32).toString('hex'),
        EVENT_SECRET_KEY: randomBytes(32).toString('hex'),
        // Every route is asked ten times from one address; the limits are not what this tests.
        LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
        RECOVERY_MAX_PER_IP: '1000',
        ONLINE_BOOKINGS_PER_IP_PER_HOUR: '1000',
        FORM_SUBMISSIONS_PER_IP_PER_HOUR: '1000',
      },
    });
    gatewayUrl = `http://127.0.0.1:${port}`;
    serviceUrls = platform.serviceUrls;
    stopPlatform = async () => {
      await platform.stop();
      for (const database of platform.databases) await dropDatabase(postgresAdminUrl(), database);
      const redis = new Redis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL);
      try {
        for await (const keys of redis.scanStream({ match: `authz:${tag}:*`, count: 500 })) if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    };
  }

  const signIn = async (role: Exclude<Role, 'anonymous'>) => {
    const answer = await call(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: headers(undefined),
      body: JSON.stringify({ email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD }),
    });
    if (answer.status !== 200)
      throw new Error(`${DEMO_ACCOUNTS[role].email} could not sign in: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { token: string; user: { id: string; role: string } };
  };
  const sessions = {} as Record<Exclude<Role, 'anonymous'>, { token: string; user: { id: string; role: string } }>;
  for (const role of ROLES) if (role !== 'anonymous') sessions[role] = await signIn(role);

  // The accounts are what the policy assumes (README's demo logins).
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const { user } = sessions[role];
    expect(user.role, `${role}'s account role`).toBe(DEMO_ACCOUNTS[role].role);
    const held = await call(`${gatewayUrl}/api/users/${user.id}/permissions`, { headers: headers(sessions.admin.token) });
    expect([...(held.body as any).data.permissions].sort(), `${role}'s permissions`).toEqual([...DEMO_ACCOUNTS[role].permissions].sort());
  }

  // Real ids for the entities (a random id resolves to null for everyone and proves nothing).
  const adminAsks = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await graphql(gatewayUrl, sessions.admin.token, query, variables);
    if ((answer.body as any)?.errors) throw new Error(`setup: ${query}: ${JSON.stringify((answer.body as any).errors)}`);
    return (answer.body as any).data;
  };
  const groups = (await adminAsks('{ permissionGroups { id name } }')).permissionGroups as { id: string; name: string }[];
  const basicGroup = groups.find((g) => g.name === 'Basic Staff')!.id;
  // Each demo login is alone in its group; with the full staff member in Basic Staff too (which
  // changes neither one's permissions), a group has someone else in it to leak.
  await adminAsks('mutation($g: ID!, $u: ID!) { addGroupMember(groupId: $g, userId: $u) { id } }', {
    g: basicGroup,
    u: sessions.staff.user.id,
  });
  const samples: Record<string, string> = {
    PermissionGroup: basicGroup,
    Location: (await adminAsks('{ locations { id } }')).locations[0].id,
    Client: (await adminAsks('{ clients(limit: 1) { items { id } } }')).clients.items[0].id,
    // A walk-in ticket: the demo's closed tickets depend on the day the seed runs.
    Ticket: (
      await adminAsks('mutation($l: ID!) { openTicket(input: { locationId: $l }) { id } }', {
        l: (await adminAsks('{ locations { id } }')).locations[0].id,
      })
    ).openTicket.id,
  };

  // An upcoming appointment of some client other than the demo client (the seeded demo weeks).
  const now = Date.now();
  const window = `from=${new Date(now).toISOString()}&to=${new Date(now + 30 * 86_400_000).toISOString()}`;
  const all = (await call(`${gatewayUrl}/api/appointments?${window}`, { headers: headers(sessions.admin.token) })).body as {
    id: string;
    clientId: string;
    status: string;
    startsAt: string;
  }[];
  const own = new Set(
    (
      (await call(`${gatewayUrl}/api/online-booking/my-appointments`, { headers: headers(sessions.client.token) })).body as { id: string }[]
    ).map((a) => a.id),
  );
  const ownClientIds = new Set(all.filter((a) => own.has(a.id)).map((a) => a.clientId));
  const othersAppointment = all.find(
    (a) => !own.has(a.id) && !ownClientIds.has(a.clientId) && a.status === 'booked' && Date.parse(a.startsAt) > now + 3 * 86_400_000,
  );
  if (!othersAppointment) throw new Error(`setup: no upcoming appointment of another client in ${window} (the demo seed changed?)`);

  const userId = (role: Role) => (role === 'anonymous' ? NOTHING_ID : sessions[role].user.id);
  const targetId = (role: Role, target: Target) =>
    target === 'self'
      ? userId(role)
      : target === 'othersAppointment'
        ? othersAppointment.id
        : role === 'admin'
          ? sessions.staff.user.id
          : sessions.admin.user.id;
  const ctx: Context = {
    gateway: gatewayUrl,
    services: serviceUrls,
    token: (role) => (role === 'anonymous' ? undefined : sessions[role].token),
    fresh: async (role) => (role === 'anonymous' ? undefined : (await signIn(role)).token),
    userId,
    targetId,
    entityId: (type, role, target) => (target ? targetId(role, target) : (samples[type] ?? NOTHING_ID)),
  };

  const ready = Date.now();
  const jobs = cases.flatMap((c) => ROLES.map((role) => ({ c, role })));
  const run = async ({ c, role }: (typeof jobs)[number]) => {
    const token = c.freshToken ? await ctx.fresh(role) : ctx.token(role);
    let seen: Seen;
    try {
      seen = await c.ask(role, token, ctx);
    } catch (error) {
      seen = `error: ${(error as Error).message}`;
    }
    const row = answers.get(caseName(c)) ?? {};
    row[role] = seen;
    answers.set(caseName(c), row);
  };
  // Everything but the session-ending calls first, a few at a time; those last, each with its own token.
  const queue = jobs.filter((j) => !j.c.freshToken);
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await run(job);
    }),
  );
  for (const job of jobs.filter((j) => j.c.freshToken)) await run(job);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `authorization matrix: ${cases.length} cases, ${jobs.length} requests in ${seconds(Date.now() - ready)} (platform and sign-in: ${seconds(ready - started)})`,
  );
}

async function report(): Promise<void> {
  // AUTHZ_MATRIX_REPORT=<file>: the whole matrix as a Markdown table (what each role got).
  if (process.env.AUTHZ_MATRIX_REPORT) {
    const lines = [`| case | ${ROLES.join(' | ')} |`, `|---|${ROLES.map(() => '---').join('|')}|`];
    for (const c of cases) {
      const row = answers.get(caseName(c)) ?? {};
      lines.push(
        `| ${caseName(c)} | ${ROLES.map((role) => `${row[role] ?? ''}${row[role] !== c.expect[role] && c.expect[role] !== 'any' ? ` (expected ${c.expect[role]})` : ''}`).join(' | ')} |`,
      );
    }
    writeFileSync(process.env.AUTHZ_MATRIX_REPORT, `${lines.join('\n')}\n`);
  }
}

// ---------------------------------------------------------------------------------------------
// The assertions
// ---------------------------------------------------------------------------------------------

/** Per KNOWN_OPEN entry, the cells (via, role) still open. */
const stillOpen = new Map<string, string[]>();
const nowHolding: string[] = [];

/**
 * The declared policy as a table (docs/authorization-matrix.generated.md), so a change of who may
 * call what (a decorator, a rule) shows in review as a change of that file.
 */
function declaredMatrix(): string {
  const cell: Record<string, string> = { allowed: 'yes', unauthenticated: '401', forbidden: '403', any: 'any' };
  const rows = new Map<string, { c: Case; vias: Via[] }>();
  for (const c of cases) {
    const row = rows.get(c.subject);
    if (row) row.vias.push(c.via);
    else rows.set(c.subject, { c, vias: [c.via] });
  }
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# The authorization matrix (declared)',
    '',
    "Generated by `infra/test/authorization-matrix.spec.ts` from the code's metadata and",
    '`infra/test/authorization/policy.ts`; the matrix test asks every row of it on a running platform and',
    'fails when this file is out of date. Regenerate it with',
    '`UPDATE_MATRIX=1 npx vitest run --project @salon/infra authorization-matrix -t policy`.',
    'yes: let through (any answer but 401/403 and server errors), 401: unauthenticated, 403: forbidden',
    '(or the data withheld), any: not asserted. See docs/security.md.',
    '',
    `| case | asked via | ${ROLES.join(' | ')} | rule |`,
    `|---|---|${ROLES.map(() => '---').join('|')}|---|`,
  ];
  for (const { c, vias } of rows.values()) {
    lines.push(
      `| ${escape(c.subject)} | ${vias.join(', ')} | ${ROLES.map((role) => cell[c.expect[role]]).join(' | ')} | ${escape(c.why)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
const MATRIX_DOC = join(ROOT, 'docs/authorization-matrix.generated.md');

// Needs no platform: `-t policy` checks the policy alone in a few seconds.
describe('authorization policy', () => {
  it('covers every route, field and entity, with no stale rule', () => {
    const problems = [...new Set(policyProblems)];
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('is the one in docs/authorization-matrix.generated.md', () => {
    const declared = declaredMatrix();
    if (process.env.UPDATE_MATRIX) writeFileSync(MATRIX_DOC, declared);
    const current = existsSync(MATRIX_DOC) ? readFileSync(MATRIX_DOC, 'utf8') : '';
    expect(
      current,
      'The declared policy changed: regenerate docs/authorization-matrix.generated.md (UPDATE_MATRIX=1) and review the change',
    ).toBe(declared);
  });
});

describe('authorization matrix', () => {
  beforeAll(askEverything, 300_000);
  afterAll(async () => {
    await report();
    await stopPlatform();
  }, 60_000);

  for (const c of cases) {
    it(caseName(c), () => {
      const row = answers.get(caseName(c)) ?? {};
      const wrong: string[] = [];
      for (const role of ROLES) {
        const expected = c.expect[role];
        const seen = row[role] ?? 'error: not asked';
        const holds = expected === 'any' ? !seen.startsWith('error') : seen === expected;
        const open = knownOpen(c, role);
        if (open) {
          if (holds) nowHolding.push(`${caseName(c)} as ${role} — ${open.reason}`);
          else stillOpen.set(open.subject, [...(stillOpen.get(open.subject) ?? []), `${c.via} as ${role}: ${seen}`]);
          continue;
        }
        if (!holds) wrong.push(`  ${role}: expected ${expected}, got ${seen}`);
      }
      expect(wrong, `${caseName(c)} — policy: ${c.why}\n${wrong.join('\n')}`).toEqual([]);
    });
  }

  it('lists in KNOWN_OPEN only holes that are still open', () => {
    if (stillOpen.size) {
      const lines = [...stillOpen].map(
        ([subject, cells]) => `${subject}: ${cells.join(', ')}\n    ${KNOWN_OPEN.find((k) => k.subject === subject)!.reason}`,
      );
      console.warn(`authorization matrix: ${stillOpen.size} KNOWN_OPEN holes, not asserted:\n  ${lines.join('\n  ')}`);
    }
    expect(
      nowHolding,
      `These KNOWN_OPEN entries hold now; remove them from infra/test/authorization/policy.ts:\n${nowHolding.join('\n')}`,
    ).toEqual([]);
  });

  for (const open of KNOWN_OPEN) it.skip(`KNOWN_OPEN ${open.subject} via ${open.via} as ${open.roles.join(', ')}: ${open.reason}`);
});
