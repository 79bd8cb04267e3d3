import 'reflect-metadata';
import { Controller, Get, Injectable, Module, type INestApplication } from '@nestjs/common';
import { Args, Directive, Field, ID, ObjectType, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { TokenService } from '@salon/tokens';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, baseConfigSchema } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { subgraphModule } from '../graphql/subgraph.module.js';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { createLogger } from '../logging/logger.js';
import { RedisModule } from '../redis/redis.module.js';
import { testRedisPrefix } from '../testing/test-database.js';
import { AdminOnly, CurrentAuth, Public, RequirePermission } from './auth.decorators.js';
import type { AuthContext } from './auth-context.js';
import { AuthModule } from './auth.module.js';
import { PermissionResolver } from './permission-resolver.js';

const GRANTS: Record<string, string[]> = { staff: ['view_staff', 'edit_calendar'], none: [] };

@Injectable()
class FixedPermissions extends PermissionResolver {
  async permissionsOf(userId: string) {
    return GRANTS[userId] ?? [];
  }
}

@Controller('t')
class ProbeController {
  @Public() @Get('public') open() {
    return { ok: true };
  }
  @Get('signed-in') signedIn(@CurrentAuth() auth: AuthContext) {
    return { userId: auth.userId };
  }
  @RequirePermission('view_staff') @Get('single') single() {
    return { ok: true };
  }
  @RequirePermission({ anyOf: ['view_calendar', 'edit_calendar'] }) @Get('any') any() {
    return { ok: true };
  }
  @RequirePermission({ allOf: ['view_staff', 'view_clients'] }) @Get('all') all() {
    return { ok: true };
  }
  @RequirePermission({ resource: 'calendar', action: 'edit' }) @Get('resource') resource() {
    return { ok: true };
  }
  @AdminOnly() @Get('admin') admin() {
    return { ok: true };
  }
}

/** An entity like identity's User or clients' Client: a key, a plain field, a computed field and a guarded one. */
@ObjectType('Person')
@Directive('@key(fields: "id")')
class PersonModel {
  @Field(() => ID) id!: string;
  @Field() email!: string;
}

const person = (id: string) => ({ id, email: `${id}@example.com` });

@Resolver(() => PersonModel)
class PersonResolver {
  @Query(() => PersonModel)
  person(@Args('id', { type: () => ID }) id: string) {
    return person(id);
  }

  @Public()
  @Query(() => String)
  hello() {
    return 'hi';
  }

  @ResolveReference()
  resolveReference(reference: { id: string }) {
    return person(reference.id);
  }

  @ResolveField(() => String)
  shout(@Parent() p: { email: string }) {
    return p.email.toUpperCase();
  }

  @ResolveField(() => String, { description: 'Who asked: proves the caller reaches resolvers under _entities' })
  askedBy(@CurrentAuth() auth: AuthContext) {
    return auth.userId;
  }

  @RequirePermission('view_staff')
  @ResolveField(() => String)
  payRate() {
    return '42.00';
  }
}

const config = loadConfig(baseConfigSchema, {
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  REDIS_KEY_PREFIX: testRedisPrefix('guards'),
  JWT_SECRET: process.env.JWT_SECRET, // the run's own (vitest.config.ts)
});

@Module({
  imports: [
    ConfigModule.forRoot(config),
    RedisModule,
    AuthModule.forRoot({ permissionResolver: FixedPermissions }),
    subgraphModule(config),
  ],
  controllers: [ProbeController],
  providers: [PersonResolver],
})
class ProbeModule {}

let app: INestApplication;
let tokens: TokenService;
const bearer = async (userId: string, role: 'admin' | 'staff' | 'client' = 'staff') => `Bearer ${(await tokens.issue(userId, role)).token}`;

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: { code: string } }[] };
async function gql(query: string, authorization?: string): Promise<Body> {
  const req = request(app.getHttpServer()).post('/graphql').send({ query });
  if (authorization) req.set('Authorization', authorization);
  return (await req).body as Body;
}
const entities = (fields: string) =>
  `{ _entities(representations: [{ __typename: "Person", id: "p-1" }]) { ... on Person { ${fields} } } }`;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('test', 'silent')));
  await app.init();
  tokens = app.get(TokenService);
});
afterAll(async () => app?.close());

