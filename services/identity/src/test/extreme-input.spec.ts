import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

/**
 * Issue 10, findings 8 and 13 on identity: a NUL (or another control character) in a name or an
 * e-mail is a 400 naming the field, not a 500; a wrong type says what was expected.
 */
let t: IdentityTestApp;
let admin: string;
const http = () => request(t.app.getHttpServer());

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await http().post('/graphql').set('Authorization', `Bearer ${admin}`).send({ query, variables });
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string; field?: string } }[] };
}

beforeAll(async () => {
  t = await startIdentity('extreme', { LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
  admin = (await http().post('/api/auth/login').send({ email: 'admin@demo.salon', password: 'demo-salon' }).expect(200)).body.token;
});
afterAll(async () => t?.close());

describe('sign-in and recovery', () => {
  it('a NUL in the e-mail is a 400 naming email, not a 500', async () => {
    const login = await http().post('/api/auth/login').send({ email: 'admin@demo.salon\u0000', password: 'demo-salon' });
    expect([login.status, login.body.details]).toEqual([400, [{ field: 'email', message: 'must not contain control characters' }]]);
    const forgot = await http().post('/api/auth/forgot-password').send({ email: 'admin\u0000@demo.salon' });
    expect([forgot.status, forgot.body.details?.[0]?.field]).toEqual([400, 'email']);
  });

  it('a number for the e-mail "must be a string", a missing one "is required"', async () => {
    const res = await http().post('/api/auth/login').send({ email: 42, password: 'x' });
    expect(res.body.details).toEqual([{ field: 'email', message: 'must be a string' }]);
    const missing = await http().post('/api/auth/login').send({ password: 'x' });
    expect(missing.body.details).toEqual([{ field: 'email', message: 'is required' }]);
  });
});

describe('settings, locations, users and groups', () => {
  it('a NUL in the business name is a 400 naming businessName', async () => {
    const res = await http().put('/api/business-settings').set('Authorization', `Bearer ${admin}`).send({ businessName: 'Demo\u0000' });
    expect([res.status, res.body.details]).toEqual([400, [{ field: 'businessName', message: 'must not contain control characters' }]]);
  });

  it('GraphQL: a NUL in a location, user or group name is BAD_USER_INPUT naming the field', async () => {
    const location = await gql('mutation($n: String!) { createLocation(input: { name: $n }) { id } }', { n: 'Wicker\u0000Park' });
    expect(location.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const user = await gql(
      'mutation($n: String!) { createUser(input: { email: "nul@demo.salon", firstName: $n, lastName: "B", role: staff, password: "long-enough-pass" }) { id } }',
      { n: 'A\u0000' },
    );
    expect(user.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'firstName' });
    const group = await gql('mutation($n: String!) { createPermissionGroup(input: { name: $n }) { id } }', { n: 'Desk\u0000' });
    expect(group.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const search = await gql('query($s: String) { users(search: $s) { id } }', { s: 'Ave\u0000ry' });
    expect(search.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'search' });
  });
});
