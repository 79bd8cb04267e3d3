import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { bookingConflictBodySchema } from '@salon/contracts';
import { AllExceptionsFilter, createLogger, PermissionResolver, PlatformDirectory, UserDirectory, type UserRecord } from '@salon/nest-kit';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { DateTime } from 'luxon';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { expect } from 'vitest';
import { AppModule } from '../app.module.js';
import { loadSchedulingConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { PlatformLookup, type ClientDetails } from '../modules/online-booking/persistence/platform-lookup.provider.js';

const ALL = [
  'view_calendar',
  'edit_calendar',
  'view_appointments',
  'create_appointments',
  'edit_appointments',
  'update_appointments',
  'view_services',
  'view_schedules',
];

export const USERS = {
  admin: { id: '0d000000-0000-4000-8000-000000000001', role: 'admin', permissions: [] as string[] },
  frontDesk: { id: '0d000000-0000-4000-8000-000000000002', role: 'staff', permissions: ALL },
  viewer: { id: '0d000000-0000-4000-8000-000000000003', role: 'staff', permissions: ['view_calendar', 'view_appointments'] },
  outsider: { id: '0d000000-0000-4000-8000-000000000004', role: 'staff', permissions: ['view_clients'] },
  // A stylist who may see only their own hours: the same id as STAFF.dana.
  danaOwn: { id: '5a000000-0000-4000-8000-000000000001', role: 'staff', permissions: ['view_own_schedule'] },
  // A client who signed up for online booking (identity knows their e-mail).
  casey: { id: 'ca000000-0000-4000-8000-000000000001', role: 'client', permissions: [] as string[] },
  owner: { id: '0d000000-0000-4000-8000-000000000005', role: 'staff', permissions: ['view_business_settings', 'edit_business_settings'] },
  settingsViewer: { id: '0d000000-0000-4000-8000-000000000006', role: 'staff', permissions: ['view_business_settings'] },
} as const;
export type TestUser = keyof typeof USERS;

/** Staff of the tests, with the names identity would give. */
export const STAFF = {
  dana: { id: '5a000000-0000-4000-8000-000000000001', name: 'Dana Lee' },
  jordan: { id: '5a000000-0000-4000-8000-000000000002', name: 'Jordan Patel' },
};
export const LOCATION = '10c00000-0000-4000-8000-000000000001';
/** The business's second location (identity knows it; nothing is booked there in the tests). */
export const LAKEVIEW = '10c00000-0000-4000-8000-000000000002';
export const TZ = 'America/Chicago';

class TestPermissionResolver extends PermissionResolver {
  async permissionsOf(userId: string): Promise<readonly string[]> {
    return Object.values(USERS).find((u) => u.id === userId)?.permissions ?? [];
  }
}
/** Names identity gives users who are not on the calendar (the change log names who made a change). */
export const USER_NAMES: Record<string, string> = { [USERS.frontDesk.id]: 'Riley Front' };
class TestUserDirectory {
  async nameOf(userId: string): Promise<string | null> {
    return Object.values(STAFF).find((s) => s.id === userId)?.name ?? USER_NAMES[userId] ?? null;
  }
}

type StoodInClient = ClientDetails & {
  clientId: string;
  /** Made for one online booking (a visitor), or found/created for a client's login. */
  madeFor: 'visitor' | 'account';
  discarded?: boolean;
  mergedInto?: string;
};

/**
 * Stands in for identity (business name, locations, a client login's contact) and the clients
 * service (a login's find-or-create; a visitor's own profile, its undo and its confirmation),
 * matching phones and e-mails as it does; the real round trip is walked in the browser test
 * against the whole platform (and clients' side in services/clients/src/test/online-visitors.spec.ts).
 */
export class TestPlatformLookup {
  readonly clients: StoodInClient[] = [];
  /** The next visitor profile is created, but its answer is lost (a timeout): the booking fails after the clients service acted. */
  loseNextAnswer = false;
  /** Discarding answers 503 while set. */
  discardDown = false;
  async business() {
    return { businessName: 'Demo Salon', locations: [{ id: LOCATION, name: 'Downtown', timeZone: TZ, address: '1 Main St', phone: null }] };
  }
  /** Bios and photos identity would answer for the calendar's staff (a test may change them). */
  readonly introductions: Record<string, { bio: string | null; profilePicture: string | null }> = {};
  async staffIntroduction(userId: string) {
    const person = Object.values(STAFF).find((s) => s.id === userId);
    if (!person) throw new Error(`unknown user ${userId}`);
    return { name: person.name, ...(this.introductions[userId] ?? { bio: null, profilePicture: null }) };
  }
  async userContact(userId: string) {
    if (userId !== USERS.casey.id) throw new Error(`unknown user ${userId}`);
    return { firstName: 'Casey', lastName: 'Moore', email: 'casey@example.com', phone: null, role: 'client' };
  }
  /** Live profiles: neither discarded nor merged away. */
  live(): StoodInClient[] {
    return this.clients.filter((c) => !c.discarded && !c.mergedInto);
  }
  private match(details: { phone?: string | null; email?: string | null }, exceptId?: string) {
    const digits = (p?: string | null) => {
      const d = (p ?? '').replace(/\D/g, '');
      return d.length === 10 ? `1${d}` : d;
    };
    return this.live().find(
      (c) =>
        c.clientId !== exceptId &&
        ((details.phone && digits(c.phone) === digits(details.phone)) ||
          (details.email && c.email?.toLowerCase() === details.email.toLowerCase())),
    );
  }
  async findOrCreateClient(details: ClientDetails) {
    const found = this.match(details);
    if (found) return { clientId: found.clientId, created: false };
    const clientId = `c2000000-0000-4000-8000-${String(this.clients.length + 1).padStart(12, '0')}`;
    this.clients.push({ ...details, clientId, madeFor: 'account' });
    return { clientId, created: true };
  }
  async createVisitorProfile(id: string, details: ClientDetails) {
    const matched = this.match(details, id);
    if (!this.clients.some((c) => c.clientId === id)) this.clients.push({ ...details, clientId: id, madeFor: 'visitor' });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('the clients service did not answer in time');
    }
    return { clientId: id, matchedClientId: matched?.clientId ?? null };
  }
  async discardVisitorProfile(id: string) {
    if (this.discardDown) throw new Error('clients is down');
    const c = this.clients.find((x) => x.clientId === id);
    if (c && c.madeFor === 'visitor') c.discarded = true;
  }
  async confirmVisitorProfile(visitorId: string, clientId: string) {
    const visitor = this.clients.find((c) => c.clientId === visitorId);
    const client = this.clients.find((c) => c.clientId === clientId);
    if (!visitor || !client || visitor.discarded || client.discarded) return null;
    const survivor = client.mergedInto ?? client.clientId;
    if (visitor.mergedInto && visitor.mergedInto !== survivor) return null;
    visitor.mergedInto = survivor;
    return survivor;
  }
}

