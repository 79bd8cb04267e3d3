import 'reflect-metadata';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { Args, Directive, Field, ID, ObjectType, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { TokenService } from '@salon/tokens';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthModule } from '../auth/auth.module.js';
import { CurrentAuth, Public, RequirePermission } from '../auth/auth.decorators.js';
import type { AuthContext } from '../auth/auth-context.js';
import { PermissionResolver } from '../auth/permission-resolver.js';
import { baseConfigSchema, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { createLogger } from '../logging/logger.js';
import { RedisModule } from '../redis/redis.module.js';
import { testRedisPrefix } from '../testing/test-database.js';
import { subgraphModule } from './subgraph.module.js';

const GRANTS: Record<string, string[]> = { reader: ['view_staff'], none: [] };

@Injectable()
class FixedPermissions extends PermissionResolver {
  async permissionsOf(userId: string) {
    return GRANTS[userId] ?? [];
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

const config = loadConfig(baseConfigSchema, { DATABASE_URL: 'postgres://unused@127.0.0.1/unused', REDIS_KEY_PREFIX: testRedisPrefix('subgraph-auth') });

@Module({
  imports: [ConfigModule.forRoot(config), RedisModule, AuthModule.forRoot({ permissionResolver: FixedPermissions }), subgraphModule(config)],
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
const entities = (fields: string) => `{ _entities(representations: [{ __typename: "Person", id: "p-1" }]) { ... on Person { ${fields} } } }`;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('test', 'silent')));
  await app.init();
  tokens = app.get(TokenService);
});
afterAll(async () => app?.close());

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

  it("keeps a field's own permission rule under _entities", async () => {
    const denied = await gql(entities('id payRate'), await bearer('none'));
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(denied.data)).not.toContain('42.00');
    expect((await gql(entities('payRate'), await bearer('reader'))).data).toEqual({ _entities: [{ payRate: '42.00' }] });
  });

  it('keeps root fields as they were: signed-in by default, @Public open', async () => {
    expect((await gql('{ person(id: "p-2") { email } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql('{ person(id: "p-2") { email shout } }', await bearer('none'))).data).toEqual({ person: { email: 'p-2@example.com', shout: 'P-2@EXAMPLE.COM' } });
    expect((await gql('{ hello }')).data).toEqual({ hello: 'hi' });
  });
});
