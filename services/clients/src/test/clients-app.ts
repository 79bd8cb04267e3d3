import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import {
  AllExceptionsFilter,
  createLogger,
  EVENT_TRANSPORT,
  type EventTransport,
  PermissionResolver,
  PlatformDirectory,
  SERVICE_ACCOUNT_ID,
  UserDirectory,
  type UserRecord,
} from '@salon/nest-kit';
import { createTestDatabase, dropRedisKeys, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { loadClientsConfig, type ClientsConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { WorkerModule } from '../worker.module.js';

const ALL = [
  'view_clients',
  'create_clients',
  'edit_clients',
  'import_clients',
  'export_clients',
  'delete_clients',
  'manage_note_templates',
];

/** The people of the tests and what identity would say they may do. */
export const USERS = {
  admin: { id: '0c000000-0000-4000-8000-000000000001', role: 'admin', name: 'Ada Admin', permissions: [] as string[] },
  manager: { id: '0c000000-0000-4000-8000-000000000002', role: 'staff', name: 'Dana Reyes', permissions: ALL },
  viewer: { id: '0c000000-0000-4000-8000-000000000003', role: 'staff', name: 'Blake Chen', permissions: ['view_clients'] },
  outsider: { id: '0c000000-0000-4000-8000-000000000004', role: 'staff', name: 'Olly Out', permissions: ['view_calendar'] },
  // Another service calling with its service token (ServiceToken: the platform's service account, role admin).
  service: { id: SERVICE_ACCOUNT_ID, role: 'admin', name: 'Online booking', permissions: [] as string[] },
  // The demo salon's "Basic Staff" group: may see clients, not export them.
  basic: {
    id: '0c000000-0000-4000-8000-000000000005',
    role: 'staff',
    name: 'Bea Basic',
    permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'],
  },
  // A client-role login (online booking): no staff permission at all.
  client: { id: '0c000000-0000-4000-8000-000000000006', role: 'client', name: 'Casey Client', permissions: [] as string[] },
} as const;
export type TestUser = keyof typeof USERS;

class TestPermissionResolver extends PermissionResolver {
  async permissionsOf(userId: string): Promise<readonly string[]> {
    return Object.values(USERS).find((u) => u.id === userId)?.permissions ?? [];
  }
}

class TestUserDirectory {
  async nameOf(userId: string): Promise<string | null> {
    return Object.values(USERS).find((u) => u.id === userId)?.name ?? null;
  }
}

/** A location identity knows in these tests. */
export const LOCATION_ID = '0d000000-0000-4000-8000-000000000001';

/** Identity as the owner of the staff and locations a profile may prefer (nest-kit's PlatformDirectory). */
export class TestPlatformDirectory {
  readonly people = new Map<string, UserRecord>(
    Object.values(USERS).map((u): [string, UserRecord] => [u.id, { role: u.role, isActive: true }]),
  );
  readonly locations = new Set<string>([LOCATION_ID]);
  async client(id: string) {
    return { id };
  }
  async user(id: string) {
    return this.people.get(id) ?? null;
  }
  async location(id: string) {
    return this.locations.has(id) ? { id } : null;
  }
}

export interface ClientsTestApp {
  app: INestApplication;
  directory: TestPlatformDirectory;
  config: ClientsConfig;
  db: TestDatabase;
  dataSource: DataSource;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  /** supertest with the user's bearer token. */
  as(user: TestUser | null): {
    get(path: string): request.Test;
    post(path: string, body?: unknown): request.Test;
    patch(path: string, body?: unknown): request.Test;
    put(path: string, body?: unknown): request.Test;
    delete(path: string): request.Test;
  };
  gql(
    user: TestUser | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: Record<string, any>; errors?: { message: string; extensions: Record<string, any> }[] }>;
  close(): Promise<void>;
}

/**
 * The real clients app (every module, the real guards) on a database of its own; only identity's
 * answers are stood in for: permissions per test user and staff names for note authors.
 */
export async function startClients(suite: string, env: Record<string, string> = {}): Promise<ClientsTestApp> {
  const db = await createTestDatabase(`clients_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadClientsConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(PermissionResolver)
    .useClass(TestPermissionResolver)
    .overrideProvider(UserDirectory)
    .useClass(TestUserDirectory)
    .overrideProvider(PlatformDirectory)
    .useClass(TestPlatformDirectory)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  app.useBodyParser('json', { limit: '2mb' });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('clients', 'silent')));
  await app.init();
  const dataSource = new DataSource({ type: 'postgres', url: db.url, entities: ENTITIES });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  const tokenCache = new Map<TestUser, string>();
  const token = async (user: TestUser) => {
    if (!tokenCache.has(user)) tokenCache.set(user, (await tokens.issue(USERS[user].id, USERS[user].role)).token);
    return tokenCache.get(user)!;
  };
  // Issue every token up front so `as()` can stay synchronous.
  for (const user of Object.keys(USERS) as TestUser[]) await token(user);
  const server = app.getHttpServer();
  const withAuth = (t: request.Test, user: TestUser | null) => (user ? t.set('Authorization', `Bearer ${tokenCache.get(user)}`) : t);
  return {
    app,
    directory: app.get(PlatformDirectory) as unknown as TestPlatformDirectory,
    config,
    db,
    dataSource,
    sql: (text, params) => dataSource.query(text, params),
    as: (user) => ({
      get: (path) => withAuth(request(server).get(path), user),
      post: (path, body) => withAuth(request(server).post(path), user).send(body as object),
      patch: (path, body) => withAuth(request(server).patch(path), user).send(body as object),
      put: (path, body) => withAuth(request(server).put(path), user).send(body as object),
      delete: (path) => withAuth(request(server).delete(path), user),
    }),
    async gql(user, query, variables = {}) {
      const res = await withAuth(request(server).post('/graphql'), user).send({ query, variables });
      return res.body;
    },
    async close() {
      await app.close();
      await dataSource.destroy();
      await db.drop();
      await dropRedisKeys(config.REDIS_KEY_PREFIX, config.REDIS_URL);
    },
  };
}

/** The outbox rows of one type, oldest first. */
export async function outboxEvents(
  t: ClientsTestApp,
  type: string,
): Promise<{ aggregateId: string; payload: Record<string, any>; actor: Record<string, any> }[]> {
  const rows = await t.sql<{ envelope: any }>(`SELECT envelope FROM outbox WHERE type = $1 ORDER BY seq`, [type]);
  return rows.map((r) => ({ aggregateId: r.envelope.aggregateId, payload: r.envelope.payload, actor: r.envelope.actor }));
}

export interface ClientsTestWorker {
  app: INestApplication;
  sql: DataSource;
  transport: EventTransport;
  close(): Promise<void>;
}

/** The worker process as it runs (the real event consumers and transport) on a database of its own. */
export async function startClientsWorker(suite: string): Promise<ClientsTestWorker> {
  const db = await createTestDatabase(`clients_${suite.replace(/-/g, '_')}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const prefix = testRedisPrefix(`clients-${suite}`);
  const config = loadClientsConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: prefix,
  });
  const app = (await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile()).createNestApplication({
    logger: false,
  });
  await app.init();
  return {
    app,
    sql: app.get(DataSource),
    transport: app.get<EventTransport>(EVENT_TRANSPORT),
    async close() {
      await app.close();
      await db.drop();
      await dropRedisKeys(prefix);
    },
  };
}