describe('auth and permission guards', () => {
  it('lets anyone reach a public route', async () => {
    await request(app.getHttpServer()).get('/t/public').expect(200);
  });
  it('answers 401 with the exact body without a token or with a bad one', async () => {
    const missing = await request(app.getHttpServer()).get('/t/signed-in').expect(401);
    expect(missing.body).toEqual({ error: 'Authentication required' });
    await request(app.getHttpServer()).get('/t/signed-in').set('Authorization', 'Bearer nonsense').expect(401);
  });
  it('passes the verified user to the handler', async () => {
    const res = await request(app.getHttpServer())
      .get('/t/signed-in')
      .set('Authorization', await bearer('staff'))
      .expect(200);
    expect(res.body).toEqual({ userId: 'staff' });
  });
  it('checks a single permission', async () => {
    await request(app.getHttpServer())
      .get('/t/single')
      .set('Authorization', await bearer('staff'))
      .expect(200);
    const denied = await request(app.getHttpServer())
      .get('/t/single')
      .set('Authorization', await bearer('none'))
      .expect(403);
    expect(denied.body).toEqual({ error: 'Forbidden: requires view_staff' });
  });
  it('checks any-of, all-of and resource+action', async () => {
    const staff = await bearer('staff');
    await request(app.getHttpServer()).get('/t/any').set('Authorization', staff).expect(200);
    await request(app.getHttpServer()).get('/t/all').set('Authorization', staff).expect(403);
    await request(app.getHttpServer()).get('/t/resource').set('Authorization', staff).expect(200);
  });
  it('lets admin pass every permission check', async () => {
    const admin = await bearer('none', 'admin');
    for (const path of ['single', 'any', 'all', 'resource', 'admin']) {
      await request(app.getHttpServer()).get(`/t/${path}`).set('Authorization', admin).expect(200);
    }
  });
  it('keeps admin-only routes from staff and clients', async () => {
    await request(app.getHttpServer())
      .get('/t/admin')
      .set('Authorization', await bearer('staff'))
      .expect(403);
    await request(app.getHttpServer())
      .get('/t/admin')
      .set('Authorization', await bearer('x', 'client'))
      .expect(403);
  });
  it('refuses an admin token signed with the platform secret that was never issued (no such user)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('11111111-2222-3333-4444-555555555555')
      .setJti('forged-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setIssuer(config.JWT_ISSUER)
      .setAudience(config.JWT_AUDIENCE)
      .sign(new TextEncoder().encode(config.JWT_SECRET));
    await request(app.getHttpServer()).get('/t/admin').set('Authorization', `Bearer ${forged}`).expect(401);
    await request(app.getHttpServer()).get('/t/signed-in').set('Authorization', `Bearer ${forged}`).expect(401);
  });
  it('refuses a revoked token', async () => {
    const header = await bearer('staff');
    await tokens.revoke(await tokens.verify(header.slice(7)));
    await request(app.getHttpServer()).get('/t/signed-in').set('Authorization', header).expect(401);
  });
});

describe('subgraph auth: federation entry points', () => {
  it('keeps _service { sdl } open, so the gateway can compose without a token', async () => {
    const res = await gql('{ _service { sdl } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!._service.sdl).toContain('type Person');
  });

  it('refuses _entities without a token or with a bad one, resolving no data', async () => {
    for (const authorization of [undefined, 'Bearer nonsense']) {
      const res = await gql(entities('id email shout'), authorization);
      expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(res.data?._entities ?? [null]).toEqual([null]);
    }
  });

  it('resolves _entities and field resolvers for any signed-in caller, who reaches them as the verified user', async () => {
    const res = await gql(entities('id email shout askedBy'), await bearer('none'));
    expect(res).toEqual({ data: { _entities: [{ id: 'p-1', email: 'p-1@example.com', shout: 'P-1@EXAMPLE.COM', askedBy: 'none' }] } });
  });

  it('checks the token and the permissions once for all the references of one _entities call, side by side', async () => {
    const authorization = await bearer('staff');
    const verify = vi.spyOn(tokens, 'verify');
    const permissions = vi.spyOn(app.get(PermissionResolver), 'permissionsOf');
    try {
      const representations = ['p-1', 'p-2', 'p-3', 'p-4'].map((id) => `{ __typename: "Person", id: "${id}" }`).join(', ');
      const res = await gql(`{ _entities(representations: [${representations}]) { ... on Person { id payRate } } }`, authorization);
      expect(res.data?._entities).toHaveLength(4);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(permissions).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
      permissions.mockRestore();
    }
  });

  it("keeps a field's own permission rule under _entities", async () => {
    const denied = await gql(entities('id payRate'), await bearer('none'));
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(denied.data)).not.toContain('42.00');
    expect((await gql(entities('payRate'), await bearer('staff'))).data).toEqual({ _entities: [{ payRate: '42.00' }] });
  });

  it('keeps root fields as they were: signed-in by default, @Public open', async () => {
    expect((await gql('{ person(id: "p-2") { email } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql('{ person(id: "p-2") { email shout } }', await bearer('none'))).data).toEqual({
      person: { email: 'p-2@example.com', shout: 'P-2@EXAMPLE.COM' },
    });
    expect((await gql('{ hello }')).data).toEqual({ hello: 'hi' });
  });
});
