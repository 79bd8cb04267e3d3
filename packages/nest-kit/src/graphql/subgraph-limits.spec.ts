import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { Args, Directive, Field, ID, Int, ObjectType, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { TokenService } from '@salon/tokens';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthModule } from '../auth/auth.module.js';
import { PermissionResolver } from '../auth/permission-resolver.js';
import { baseConfigSchema, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter.js';
import { createLogger } from '../logging/logger.js';
import { RedisModule } from '../redis/redis.module.js';
import { testRedisPrefix } from '../testing/test-database.js';
import { subgraphModule } from './subgraph.module.js';

class NoPermissions extends PermissionResolver {
  async permissionsOf() {
    return [];
  }
}

@ObjectType('Pal')
@Directive('@key(fields: "id")')
class PalModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

const pal = (id: string) => ({ id, name: `Pal ${id}` });

@Resolver(() => PalModel)
class PalResolver {
  @Query(() => [PalModel])
  pals(@Args('limit', { type: () => Int, nullable: true }) limit?: number) {
    return Array.from({ length: Math.min(limit ?? 3, 3) }, (_, i) => pal(String(i)));
  }

  @ResolveReference()
  resolveReference(reference: { id: string }) {
    return pal(reference.id);
  }

  @ResolveField(() => [PalModel])
  friends(@Parent() p: { id: string }) {
    return [pal(`${p.id}.1`)];
  }
}

// The environment a service boots with: no limit variables set, so the defaults (the gateway's) apply.
const config = loadConfig(baseConfigSchema, {
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  REDIS_KEY_PREFIX: testRedisPrefix('subgraph-limits'),
  JWT_SECRET: process.env.JWT_SECRET, // the run's own (vitest.config.ts)
});

@Module({
  imports: [ConfigModule.forRoot(config), RedisModule, AuthModule.forRoot({ permissionResolver: NoPermissions }), subgraphModule(config)],
  providers: [PalResolver],
})
class LimitsModule {}

let app: INestApplication;
let bearer: string;

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await request(app.getHttpServer()).post('/graphql').set('Authorization', bearer).send({ query, variables });
  return { status: res.status, body: res.body as { data?: any; errors?: { message: string; extensions: { code: string } }[] } };
}

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ imports: [LimitsModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new AllExceptionsFilter(createLogger('test', 'silent')));
  await app.init();
  bearer = `Bearer ${(await app.get(TokenService).issue('someone', 'staff')).token}`;
});
afterAll(async () => app?.close());

describe("a subgraph's own query limits, called directly (not through the gateway)", () => {
  it('answers an ordinary query', async () => {
    const res = await gql('{ pals(limit: 2) { id name friends { name } } }');
    expect(res.body).toEqual({
      data: {
        pals: [
          { id: '0', name: 'Pal 0', friends: [{ name: 'Pal 0.1' }] },
          { id: '1', name: 'Pal 1', friends: [{ name: 'Pal 1.1' }] },
        ],
      },
    });
  });

  it('refuses more than 15 aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: pals(limit: 1) { id }`).join(' ');
    const res = await gql(`{ ${aliases} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors![0]).toMatchObject({
      message: 'Aliases limit of 15 exceeded, found 16.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('refuses a query deeper than 12 levels', async () => {
    let selection = 'id';
    for (let i = 0; i < 12; i++) selection = `friends { ${selection} }`;
    const res = await gql(`{ pals(limit: 1) { ${selection} } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors![0].message).toMatch(/^Query depth limit of 12 exceeded, found 1\d\.$/);
  });

  it('refuses a query whose limit argument makes it cost more than 5000, from a literal or a variable', async () => {
    const literal = await gql('{ pals(limit: 5001) { id name } }');
    expect(literal.status).toBe(400);
    expect(literal.body.errors![0]).toMatchObject({
      message: 'Query Cost limit of 5000 exceeded, found 5001.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const variable = await gql('query($n: Int) { pals(limit: $n) { id name } }', { n: 5001 });
    expect(variable.status).toBe(400);
    expect((await gql('query($n: Int) { pals(limit: $n) { id name } }', { n: 2 })).body.errors).toBeUndefined();
  });

  it('counts the representations of _entities', async () => {
    // 500 pals, each with its friends (a list of the default size, 10): 500 × (1 + 10).
    const r = Array.from({ length: 500 }, (_, i) => ({ __typename: 'Pal', id: String(i) }));
    const res = await gql('query($r: [_Any!]!) { _entities(representations: $r) { ... on Pal { id friends { id } } } }', { r });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].message).toBe('Query Cost limit of 5000 exceeded, found 5500.');
    const few = await gql('query($r: [_Any!]!) { _entities(representations: $r) { ... on Pal { name } } }', { r: r.slice(0, 2) });
    expect(few.body).toEqual({ data: { _entities: [{ name: 'Pal 0' }, { name: 'Pal 1' }] } });
  });

  it('keeps _service { sdl } open for composition', async () => {
    const res = await request(app.getHttpServer()).post('/graphql').send({ query: '{ _service { sdl } }' });
    expect(res.body.data._service.sdl).toContain('type Pal');
  });
});