/**
 * Stands in for the owners of the ids scheduling's writes refer to (nest-kit's PlatformDirectory):
 * clients knows every CLIENT(n) of the tests and whoever online booking created, minus the ones a
 * test deletes; identity knows USERS and STAFF (and staff a test adds) and the test LOCATION.
 * The real directory's HTTP round trip has its own spec in nest-kit.
 */
export class TestPlatformDirectory {
  readonly deletedClients = new Set<string>();
  readonly people = new Map<string, UserRecord>([
    ...Object.values(USERS).map((u): [string, UserRecord] => [u.id, { role: u.role, isActive: true }]),
    ...Object.values(STAFF).map((s): [string, UserRecord] => [s.id, { role: 'staff', isActive: true }]),
  ]);
  readonly locations = new Set<string>([LOCATION, LAKEVIEW]);
  readonly locationNames = new Map<string, string>([
    [LOCATION, 'Downtown'],
    [LAKEVIEW, 'Lakeview'],
  ]);
  /** Zones identity would answer for a location (none: the location's policy row or the default stands). */
  readonly locationZones = new Map<string, string>();
  asked = 0;

  async client(id: string) {
    this.asked++;
    return /^c[12]000000-0000-4000-8000-\d{12}$/.test(id) && !this.deletedClients.has(id) ? { id } : null;
  }
  async user(id: string) {
    this.asked++;
    return this.people.get(id) ?? null;
  }
  async location(id: string) {
    this.asked++;
    return this.locations.has(id) ? { id, name: this.locationNames.get(id), timeZone: this.locationZones.get(id) } : null;
  }
}

