import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { EventEnvelope, EventPayload, EventType } from '@salon/contracts';
import {
  AllExceptionsFilter,
  createLogger,
  EVENT_TRANSPORT,
  PermissionResolver,
  UserDirectory,
  type EventTransport,
} from '@salon/nest-kit';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { Clock } from '../common/clock.provider.js';
import { loadPayrollConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { WorkerModule } from '../worker.module.js';

export const USERS = {
  admin: { id: '0d000000-0000-4000-8000-000000000001', role: 'admin', permissions: [] as string[], name: 'Ada Admin' },
  manager: {
    id: '0d000000-0000-4000-8000-000000000003',
    role: 'staff',
    permissions: ['view_time_clock', 'manage_time_clock', 'manage_payroll'],
    name: 'Morgan Manager',
  },
  dana: { id: '5a000000-0000-4000-8000-000000000001', role: 'staff', permissions: ['view_time_clock'], name: 'Dana Lee' },
  jordan: { id: '5a000000-0000-4000-8000-000000000002', role: 'staff', permissions: ['view_time_clock'], name: 'Jordan Patel' },
  desk: { id: '0d000000-0000-4000-8000-000000000002', role: 'staff', permissions: ['view_time_clock'], name: 'Front Desk' },
  outsider: { id: '0d000000-0000-4000-8000-000000000005', role: 'staff', permissions: ['view_clients'], name: 'Out Sider' },
} as const;
export type TestUser = keyof typeof USERS;

export const LOCATION = '10c00000-0000-4000-8000-000000000001';
export const TZ = 'America/Chicago';

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
/** The test sets "now"; every punch happens then. */
export class TestClock {
  at = new Date('2026-11-23T15:00:00Z');
  now() {
    return new Date(this.at);
  }
  set(iso: string) {
    this.at = new Date(iso);
  }
}

export interface PayrollTestApp {
  app: INestApplication;
  worker: INestApplication | null;
  clock: TestClock;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  as(user: TestUser | null): {
    get(path: string): request.Test;
    post(path: string, body?: unknown): request.Test;
    patch(path: string, body?: unknown): request.Test;
    put(path: string, body?: unknown): request.Test;
  };
  gql(user: TestUser | null, query: string, variables?: Record<string, unknown>): Promise<any>;
  /** Publishes events as their owners would and waits until the worker's inbox has them all. */
  deliver(events: EventEnvelope[]): Promise<void>;
  close(): Promise<void>;
}

export function envelope<T extends EventType>(
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
  occurredAt: string,
  locationId: string | null = LOCATION,
): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    occurredAt,
    aggregateType: type.split('.')[1]!,
    aggregateId,
    locationId,
    actor: { type: 'system', id: null },
    traceparent: null,
    payload: payload as Record<string, unknown>,
  };
}

/** The real API (every module, real guards) and, with `worker`, the real event consumers, on a database of their own. */
export async function startPayroll(suite: string, opts: { worker?: boolean } = {}): Promise<PayrollTestApp> {
  const db: TestDatabase = await createTestDatabase(`payroll_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadPayrollConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(`payroll-${suite}`),
  });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(PermissionResolver)
    .useClass(TestPermissionResolver)
    .overrideProvider(UserDirectory)
    .useClass(TestUserDirectory)
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('payroll', 'silent')));
  await app.listen(0, '127.0.0.1');
  let worker: INestApplication | null = null;
  if (opts.worker) {
    worker = (await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile()).createNestApplication({
      logger: false,
    });
    await worker.init();
  }
  const url = await app.getUrl();
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  const issued = new Map<TestUser, string>();
  for (const user of Object.keys(USERS) as TestUser[]) issued.set(user, (await tokens.issue(USERS[user].id, USERS[user].role)).token);
  const withAuth = (t: request.Test, user: TestUser | null) => (user ? t.set('Authorization', `Bearer ${issued.get(user)}`) : t);
  const sql = <T>(text: string, params?: unknown[]) => dataSource.query(text, params) as Promise<T[]>;
  return {
    app,
    worker,
    clock,
    sql,
    as: (user) => ({
      get: (path) => withAuth(request(url).get(path), user),
      post: (path, body) => withAuth(request(url).post(path), user).send(body as object),
      patch: (path, body) => withAuth(request(url).patch(path), user).send(body as object),
      put: (path, body) => withAuth(request(url).put(path), user).send(body as object),
    }),
    async gql(user, query, variables = {}) {
      return (await withAuth(request(url).post('/graphql'), user).send({ query, variables })).body;
    },
    async deliver(events) {
      if (!worker) throw new Error('started without the worker');
      await worker.get<EventTransport>(EVENT_TRANSPORT).publish(events);
      const ids = events.map((e) => e.id);
      for (let i = 0; i < 400; i++) {
        const [{ n }] = await sql<{ n: number }>(`SELECT count(DISTINCT event_id)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])`, [
          ids,
        ]);
        if (n === new Set(ids).size) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('timed out waiting for the worker to take the events');
    },
    async close() {
      await worker?.close();
      await app.close();
      await dataSource.destroy();
      await db.drop();
      const redis = new Redis(config.REDIS_URL);
      try {
        const keys = await redis.keys(`${config.REDIS_KEY_PREFIX}*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}
