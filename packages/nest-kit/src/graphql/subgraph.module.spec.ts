import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { Args, Query, registerEnumType, Resolver } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraphModule } from './subgraph.module.js';

enum Shade {
  light = 'light',
  dark = 'dark',
}
registerEnumType(Shade, { name: 'Shade' });

@Resolver()
class ShadeResolver {
  @Query(() => String)
  shade(@Args('shade', { type: () => Shade }) shade: Shade) {
    return shade;
  }

  @Query(() => String)
  broken(): string {
    throw new Error('something inside failed');
  }
}

let app: INestApplication;
const gql = async (query: string, variables?: object) =>
  (await request(app.getHttpServer()).post('/graphql').send({ query, variables })).body as {
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };

beforeAll(async () => {
  @Module({ imports: [subgraphModule({ NODE_ENV: 'development' })], providers: [ShadeResolver] })
  class ProbeModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.init();
});
afterAll(async () => app?.close());

describe('a subgraph answering callers that reach it directly', () => {
  it('never suggests field, type or enum names (in development too)', async () => {
    for (const body of [
      await gql('{ shad(shade: dark) }'),
      await gql('query ($s: Shde!) { shade(shade: $s) }', { s: 'dark' }),
      await gql('query ($s: Shade!) { shade(shade: $s) }', { s: 'drak' }),
      await gql('{ shade(shade: drak) }'),
    ]) {
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toMatch(/Did you mean/);
    }
  });

  it('sends no stack trace with an error', async () => {
    const body = await gql('{ broken }');
    expect(body.errors?.[0].extensions?.stacktrace).toBeUndefined();
  });
});