export interface SchedulingTestApp {
  platform: TestPlatformLookup;
  directory: TestPlatformDirectory;
  app: INestApplication;
  url: string;
  db: TestDatabase;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  token(user: TestUser): string;
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

/** The real app (every module, real guards) listening on a port, on a database of its own; only identity and clients are stood in for. */
export async function startScheduling(suite: string, env: Record<string, string> = {}): Promise<SchedulingTestApp> {
  const db = await createTestDatabase(`scheduling_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const config = loadSchedulingConfig({
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
    .overrideProvider(PlatformLookup)
    .useClass(TestPlatformLookup)
    .overrideProvider(PlatformDirectory)
    .useClass(TestPlatformDirectory)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('scheduling', 'silent')));
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
    directory: app.get(PlatformDirectory) as unknown as TestPlatformDirectory,
    app,
    url,
    db,
    sql: (text, params) => dataSource.query(text, params),
    token: (user) => issued.get(user)!,
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

/** A weekday a week or more ahead, at a local wall time in the location's zone, as ISO UTC. */
export function localTime(hhmm: string, daysAhead = 8): string {
  const [h, m] = hhmm.split(':').map(Number);
  return DateTime.now().setZone(TZ).plus({ days: daysAhead }).set({ hour: h, minute: m, second: 0, millisecond: 0 }).toUTC().toISO()!;
}

/** Policy, both staff working 09:00-18:00 every day, a haircut, a massage needing a treatment room. */
export async function seedCalendar(t: SchedulingTestApp, opts: { roomCapacity?: number } = {}) {
  await t.sql(
    `INSERT INTO location_policies (location_id, time_zone, slot_interval_min, min_notice_min, max_advance_days, late_cancel_hours) VALUES ($1, $2, 15, 60, 90, 24) ON CONFLICT DO NOTHING`,
    [LOCATION, TZ],
  );
  for (const s of Object.values(STAFF)) {
    for (let d = 1; d <= 7; d++)
      await t.sql(
        `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) VALUES ($1, $2, $3, '09:00', '18:00')`,
        [s.id, LOCATION, d],
      );
  }
  const [haircut] = await t.sql(
    `INSERT INTO services (location_id, name, category, duration_min, price_minor) VALUES ($1, 'Haircut', 'Hair', 45, 5500) RETURNING id`,
    [LOCATION],
  );
  const [massage] = await t.sql(
    `INSERT INTO services (location_id, name, category, duration_min, price_minor, room_type, buffer_after_min) VALUES ($1, 'Massage 60', 'Spa', 60, 9000, 'treatment', 15) RETURNING id`,
    [LOCATION],
  );
  const [room] = await t.sql(`INSERT INTO rooms (location_id, name, type, capacity) VALUES ($1, 'Room 2', 'treatment', $2) RETURNING id`, [
    LOCATION,
    opts.roomCapacity ?? 1,
  ]);
  return { haircutId: haircut.id as string, massageId: massage.id as string, roomId: room.id as string };
}

export const CLIENT = (n: number) => `c1000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Scheduling's one 409 body for a refused booking, visit, series, class or online booking:
 * `{error, taken?, alternatives?}` (contracts' bookingConflictBodySchema, nothing else), naming
 * at least one taken time.
 */
export function expectOneConflictShape(res: { status: number; body: unknown }): void {
  expect(res.status).toBe(409);
  const parsed = bookingConflictBodySchema.safeParse(res.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data?.taken?.length ?? 0).toBeGreaterThan(0);
}
