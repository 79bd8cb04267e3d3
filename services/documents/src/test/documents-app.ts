import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { FORM_SUBMISSION_MAX_BYTES } from '@salon/contracts';
import { AllExceptionsFilter, createLogger, PermissionResolver, PlatformDirectory } from '@salon/nest-kit';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@salon/nest-kit/testing';
import { TokenService } from '@salon/tokens';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { loadDocumentsConfig } from '../config.js';
import { ENTITIES, MIGRATIONS } from '../database/schema.js';
import { BusinessDirectory } from '../modules/submissions/persistence/business-directory.provider.js';

export const USERS = {
  admin: { id: '0d000000-0000-4000-8000-000000000001', role: 'admin', permissions: [] as string[] },
  desk: { id: '0d000000-0000-4000-8000-000000000002', role: 'staff', permissions: ['view_clients', 'edit_clients'] },
  viewer: { id: '0d000000-0000-4000-8000-000000000003', role: 'staff', permissions: ['view_clients'] },
  outsider: { id: '0d000000-0000-4000-8000-000000000004', role: 'staff', permissions: ['view_calendar'] },
  // A signed-in client: their user id is their client id.
  ada: { id: 'c1000000-0000-4000-8000-000000000001', role: 'client', permissions: [] as string[] },
  bea: { id: 'c1000000-0000-4000-8000-000000000002', role: 'client', permissions: [] as string[] },
} as const;
export type TestUser = keyof typeof USERS;

export const CLIENT = { ada: USERS.ada.id, bea: USERS.bea.id };
export const SERVICE = {
  colour: '5e000000-0000-4000-8000-000000000001',
  massage: '5e000000-0000-4000-8000-000000000002',
  retired: '5e000000-0000-4000-8000-000000000003',
  pedicure: '5e000000-0000-4000-8000-000000000004',
  /** Asked only by the form-link spec's forms. */
  facial: '5e000000-0000-4000-8000-000000000005',
};
export const BUSINESS_NAME = 'Maple & Moss Salon';

class TestPermissionResolver extends PermissionResolver {
  async permissionsOf(userId: string): Promise<readonly string[]> {
    return Object.values(USERS).find((u) => u.id === userId)?.permissions ?? [];
  }
}

/**
 * Stands in for the owners of the ids a write refers to (clients, scheduling's catalogue); the
 * real HTTP calls are ReferenceCheck's own spec in nest-kit, the whole round trip the browser walk.
 */
class TestPlatformDirectory {
  async client(id: string) {
    return (Object.values(CLIENT) as string[]).includes(id) ? { id } : null;
  }
  async user() {
    return null;
  }
  async location() {
    return null;
  }
  async service(id: string) {
    if (id === SERVICE.retired) return { id, active: false };
    return (Object.values(SERVICE) as string[]).includes(id) ? { id, active: true } : null;
  }
}

class TestBusinessDirectory {
  async businessName() {
    return BUSINESS_NAME;
  }
}

/** The local S3-compatible server (s3rver), in this process, on a free port and a folder of its own. */
export async function startS3(): Promise<{ url: string; stop(): Promise<void> }> {
  const S3rver = createRequire(import.meta.url)('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'documents-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const address = await server.run();
  return {
    url: `http://127.0.0.1:${address.port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface DocumentsTestApp {
  app: INestApplication;
  url: string;
  s3Url: string;
  db: TestDatabase;
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  as(user: TestUser | null): {
    get(path: string): request.Test;
    post(path: string, body?: unknown): request.Test;
    put(path: string, body?: unknown): request.Test;
    delete(path: string): request.Test;
  };
  gql(user: TestUser | null, query: string, variables?: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

/** The real app (every module, real guards) on a database of its own and a local S3 of its own. */
export async function startDocuments(suite: string): Promise<DocumentsTestApp> {
  const db = await createTestDatabase(`documents_${suite}`, { entities: ENTITIES, migrations: MIGRATIONS });
  const s3 = await startS3();
  const config = loadDocumentsConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_KEY_PREFIX: testRedisPrefix(suite),
    S3_ENDPOINT: s3.url,
    S3_BUCKET: `test-${suite}`.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
    PUBLIC_URL: 'http://localhost:4000',
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(PermissionResolver)
    .useClass(TestPermissionResolver)
    .overrideProvider(PlatformDirectory)
    .useClass(TestPlatformDirectory)
    .overrideProvider(BusinessDirectory)
    .useClass(TestBusinessDirectory)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, bodyParser: false });
  // As createServiceApp (nest-kit) sets it up for main.ts.
  app.useBodyParser('json', { limit: FORM_SUBMISSION_MAX_BYTES });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('documents', 'silent')));
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  const tokens = app.get(TokenService);
  const issued = new Map<TestUser, string>();
  for (const user of Object.keys(USERS) as TestUser[]) issued.set(user, (await tokens.issue(USERS[user].id, USERS[user].role)).token);
  const withAuth = (t: request.Test, user: TestUser | null) => (user ? t.set('Authorization', `Bearer ${issued.get(user)}`) : t);
  return {
    app,
    url,
    s3Url: s3.url,
    db,
    sql: (text, params) => dataSource.query(text, params),
    as: (user) => ({
      get: (path) => withAuth(request(url).get(path), user),
      post: (path, body) => {
        const t = withAuth(request(url).post(path), user);
        return body === undefined ? t : t.send(body as object);
      },
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
      await s3.stop();
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

/** A real PNG of a drawn stroke (RGBA, a diagonal line), base64: what the signature pad sends. */
export function signaturePng(width = 120, height = 40): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const x = Math.floor((y / height) * width);
    rows.set([0, 0, 0, 255], y * (width * 4 + 1) + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

export const SIGNATURE = { name: 'Ada Lovelace', imagePng: signaturePng() };
