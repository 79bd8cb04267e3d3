import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRetail, type RetailTestApp } from './retail-app.js';

let t: RetailTestApp;

beforeAll(async () => {
  t = await startRetail('graphql');
});
afterAll(async () => t?.close());

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });
});
