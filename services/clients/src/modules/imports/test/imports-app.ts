import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Injectable, Module, type DynamicModule, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthModule, ConfigModule, createServiceApp, DatabaseModule, EventsModule, PermissionResolver, RedisModule } from '@salon/nest-kit';
import { createTestDatabase, dropRedisKeys, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { DataSource } from 'typeorm';
import { loadClientsConfig, type ClientsConfig } from '../../../config.js';
import { MIGRATIONS } from '../../../database/schema.js';
import { WorkerModule } from '../../../worker.module.js';
import { ImportsModule } from '../imports.module.js';

/** Users of the tests: an admin, a staff member holding import_clients, one without it. */
export const USERS = {
  admin: '0a000000-0000-4000-8000-000000000001',
  importer: '0a000000-0000-4000-8000-000000000002',
  viewer: '0a000000-0000-4000-8000-000000000003',
} as const;

@Injectable()
class TestPermissionResolver extends PermissionResolver {
  async permissionsOf(userId: string): Promise<readonly string[]> {
    return userId === USERS.importer ? ['import_clients', 'view_clients'] : ['view_clients'];
  }
}

/**
 * A root module with the import feature only (and what it stands on), so these tests do not
 * depend on the rest of the service's wiring.
 */
@Module({})
class ImportsTestModule {
  static forRoot(config: ClientsConfig): DynamicModule {
    return {
      module: ImportsTestModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: [], migrations: [] }),
        EventsModule.forRoot({ serviceName: 'clients' }),
        AuthModule.forRoot({ permissionResolver: TestPermissionResolver }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          sortSchema: true,
          context: ({ req }: { req: unknown }) => ({ req }),
          plugins: [ApolloServerPluginInlineTraceDisabled()],
        }),
        ImportsModule,
      ],
    };
  }
}

export interface ImportsTestApp {
  app: INestApplication;
  worker: INestApplicationContext | null;
  config: ClientsConfig;
  env: Record<string, string>;
  db: TestDatabase;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  token(as: keyof typeof USERS): Promise<string>;
  close(): Promise<void>;
}

/** The API (import routes) and, unless told not to, an in-process worker, on a database of their own. */
export async function startImports(
  suite: string,
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<ImportsTestApp> {
  const db = await createTestDatabase(`clients_${suite}`, { entities: [], migrations: MIGRATIONS });
  const fullEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
    IMPORT_LOCK_MS: '2000',
    IMPORT_BACKOFF_MS: '100',
    ...env,
  };
  const config = loadClientsConfig({ ...process.env, ...fullEnv });
  const { app } = await createServiceApp({ name: 'clients', config, module: ImportsTestModule.forRoot(config) });
  await app.init();
  const worker =
    options.worker === false ? null : await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  await worker?.init();
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  return {
    app,
    worker,
    config,
    env: fullEnv,
    db,
    sql: (text, params) => dataSource.query(text, params),
    token: async (as) => (await tokens.issue(USERS[as], as === 'admin' ? 'admin' : 'staff')).token,
    async close() {
      await worker?.close();
      await app.close();
      await dataSource.destroy();
      await db.drop();
      await dropRedisKeys(config.REDIS_KEY_PREFIX, config.REDIS_URL);
    },
  };
}

/** Polls until `check` answers something truthy (no fixed sleeps in tests). */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
