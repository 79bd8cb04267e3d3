import 'reflect-metadata';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { Public, ClientIp } from './auth/auth.decorators.js';
import { createServiceApp } from './bootstrap.js';
import { baseConfigSchema, loadConfig } from './config/config.js';

@Controller('ip')
class IpController {
  @Public() @Get() ip(@ClientIp() ip: string) {
    return { ip };
  }
}

@Module({ controllers: [IpController] })
class IpModule {}

const env = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters', LOG_LEVEL: 'silent' };
let app: INestApplication | undefined;
afterEach(async () => app?.close());

async function clientIpSeen(extra: Record<string, string>, forwardedFor: string): Promise<string> {
  ({ app } = await createServiceApp({ name: 'probe', config: loadConfig(baseConfigSchema, { ...env, ...extra }), module: IpModule }));
  await app.init();
  const res = await request(app.getHttpServer()).get('/ip').set('X-Forwarded-For', forwardedFor).expect(200);
  return res.body.ip;
}

describe('the client address a service sees (per-address limits key on it)', () => {
  it('is the one the gateway on this machine vouches for (the last hop it appended)', async () => {
    expect(await clientIpSeen({}, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('never an address a client wrote before an untrusted hop, even a private one', async () => {
    // A LAN or container address is not a proxy of ours unless TRUSTED_PROXIES says so.
    expect(await clientIpSeen({}, '203.0.113.1, 192.168.1.20')).toBe('192.168.1.20');
    expect(await clientIpSeen({}, '203.0.113.1, 10.1.2.3')).toBe('10.1.2.3');
  });

  it('is the connection itself when TRUSTED_PROXIES trusts nobody', async () => {
    expect(await clientIpSeen({ TRUSTED_PROXIES: '' }, '203.0.113.9')).toMatch(/127\.0\.0\.1|::1/);
  });

  it('follows a cluster range when configured', async () => {
    expect(await clientIpSeen({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }, '203.0.113.1, 10.1.2.3')).toBe('203.0.113.1');
  });
});
