import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter, createLogger, PermissionResolver, UserDirectory } from '@salon/nest-kit';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { loadRetailConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { DepositScheduling } from '../modules/deposits/persistence/deposit-scheduling.provider.js';
import { TestDepositScheduling } from './deposit-scheduling.stub.js';
import {
  PlatformLookup,
  type CatalogueService,
  type CheckoutAppointment,
  type FeePolicyAnswer,
} from '../modules/tickets/persistence/platform-lookup.provider.js';

const POS = ['view_pos', 'use_pos'];

export const USERS = {
  admin: { id: '0d000000-0000-4000-8000-000000000001', role: 'admin', permissions: [] as string[] },
  desk: { id: '0d000000-0000-4000-8000-000000000002', role: 'staff', permissions: POS },
  manager: {
    id: '0d000000-0000-4000-8000-000000000003',
    role: 'staff',
    permissions: [...POS, 'refund_payments', 'apply_large_discounts', 'charge_fees', 'edit_prices'],
  },
  viewer: { id: '0d000000-0000-4000-8000-000000000004', role: 'staff', permissions: ['view_pos'] },
  outsider: { id: '0d000000-0000-4000-8000-000000000005', role: 'staff', permissions: ['view_clients', 'view_calendar'] },
  refunder: { id: '0d000000-0000-4000-8000-000000000006', role: 'staff', permissions: [...POS, 'refund_payments'] },
  stockist: { id: '0d000000-0000-4000-8000-000000000007', role: 'staff', permissions: ['view_products', 'edit_products', 'manage_stock'] },
  browser: { id: '0d000000-0000-4000-8000-000000000008', role: 'staff', permissions: ['view_products'] },
} as const;
export type TestUser = keyof typeof USERS;

export const STAFF = {
  dana: { id: '5a000000-0000-4000-8000-000000000001', name: 'Dana Lee' },
  jordan: { id: '5a000000-0000-4000-8000-000000000002', name: 'Jordan Patel' },
};
export const LOCATION = '10c00000-0000-4000-8000-000000000001';
export const OTHER_LOCATION = '10c00000-0000-4000-8000-000000000002';
export const TZ = 'America/Chicago';
export const CLIENT = (n: number) => `c1000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const APPOINTMENT = (n: number) => `a1000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const SERVICE = { haircut: '5e000000-0000-4000-8000-000000000001', colour: '5e000000-0000-4000-8000-000000000002' };

class TestPermissionResolver extends PermissionResolver {
  async permissionsOf(userId: string): Promise<readonly string[]> {
    return Object.values(USERS).find((u) => u.id === userId)?.permissions ?? [];
  }
}
class TestUserDirectory {
  async nameOf(userId: string): Promise<string | null> {
    return Object.values(STAFF).find((s) => s.id === userId)?.name ?? null;
  }
}

/**
 * Stands in for scheduling (appointments as its contract has them, the catalogue) and identity
 * (location zones). The real calls, checked against the contracts, are PlatformLookup's own spec;
 * the whole round trip is the browser walk.
 */
export class TestPlatformLookup {
  readonly appointments = new Map<string, CheckoutAppointment>();
  readonly services = new Map<string, CatalogueService>([
    [
      SERVICE.haircut,
      {
        id: SERVICE.haircut,
        locationId: LOCATION,
        name: 'Haircut',
        category: 'Cuts',
        priceMinor: 5500,
        currency: 'USD',
        active: true,
        staff: [],
      },
    ],
    [
      SERVICE.colour,
      {
        id: SERVICE.colour,
        locationId: LOCATION,
        name: 'Colour',
        category: 'Colour',
        priceMinor: 12000,
        currency: 'USD',
        active: true,
        staff: [{ staffId: STAFF.jordan.id, durationMin: null, priceMinor: 13500 }],
      },
    ],
  ]);
  readonly defaultTimeZone = TZ;
  async appointment(id: string) {
    return this.appointments.get(id) ?? null;
  }
  async appointmentsBetween(locationId: string, from: Date, to: Date) {
    return [...this.appointments.values()].filter(
      (a) => a.locationId === locationId && new Date(a.startsAt) < to && new Date(a.endsAt) > from,
    );
  }
  async service(id: string) {
    return this.services.get(id) ?? null;
  }
  async timeZoneOf() {
    return TZ;
  }
  /** Identity's business name and locations, as a receipt reads them. */
  place = {
    businessName: 'Willow & Sage',
    locationName: 'Downtown',
    locationAddress: '12 Main St, Springfield',
    locationPhone: '+15555550100',
  };
  async placeOf() {
    return { ...this.place, timeZone: TZ };
  }

  /** Each location's booking policy fees (scheduling answers no fees for a location without a policy). */
  readonly feePolicies = new Map<string, FeePolicyAnswer>();
  async feePolicy(locationId: string): Promise<FeePolicyAnswer> {
    return this.feePolicies.get(locationId) ?? { noShowFeeMinor: null, lateCancelFeeMinor: null };
  }

  /** A booked appointment as scheduling answers it: one service, or a visit of several (`parts`). */
  book(
    n: number,
    opts: {
      startsAt?: string;
      status?: string;
      clientId?: string;
      locationId?: string;
      lateCancel?: boolean;
      parts?: { name: string; priceMinor: number; staffId: string }[];
    } = {},
  ): string {
    const id = APPOINTMENT(n);
    const parts = opts.parts ?? [{ name: 'Haircut', priceMinor: 5500, staffId: STAFF.dana.id }];
    const startsAt = opts.startsAt ?? '2026-11-23T16:00:00.000Z';
    const endsAt = new Date(new Date(startsAt).getTime() + 45 * 60_000).toISOString();
    const total = parts.reduce((s, p) => s + p.priceMinor, 0);
    const snapshots = parts.map((p, i) => ({ id: `5e000000-0000-4000-8000-00000000010${i}`, name: p.name, priceMinor: p.priceMinor }));
    this.appointments.set(id, {
      id,
      locationId: opts.locationId ?? LOCATION,
      clientId: opts.clientId ?? CLIENT(1),
      status: (opts.status ?? 'completed') as CheckoutAppointment['status'],
      lateCancel: opts.lateCancel ?? false,
      startsAt,
      endsAt,
      serviceName: parts.map((p) => p.name).join(' + '),
      priceMinor: total,
      currency: 'USD',
      segments: parts.map((p, i) => ({ position: i, serviceId: snapshots[i]!.id, staffId: p.staffId, startsAt, endsAt })),
      service:
        parts.length === 1
          ? { ...snapshots[0]!, currency: 'USD' }
          : { ...snapshots[0]!, name: parts.map((p) => p.name).join(' + '), priceMinor: total, currency: 'USD', segments: snapshots },
    });
    return id;
  }
}

export interface RetailTestApp {
  platform: TestPlatformLookup;
  app: INestApplication;
  url: string;
  db: TestDatabase;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  as(user: TestUser | null): {
    get(path: string): request.Test;
    post(path: string, body?: unknown): request.Test;
    patch(path: string, body?: unknown): request.Test;
    put(path: string, body?: unknown): request.Test;
    delete(path: string): request.Test;
  };
  gql(user: TestUser | null, query: string, variables?: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

/** The real app (every module, real guards) on a database of its own; scheduling and identity are stood in for. */
export async function startRetail(suite: string, env: Record<string, string> = {}): Promise<RetailTestApp> {
  const db = await createTestDatabase(`retail_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadRetailConfig({
    ...process.env,
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(PermissionResolver)
    .useClass(TestPermissionResolver)
    .overrideProvider(UserDirectory)
    .useClass(TestUserDirectory)
    .overrideProvider(PlatformLookup)
    .useClass(TestPlatformLookup)
    .overrideProvider(DepositScheduling)
    .useClass(TestDepositScheduling)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, rawBody: true });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('retail', 'silent')));
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  const issued = new Map<TestUser, string>();
  for (const user of Object.keys(USERS) as TestUser[]) issued.set(user, (await tokens.issue(USERS[user].id, USERS[user].role)).token);
  const withAuth = (t: request.Test, user: TestUser | null) => (user ? t.set('Authorization', `Bearer ${issued.get(user)}`) : t);
  return {
    platform: app.get(PlatformLookup) as unknown as TestPlatformLookup,
    app,
    url,
    db,
    sql: (text, params) => dataSource.query(text, params),
    as: (user) => ({
      get: (path) => withAuth(request(url).get(path), user),
      post: (path, body) => withAuth(request(url).post(path), user).send(body as object),
      patch: (path, body) => withAuth(request(url).patch(path), user).send(body as object),
      put: (path, body) => withAuth(request(url).put(path), user).send(body as object),
      delete: (path) => withAuth(request(url).delete(path), user),
    }),
    async gql(user, query, variables = {}) {
      return (await withAuth(request(url).post('/graphql'), user).send({ query, variables })).body;
    },
    async close() {
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

let keys = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `test-key-${process.pid}-${Date.now()}-${++keys}`;
