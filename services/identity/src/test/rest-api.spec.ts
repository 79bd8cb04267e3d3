import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

let t: IdentityTestApp;
const http = () => request(t.app.getHttpServer());

async function login(email: string, password = 'demo-salon') {
  const res = await http().post('/api/auth/login').send({ email, password }).expect(200);
  return { token: res.body.token as string, user: res.body.user as { id: string; role: string; permissionGroups: { name: string }[] } };
}

beforeAll(async () => {
  t = await startIdentity('rest', { LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
});
afterAll(async () => t?.close());

describe('POST /api/auth/login', () => {
  it('answers token and user for the right password', async () => {
    const { token, user } = await login('admin@demo.salon');
    expect(token.split('.')).toHaveLength(3);
    expect(user).toMatchObject({ role: 'admin', firstName: 'Avery', lastName: 'Morgan', email: 'admin@demo.salon', permissionGroups: [] });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    await http().post('/api/auth/login').send({ email: ' Staff@Demo.Salon ', password: 'demo-salon' }).expect(200);
  });

  it('gives one answer for a wrong password and an unknown account', async () => {
    const wrong = await http().post('/api/auth/login').send({ email: 'staff@demo.salon', password: 'nope' }).expect(401);
    const unknown = await http().post('/api/auth/login').send({ email: 'nobody@demo.salon', password: 'nope' }).expect(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names the missing field and rejects a body that is not JSON', async () => {
    const res = await http().post('/api/auth/login').send({ email: 'a@b.co' }).expect(400);
    expect(res.body.error).toBe('password: is required');
    const bad = await http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    expect(bad.body.error).toBe('The request body is not valid JSON');
  });
});

describe('logout and verify', () => {
  it('verify answers the user; logout revokes that token for real', async () => {
    const { token, user } = await login('staff@demo.salon');
    const other = await login('staff@demo.salon');
    const verified = await http().get('/api/auth/verify').set('Authorization', `Bearer ${token}`).expect(200);
    expect(verified.body).toMatchObject({ valid: true, user: { id: user.id, email: 'staff@demo.salon' } });
    await http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200, { success: true });
    const after = await http().get('/api/auth/verify').set('Authorization', `Bearer ${token}`).expect(401);
    expect(after.body).toEqual({ error: 'Authentication required' });
    await http().get('/api/auth/verify').set('Authorization', `Bearer ${other.token}`).expect(200);
  });

  it('answers 401 with the exact body without a token', async () => {
    const res = await http().get('/api/auth/verify').expect(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
  });
});

describe('users, permissions and colour preferences', () => {
  it('lets a user read themself but not another user', async () => {
    const basic = await login('basic@demo.salon');
    const admin = await login('admin@demo.salon');
    const self = await http().get(`/api/users/${basic.user.id}`).set('Authorization', `Bearer ${basic.token}`).expect(200);
    expect(self.body).toMatchObject({ email: 'basic@demo.salon', permissionGroups: [{ name: 'Basic Staff' }] });
    const denied = await http().get(`/api/users/${admin.user.id}`).set('Authorization', `Bearer ${basic.token}`).expect(403);
    expect(denied.body.error).toMatch(/^Forbidden/);
    await http().get(`/api/users/${basic.user.id}`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    await http().get('/api/users/00000000-0000-0000-0000-000000000000').set('Authorization', `Bearer ${admin.token}`).expect(404);
  });

  it('answers permissions as {data:{permissions, groups, directPermissions}}', async () => {
    const basic = await login('basic@demo.salon');
    const res = await http().get(`/api/users/${basic.user.id}/permissions`).set('Authorization', `Bearer ${basic.token}`).expect(200);
    expect(res.body.data.permissions).toEqual(['view_calendar', 'view_clients', 'view_dashboard', 'view_services', 'view_staff']);
    expect(res.body.data.groups).toEqual([{ id: expect.any(String), name: 'Basic Staff' }]);
    expect(res.body.data.directPermissions).toEqual([]);
    const admin = await login('admin@demo.salon');
    await http().get(`/api/users/${admin.user.id}/permissions`).set('Authorization', `Bearer ${basic.token}`).expect(403);
  });

  it('answers default colours, validates #rrggbb and saves a partial change', async () => {
    const { token, user } = await login('riley@demo.salon');
    const path = `/api/users/${user.id}/color-preferences`;
    const defaults = await http().get(path).set('Authorization', `Bearer ${token}`).expect(200);
    expect(defaults.body).toEqual({
      primaryColor: '#8b5cf6',
      isDarkMode: false,
      primaryTextColor: '#111827',
      secondaryTextColor: '#6b7280',
      savedBrandColors: [],
      savedTextColors: [],
    });
    const bad = await http()
      .put(path)
      .set('Authorization', `Bearer ${token}`)
      .send({ primaryColor: 'purple', isDarkMode: true })
      .expect(400);
    expect(bad.body.error).toBe('primaryColor: must be a #rrggbb colour');
    const unchanged = await http().get(path).set('Authorization', `Bearer ${token}`).expect(200);
    expect(unchanged.body.isDarkMode).toBe(false);
    const saved = await http()
      .put(path)
      .set('Authorization', `Bearer ${token}`)
      .send({ primaryColor: '#0EA5E9', isDarkMode: true })
      .expect(200);
    expect(saved.body).toMatchObject({ primaryColor: '#0ea5e9', isDarkMode: true, primaryTextColor: '#111827' });
  });
});

describe('business settings and locations', () => {
  it('lets any signed-in user read settings and only edit_business_settings change them', async () => {
    const basic = await login('basic@demo.salon');
    const staff = await login('staff@demo.salon');
    const read = await http().get('/api/business-settings').set('Authorization', `Bearer ${basic.token}`).expect(200);
    expect(read.body).toMatchObject({ businessName: 'Willow & Sage Salon and Spa', timeZone: 'America/Chicago', currency: 'USD' });
    await http().put('/api/business-settings').set('Authorization', `Bearer ${basic.token}`).send({ businessName: 'Mine' }).expect(403);
    const bad = await http()
      .put('/api/business-settings')
      .set('Authorization', `Bearer ${staff.token}`)
      .send({ businessName: 'New name', currency: 'dollars' })
      .expect(400);
    expect(bad.body.details[0].field).toBe('currency');
    const after = await http().get('/api/business-settings').set('Authorization', `Bearer ${staff.token}`).expect(200);
    expect(after.body.businessName).toBe('Willow & Sage Salon and Spa');
    const saved = await http()
      .put('/api/business-settings')
      .set('Authorization', `Bearer ${staff.token}`)
      .send({ businessName: 'Willow & Sage' })
      .expect(200);
    expect(saved.body.businessName).toBe('Willow & Sage');
  });

  it('lists locations with a cache-busting timestamp', async () => {
    const { token } = await login('basic@demo.salon');
    const res = await http().get(`/api/locations?timestamp=${Date.now()}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.map((l: { name: string; isDefault: boolean }) => [l.name, l.isDefault])).toEqual([
      ['Downtown', true],
      ['Lakeview', false],
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      name: 'Downtown',
      timeZone: 'America/Chicago',
      isDefault: true,
      isActive: true,
      address: expect.any(String),
      phone: expect.any(String),
    });
  });
});

describe('health', () => {
  it('is live and ready with PostgreSQL and Redis up', async () => {
    await http().get('/health/live').expect(200, { status: 'ok' });
    const ready = await http().get('/health/ready').expect(200);
    expect(ready.body.checks).toEqual({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });
});
