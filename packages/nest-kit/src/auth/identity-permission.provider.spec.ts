import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { TokenService } from '@salon/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '../testing/test-database.js';
import { IdentityPermissionResolver } from './identity-permission.provider.js';
import { SERVICE_ACCOUNT_ID, ServiceToken } from './service-token.provider.js';

let server: Server;
let redis: Redis;
let tokens: TokenService;
const calls: { path: string; caller: string }[] = [];

beforeAll(async () => {
  redis = new Redis('redis://127.0.0.1:6379');
  tokens = new TokenService(
    {
      secret: 'a-test-secret-that-is-long-enough-0123456789',
      issuer: 'i',
      audience: 'a',
      ttlSeconds: 600,
      redisPrefix: testRedisPrefix('perm'),
    },
    redis,
  );
  // Identity's answer, as GET /api/users/{id}/permissions gives it, checking the caller's token.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the handler catches everything itself
  server = createServer(async (req, res) => {
    try {
      const caller = await tokens.verify(req.headers.authorization?.slice(7));
      calls.push({ path: req.url!, caller: `${caller.userId}:${caller.role}` });
      if (req.url!.includes('missing')) return void res.writeHead(404).end('{}');
      // An identity that drifted from its contract: the permission list renamed.
      if (req.url!.includes('drifted'))
        return void res.writeHead(200).end(JSON.stringify({ data: { grants: ['view_clients'], groups: [], directPermissions: [] } }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { permissions: ['view_clients'], groups: [], directPermissions: [] } }));
    } catch {
      res.writeHead(401).end('{"error":"Authentication required"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server?.close();
  await redis?.quit();
});

const resolver = (cacheSeconds: number, url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`) =>
  new IdentityPermissionResolver({ IDENTITY_URL: url, PERMISSION_CACHE_SECONDS: cacheSeconds }, new ServiceToken(tokens));

describe('IdentityPermissionResolver', () => {
  it('asks identity with a service token and reuses the answer within the cache time', async () => {
    calls.length = 0;
    const r = resolver(60);
    expect(await r.permissionsOf('u-1')).toEqual(['view_clients']);
    expect(await r.permissionsOf('u-1')).toEqual(['view_clients']);
    expect(calls).toEqual([{ path: '/api/users/u-1/permissions', caller: `${SERVICE_ACCOUNT_ID}:admin` }]);
  });
  it('asks again when the cache time is zero', async () => {
    calls.length = 0;
    const r = resolver(0);
    await r.permissionsOf('u-2');
    await r.permissionsOf('u-2');
    expect(calls).toHaveLength(2);
  });
  it('gives an unknown user nothing', async () => {
    expect(await resolver(0).permissionsOf('missing')).toEqual([]);
  });
  it('refuses an answer that drifted from the contract, naming the field', async () => {
    await expect(resolver(0).permissionsOf('drifted')).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/users\/drifted\/permissions answered a body that breaks its contract: data\.permissions: /,
    );
  });
  it('says identity is unreachable rather than guessing', async () => {
    await expect(resolver(0, 'http://127.0.0.1:9').permissionsOf('u-3')).rejects.toThrow(/identity is unreachable/);
  });
});
