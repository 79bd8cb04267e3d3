import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

// Addresses are given as the gateway gives them (X-Forwarded-For from loopback, a trusted proxy).
let t: IdentityTestApp;

async function attempt(email: string, password: string, from: string) {
  const res = await request(t.app.getHttpServer()).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });
  return { status: res.status, body: res.body as { error?: string; token?: string }, retryAfter: Number(res.headers['retry-after'] ?? 0) };
}

beforeAll(async () => {
  t = await startIdentity('login_throttle', {
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    LOGIN_FREE_FAILURES: '3',
    LOGIN_BASE_DELAY_SECONDS: '1',
    LOGIN_MAX_DELAY_SECONDS: '60',
    LOGIN_MAX_FAILING_ADDRESSES_PER_ACCOUNT: '4',
  });
});
afterAll(async () => t?.close());

describe('sign-in throttling: the guesser waits, the owner signs in', () => {
  it('slows the address that keeps failing, while the owner signs in from another one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('dana@demo.salon', `guess-${i}`, '198.51.100.1')).status);
    expect(statuses).toEqual([401, 401, 401, ...Array(9).fill(429)]);
    // Even the right password waits at the guessing address…
    const refused = await attempt('dana@demo.salon', 'demo-salon', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(refused.retryAfter).toBeGreaterThan(0);
    // …while the owner at the front desk is not locked out.
    expect((await attempt('dana@demo.salon', 'demo-salon', '203.0.113.10')).status).toBe(200);
  });

  it('makes each further failure from that address wait longer', async () => {
    for (let i = 0; i < 3; i++) await attempt('staff@demo.salon', `guess-${i}`, '198.51.100.2');
    const first = await attempt('staff@demo.salon', 'guess-x', '198.51.100.2');
    expect(first).toMatchObject({ status: 429, retryAfter: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('staff@demo.salon', 'guess-4', '198.51.100.2')).status).toBe(401);
    const second = await attempt('staff@demo.salon', 'guess-y', '198.51.100.2');
    expect(second).toMatchObject({ status: 429, retryAfter: 2 });
  });

  it('forgets an address’s failures once it signs in', async () => {
    for (let i = 0; i < 2; i++) await attempt('basic@demo.salon', `typo-${i}`, '198.51.100.3');
    expect((await attempt('basic@demo.salon', 'demo-salon', '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('basic@demo.salon', `typo-${i}`, '198.51.100.3')).status).toBe(401);
  });

  it('closes an account failed from many addresses to new ones, never to the addresses its owner uses', async () => {
    expect((await attempt('jordan@demo.salon', 'demo-salon', '203.0.113.50')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('jordan@demo.salon', 'guess', `192.0.2.${i + 1}`)).status).toBe(401);
    const fresh = await attempt('jordan@demo.salon', 'demo-salon', '203.0.113.51');
    expect(fresh.status).toBe(429);
    expect((await attempt('jordan@demo.salon', 'demo-salon', '203.0.113.50')).status).toBe(200);
  });

  it('answers an unknown account exactly as a real one, throttling included', async () => {
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await attempt('client@demo.salon', `guess-${i}`, '198.51.100.40');
      const b = await attempt('nobody-here@demo.salon', `guess-${i}`, '198.51.100.41');
      real.push([a.status, a.body, a.retryAfter]);
      unknown.push([b.status, b.body, b.retryAfter]);
    }
    expect(unknown).toEqual(real);
  });
});
