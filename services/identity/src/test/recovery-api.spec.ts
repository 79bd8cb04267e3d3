import { openSecret, type SealedSecret } from '@salon/tokens';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

let t: IdentityTestApp;
let db: pg.Client;
const http = () => request(t.app.getHttpServer());

interface ResetEvent {
  requestId: string;
  userId: string;
  channel: 'email' | 'sms';
  to: string;
  secret: SealedSecret;
}

/** The recovery events identity wrote to its outbox for an address, newest first. */
async function resetEvents(to: string): Promise<ResetEvent[]> {
  const rows = await db.query(
    `SELECT envelope FROM outbox WHERE type = 'identity.password-reset.requested.v1' AND envelope->'payload'->>'to' = $1 ORDER BY seq DESC`,
    [to],
  );
  return rows.rows.map((r) => r.envelope.payload);
}
const secretOf = (event: ResetEvent) => openSecret(event.secret, t.config.EVENT_SECRET_KEY);

beforeAll(async () => {
  t = await startIdentity('recovery', { RECOVERY_MAX_PER_IP: '1000', RECOVERY_MAX_PER_ACCOUNT: '3', RECOVERY_MAX_PER_ACCOUNT_TOTAL: '5' });
  db = new pg.Client({ connectionString: t.db.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('recovery by e-mail', () => {
  it('answers 202 with the same body whether or not the account exists, and only a real one gets an event', async () => {
    const known = await http().post('/api/auth/forgot-password').send({ email: 'jordan@demo.salon' }).expect(202);
    const unknown = await http().post('/api/auth/forgot-password').send({ email: 'nobody@demo.salon' }).expect(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toMatch(/If an account uses that e-mail address/);
    expect(await resetEvents('jordan@demo.salon')).toHaveLength(1);
    expect(await resetEvents('nobody@demo.salon')).toHaveLength(0);
    const stored = await db.query(`SELECT secret_hash FROM password_reset_requests`);
    const token = secretOf((await resetEvents('jordan@demo.salon'))[0]);
    expect(stored.rows.every((r) => !r.secret_hash.includes(token))).toBe(true);
  });

  it('names a bad e-mail', async () => {
    const res = await http().post('/api/auth/forgot-password').send({ email: 'not-an-address' }).expect(400);
    expect(res.body.error).toBe('email: must be a valid e-mail address');
  });

  it('resets with the link once, signs out every other session, and the new password works', async () => {
    const session = await http().post('/api/auth/login').send({ email: 'riley@demo.salon', password: 'demo-salon' }).expect(200);
    await http().post('/api/auth/forgot-password').send({ email: 'riley@demo.salon' }).expect(202);
    const token = secretOf((await resetEvents('riley@demo.salon'))[0]);
    const weak = await http().post('/api/auth/reset-password').send({ token, password: 'password1' }).expect(400);
    expect(weak.body.details[0].field).toBe('password');
    // Wait a second so the reset is later than the session's issue time (tokens carry seconds).
    await new Promise((r) => setTimeout(r, 1100));
    const done = await http().post('/api/auth/reset-password').send({ token, password: 'violet-harbor-41' }).expect(200);
    expect(done.body.message).toMatch(/every other session has been signed out/);
    await http().get('/api/auth/verify').set('Authorization', `Bearer ${session.body.token}`).expect(401);
    const again = await http().post('/api/auth/reset-password').send({ token, password: 'another-good-one-7' }).expect(400);
    expect(again.body.error).toMatch(/^token: .*already been used/);
    await http().post('/api/auth/login').send({ email: 'riley@demo.salon', password: 'demo-salon' }).expect(401);
    await http().post('/api/auth/login').send({ email: 'riley@demo.salon', password: 'violet-harbor-41' }).expect(200);
    const completed = await db.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'identity.password-reset.completed.v1'`);
    expect(completed.rows[0].n).toBe(1);
  });

  it('refuses an expired link', async () => {
    await http().post('/api/auth/forgot-password').send({ email: 'morgan@demo.salon' }).expect(202);
    const event = (await resetEvents('morgan@demo.salon'))[0];
    await db.query(`UPDATE password_reset_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [event.requestId]);
    const res = await http()
      .post('/api/auth/reset-password')
      .send({ token: secretOf(event), password: 'violet-harbor-41' })
      .expect(400);
    expect(res.body.error).toMatch(/expired/);
  });

  it('stops sending to one account after its share, still answering the same', async () => {
    for (let i = 0; i < 5; i++) await http().post('/api/auth/forgot-password').send({ email: 'taylor@demo.salon' }).expect(202);
    expect(await resetEvents('taylor@demo.salon')).toHaveLength(3);
  });

  it('lets no one address use up an account’s messages: the owner’s own request is still sent, up to a total', async () => {
    const ask = (from: string) =>
      http().post('/api/auth/forgot-password').set('X-Forwarded-For', from).send({ email: 'staff@demo.salon' }).expect(202);
    for (let i = 0; i < 5; i++) await ask('198.51.100.70');
    expect(await resetEvents('staff@demo.salon')).toHaveLength(3);
    await ask('203.0.113.70');
    expect(await resetEvents('staff@demo.salon')).toHaveLength(4);
    for (let i = 0; i < 3; i++) await ask('198.51.100.71');
    expect(await resetEvents('staff@demo.salon')).toHaveLength(5);
  });
});

describe('recovery by SMS', () => {
  it('finds the account by e-mail or by the phone however written, and texts only its verified phone', async () => {
    const byPhone = await http().post('/api/auth/forgot-password-sms').send({ phone: '(312) 555-0103' }).expect(202);
    expect(byPhone.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const events = await resetEvents('+1 312 555 0103');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ channel: 'sms', requestId: byPhone.body.requestId });
    expect(secretOf(events[0])).toMatch(/^\d{6}$/);
    const unknown = await http().post('/api/auth/forgot-password-sms').send({ phone: '+1 999 555 0000' }).expect(202);
    expect(Object.keys(unknown.body).sort()).toEqual(['message', 'requestId']);
    expect(unknown.body.message).toBe(byPhone.body.message);
    await db.query(`UPDATE users SET phone_verified_at = NULL WHERE email = 'jordan@demo.salon'`);
    await http().post('/api/auth/forgot-password-sms').send({ email: 'jordan@demo.salon' }).expect(202);
    expect((await resetEvents('+1 312 555 0104')).length).toBe(0);
  });

  it('asks for exactly one of e-mail or phone', async () => {
    const res = await http().post('/api/auth/forgot-password-sms').send({}).expect(400);
    expect(res.body.error).toBe('email: give either email or phone');
  });

  it('allows five tries of a code bound to its request', async () => {
    const { body } = await http().post('/api/auth/forgot-password-sms').send({ email: 'basic@demo.salon' }).expect(202);
    const code = secretOf((await resetEvents('+1 312 555 0102'))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await http()
      .post('/api/auth/reset-password')
      .send({ requestId: body.requestId, code: wrong, password: 'violet-harbor-41' })
      .expect(400);
    expect(first.body.error).toBe('code: That code is not right. 4 tries left.');
    for (let i = 0; i < 4; i++)
      await http()
        .post('/api/auth/reset-password')
        .send({ requestId: body.requestId, code: wrong, password: 'violet-harbor-41' })
        .expect(400);
    const exhausted = await http()
      .post('/api/auth/reset-password')
      .send({ requestId: body.requestId, code, password: 'violet-harbor-41' })
      .expect(400);
    expect(exhausted.body.error).toMatch(/Too many wrong codes/);
  });

  it('resets with the right code, and a code alone (no request) is refused', async () => {
    const { body } = await http().post('/api/auth/forgot-password-sms').send({ phone: '312-555-0106' }).expect(202);
    const code = secretOf((await resetEvents('+1 312 555 0106'))[0]);
    const alone = await http().post('/api/auth/reset-password').send({ code, password: 'violet-harbor-41' }).expect(400);
    expect(alone.body.error).toBe('requestId: is required with a code');
    await http().post('/api/auth/reset-password').send({ requestId: body.requestId, code, password: 'violet-harbor-41' }).expect(200);
    await http().post('/api/auth/login').send({ email: 'morgan@demo.salon', password: 'violet-harbor-41' }).expect(200);
  });
});

describe('per-IP limits', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limited = await startIdentity('recovery_ip', { RECOVERY_MAX_PER_IP: '2' });
    try {
      const server = limited.app.getHttpServer();
      await request(server).post('/api/auth/forgot-password').send({ email: 'a@b.co' }).expect(202);
      await request(server).post('/api/auth/forgot-password').send({ email: 'a@b.co' }).expect(202);
      const res = await request(server).post('/api/auth/forgot-password').send({ email: 'a@b.co' }).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
