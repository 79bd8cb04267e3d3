import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvableEntityTypes } from '@salon/nest-kit/testing';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

let t: IdentityTestApp;
const tokens: Record<string, string> = {};

async function gql(as: string | null, query: string, variables: Record<string, unknown> = {}) {
  const req = request(t.app.getHttpServer()).post('/graphql').send({ query, variables });
  if (as) req.set('Authorization', `Bearer ${tokens[as]}`);
  const res = await req;
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string; field?: string } }[] };
}

beforeAll(async () => {
  t = await startIdentity('graphql');
  for (const who of ['admin', 'staff', 'basic', 'client']) {
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: `${who}@demo.salon`, password: 'demo-salon' });
    tokens[who] = res.body.token;
  }
});
afterAll(async () => t?.close());

/** Ids of the demo salon's people, groups and locations, by e-mail or name. */
async function ids() {
  const db = t.app.get(DataSource);
  const byEmail = async (email: string) => (await db.query(`SELECT id FROM users WHERE email = $1`, [email]))[0].id as string;
  const group = async (name: string) => (await db.query(`SELECT id FROM permission_groups WHERE name = $1`, [name]))[0].id as string;
  return {
    user: {
      admin: await byEmail('admin@demo.salon'),
      staff: await byEmail('staff@demo.salon'),
      basic: await byEmail('basic@demo.salon'),
      client: await byEmail('client@demo.salon'),
    },
    group: { basic: await group('Basic Staff'), stylists: await group('Stylists') },
    location: (await db.query(`SELECT id FROM locations WHERE name = 'Downtown'`))[0].id as string,
  };
}
describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql the gateway composes (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await gql(null, '{ _service { sdl } }');
    const sdl = res.data!._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });
});

describe('federation entities', () => {
  const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) {
    ... on User { email fullName permissions }
    ... on PermissionGroup { name memberCount }
    ... on Location { name }
  } }`;
  async function representations() {
    const db = t.app.get(DataSource);
    const [user] = await db.query(`SELECT id FROM users WHERE email = 'staff@demo.salon'`);
    const [group] = await db.query(`SELECT id FROM permission_groups WHERE name = 'Stylists'`);
    const [location] = await db.query(`SELECT id FROM locations WHERE name = 'Downtown'`);
    return [
      { __typename: 'User', id: user.id },
      { __typename: 'PermissionGroup', id: group.id },
      { __typename: 'Location', id: location.id },
    ];
  }

  it('answers _entities UNAUTHENTICATED and with no data to a caller without a valid token', async () => {
    const r = await representations();
    for (const as of [null, 'bogus']) {
      if (as) tokens[as] = 'not-a-token';
      const res = await gql(as, ENTITIES, { r });
      expect(res.errors?.length).toBeGreaterThan(0);
      expect(res.errors!.every((e) => e.extensions.code === 'UNAUTHENTICATED')).toBe(true);
      expect(res.data?._entities ?? [null, null, null]).toEqual([null, null, null]);
    }
  });

  const one = (typename: string, selection: string) =>
    `query($r: [_Any!]!) { _entities(representations: $r) { ... on ${typename} { ${selection} } } }`;
  async function entity(as: string, typename: string, id: string, selection: string) {
    return gql(as, one(typename, selection), { r: [{ __typename: typename, id }] });
  }
  function expectRefused(res: Awaited<ReturnType<typeof gql>>, leaked: string[] = []) {
    expect(res.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(res.data?._entities ?? [null]).toEqual([null]);
    for (const text of leaked) expect(JSON.stringify(res.data ?? null)).not.toContain(text);
  }

  // Every resolvable entity of this subgraph, with the REST route (or query) whose rule its reference follows.
  const ENTITY_RULES: Record<string, string> = {
    User: 'GET /api/users/{id} and user(id): yourself, or anyone if you are admin',
    PermissionGroup: 'GET /api/users/{id}/permissions: the groups you are in, or any if you are admin; members only for admins',
    Location: 'GET /api/locations: every signed-in user',
  };
  it('has a rule (and a test below) for every resolvable entity in the schema', async () => {
    const sdl = (await gql(null, '{ _service { sdl } }')).data!._service.sdl as string;
    expect(resolvableEntityTypes(sdl)).toEqual(Object.keys(ENTITY_RULES).sort());
  });

  it('User: a client or Basic Staff reads only themselves, as GET /api/users/{id} says', async () => {
    const { user } = await ids();
    for (const as of ['client', 'basic'] as const) {
      const rest = await request(t.app.getHttpServer()).get(`/api/users/${user.staff}`).set('Authorization', `Bearer ${tokens[as]}`);
      expect(rest.status).toBe(403);
      for (const target of [user.staff, user.admin]) {
        expectRefused(await entity(as, 'User', target, 'email phone permissions'), ['@demo.salon', '+1']);
      }
      const self = await entity(as, 'User', user[as], 'email');
      expect(self).toEqual({ data: { _entities: [{ email: `${as}@demo.salon` }] } });
    }
    const admin = await entity('admin', 'User', user.staff, 'email');
    expect(admin).toEqual({ data: { _entities: [{ email: 'staff@demo.salon' }] } });
  });

  it("User: a user's permissions, groups and colours under _entities follow their REST routes too", async () => {
    const { user } = await ids();
    const own = await entity(
      'basic',
      'User',
      user.basic,
      'permissions directPermissions permissionGroups { name } colorPreferences { primaryColor }',
    );
    expect(own.errors).toBeUndefined();
    expect(own.data!._entities[0].permissionGroups).toEqual([{ name: 'Basic Staff' }]);
  });

  it('PermissionGroup: only your own groups, and their members only for admins', async () => {
    const { group } = await ids();
    expectRefused(await entity('client', 'PermissionGroup', group.basic, 'name'));
    expectRefused(await entity('basic', 'PermissionGroup', group.stylists, 'name permissions'), ['Stylists']);
    const own = await entity('basic', 'PermissionGroup', group.basic, 'name memberCount');
    expect(own).toEqual({ data: { _entities: [{ name: 'Basic Staff', memberCount: 1 }] } });
    const members = await entity('basic', 'PermissionGroup', group.basic, 'name members { email phone }');
    expect(members.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(members.data ?? null)).not.toContain('@demo.salon');
    const admin = await entity('admin', 'PermissionGroup', group.stylists, 'name members { email }');
    expect(admin.errors).toBeUndefined();
    expect(admin.data!._entities[0].members).toContainEqual({ email: 'dana@demo.salon' });
  });

  it('Location: every signed-in user, as GET /api/locations says', async () => {
    const { location } = await ids();
    for (const as of ['client', 'basic']) {
      await request(t.app.getHttpServer()).get('/api/locations').set('Authorization', `Bearer ${tokens[as]}`).expect(200);
      expect(await entity(as, 'Location', location, 'name')).toEqual({ data: { _entities: [{ name: 'Downtown' }] } });
    }
  });

  it('keeps _service { sdl } open for composition', async () => {
    expect((await gql(null, '{ _service { sdl } }')).data!._service.sdl).toContain('type User');
  });
});

describe('viewer and users', () => {
  it('answers the viewer with effective permissions and groups', async () => {
    const res = await gql(
      'basic',
      '{ viewer { email fullName role permissions permissionGroups { name } colorPreferences { primaryColor isDarkMode } } }',
    );
    expect(res.data!.viewer).toEqual({
      email: 'basic@demo.salon',
      fullName: 'Blake Chen',
      role: 'staff',
      permissions: ['view_calendar', 'view_clients', 'view_dashboard', 'view_services', 'view_staff'],
      permissionGroups: [{ name: 'Basic Staff' }],
      colorPreferences: { primaryColor: '#8b5cf6', isDarkMode: false },
    });
  });

  it('says UNAUTHENTICATED without a token', async () => {
    const res = await gql(null, '{ viewer { id } }');
    expect(res.errors![0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('lists staff for view_staff holders, not for clients', async () => {
    const res = await gql('basic', '{ users { email role } }');
    expect(res.data!.users.map((u: { email: string }) => u.email)).toContain('dana@demo.salon');
    expect(res.data!.users.every((u: { role: string }) => u.role !== 'client')).toBe(true);
    const client = await gql('client', '{ users { email } }');
    expect(client.errors![0].extensions.code).toBe('FORBIDDEN');
    const clientsAsStaff = await gql('staff', '{ users(role: client) { email } }');
    expect(clientsAsStaff.errors![0].extensions.code).toBe('FORBIDDEN');
  });
  it("refuses other users' permissions and colours through users and viewer, where REST answers 403", async () => {
    const { user } = await ids();
    for (const as of ['basic', 'staff']) {
      for (const [field, route] of [
        ['permissions', 'permissions'],
        ['directPermissions', 'permissions'],
        ['permissionGroups { name permissions }', 'permissions'],
        ['colorPreferences { primaryColor }', 'color-preferences'],
      ]) {
        const rest = await request(t.app.getHttpServer())
          .get(`/api/users/${user.admin}/${route}`)
          .set('Authorization', `Bearer ${tokens[as]}`);
        expect(rest.status).toBe(403);
        const res = await gql(as, `{ users { email ${field} } }`);
        expect(res.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
        expect(JSON.stringify(res.data ?? null)).not.toContain('#8b5cf6');
        expect(JSON.stringify(res.data ?? null)).not.toContain('edit_business_settings');
      }
      const groupMembers = await gql(as, '{ viewer { permissionGroups { members { email } } } }');
      expect(groupMembers.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    }
    // The staff list (view_staff) shows names, contacts and group names, as the /staff screen does.
    const names = await gql('basic', '{ users { email fullName permissionGroups { id name } } }');
    expect(names.errors).toBeUndefined();
    expect(names.data!.users.find((u: { email: string }) => u.email === 'dana@demo.salon').permissionGroups).toMatchObject([
      { name: 'Stylists' },
    ]);
    // Without view_staff, another user's groups are not theirs to see; client accounts' only for admins.
    expect((await gql('client', '{ viewer { permissionGroups { name } } }')).errors).toBeUndefined();
    const { group } = await ids();
    expect((await gql('basic', `{ viewer { permissionGroups { id permissions } } }`)).data!.viewer.permissionGroups).toEqual([
      { id: group.basic, permissions: expect.arrayContaining(['view_clients']) },
    ]);
    const admin = await gql('admin', '{ users { email permissions colorPreferences { primaryColor } permissionGroups { name } } }');
    expect(admin.errors).toBeUndefined();
    expect(admin.data!.users.find((u: { email: string }) => u.email === 'staff@demo.salon').permissionGroups).toEqual([
      { name: 'Full Access Staff' },
    ]);
  });
});

describe('admin management', () => {
  it('keeps management admin-only', async () => {
    for (const who of ['staff', 'basic', 'client']) {
      const res = await gql(who, '{ permissionGroups { id } }');
      expect(res.errors![0].extensions.code).toBe('FORBIDDEN');
    }
    const mutation = await gql('staff', 'mutation { createPermissionGroup(input: { name: "Sneaky" }) { id } }');
    expect(mutation.errors![0].extensions.code).toBe('FORBIDDEN');
  });

  it('creates, renames, sets permissions, adds and removes members of a group', async () => {
    const created = await gql(
      'admin',
      'mutation($p: [String!]) { createPermissionGroup(input: { name: "Colourists", permissions: $p }) { id name permissions memberCount } }',
      { p: ['view_clients'] },
    );
    const group = created.data!.createPermissionGroup;
    expect(group).toMatchObject({ name: 'Colourists', permissions: ['view_clients'], memberCount: 0 });
    const dup = await gql('admin', 'mutation { createPermissionGroup(input: { name: "colourists" }) { id } }');
    expect(dup.errors![0]).toMatchObject({
      message: 'A permission group named colourists already exists',
      extensions: { code: 'CONFLICT' },
    });
    const renamed = await gql('admin', 'mutation($id: ID!) { renamePermissionGroup(id: $id, name: "Colour Team") { name } }', {
      id: group.id,
    });
    expect(renamed.data!.renamePermissionGroup.name).toBe('Colour Team');
    const bad = await gql(
      'admin',
      'mutation($id: ID!) { setGroupPermissions(id: $id, permissions: ["view_clients", "launch_rockets"]) { id } }',
      { id: group.id },
    );
    expect(bad.errors![0]).toMatchObject({
      message: 'permissions: unknown permission(s): launch_rockets',
      extensions: { code: 'BAD_USER_INPUT', field: 'permissions' },
    });
    await gql('admin', 'mutation($id: ID!) { setGroupPermissions(id: $id, permissions: ["view_clients", "view_phone"]) { id } }', {
      id: group.id,
    });
    const basic = await gql('basic', '{ viewer { id } }');
    const basicId = basic.data!.viewer.id;
    await gql('admin', 'mutation($g: ID!, $u: ID!) { addGroupMember(groupId: $g, userId: $u) { id } }', { g: group.id, u: basicId });
    const after = await gql('basic', '{ viewer { permissions permissionGroups { name } } }');
    expect(after.data!.viewer.permissions).toContain('view_phone');
    expect(after.data!.viewer.permissionGroups.map((g: { name: string }) => g.name).sort()).toEqual(['Basic Staff', 'Colour Team']);
    const members = await gql('admin', '{ permissionGroups { name memberCount members { email } } }');
    expect(members.data!.permissionGroups.find((g: { name: string }) => g.name === 'Colour Team')).toMatchObject({
      memberCount: 1,
      members: [{ email: 'basic@demo.salon' }],
    });
    await gql('admin', 'mutation($g: ID!, $u: ID!) { removeGroupMember(groupId: $g, userId: $u) { id } }', { g: group.id, u: basicId });
    const removed = await gql('basic', '{ viewer { permissions } }');
    expect(removed.data!.viewer.permissions).not.toContain('view_phone');
    const deleted = await gql('admin', 'mutation($id: ID!) { deletePermissionGroup(id: $id) }', { id: group.id });
    expect(deleted.data!.deletePermissionGroup).toBe(true);
  });

  it('sets direct permissions', async () => {
    const basicId = (await gql('basic', '{ viewer { id } }')).data!.viewer.id;
    const res = await gql(
      'admin',
      'mutation($u: ID!) { setDirectPermissions(userId: $u, permissions: ["view_time_clock"]) { directPermissions permissions } }',
      { u: basicId },
    );
    expect(res.data!.setDirectPermissions.directPermissions).toEqual(['view_time_clock']);
    expect(res.data!.setDirectPermissions.permissions).toContain('view_time_clock');
    await gql('admin', 'mutation($u: ID!) { setDirectPermissions(userId: $u, permissions: []) { id } }', { u: basicId });
  });

  it('creates users with validated input and deactivation signs them out', async () => {
    const bad = await gql(
      'admin',
      'mutation { createUser(input: { email: "nope", firstName: "A", lastName: "B", role: staff, password: "long-enough" }) { id } }',
    );
    expect(bad.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    const created = await gql(
      'admin',
      'mutation { createUser(input: { email: "New.Person@Demo.Salon", firstName: "New", lastName: "Person", role: staff, password: "long-enough" }) { id email username } }',
    );
    expect(created.data!.createUser).toMatchObject({ email: 'new.person@demo.salon', username: 'new.person' });
    const login = await request(t.app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: 'new.person@demo.salon', password: 'long-enough' })
      .expect(200);
    await gql('admin', 'mutation($id: ID!) { setUserActive(id: $id, isActive: false) { isActive } }', { id: created.data!.createUser.id });
    await request(t.app.getHttpServer()).get('/api/auth/verify').set('Authorization', `Bearer ${login.body.token}`).expect(401);
    await request(t.app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: 'new.person@demo.salon', password: 'long-enough' })
      .expect(401);
    const self = await gql('admin', 'mutation { setUserActive(id: "00000000-0000-0000-0000-000000000000", isActive: false) { id } }');
    expect(self.errors![0].extensions.code).toBe('NOT_FOUND');
  });

  it('forgets a phone’s verification when the number changes, so reset codes never go to an unproven number', async () => {
    const [basic] = await t.app.get(DataSource).query(`SELECT id, phone FROM users WHERE email = 'basic@demo.salon'`);
    const same = await gql(
      'admin',
      'mutation($id: ID!, $p: String) { updateUser(id: $id, input: { phone: $p, firstName: "Bea" }) { id } }',
      { id: basic.id, p: basic.phone },
    );
    expect(same.errors).toBeUndefined();
    expect(
      (await t.app.get(DataSource).query(`SELECT phone_verified_at FROM users WHERE id = $1`, [basic.id]))[0].phone_verified_at,
    ).not.toBeNull();
    await gql('admin', 'mutation($id: ID!) { updateUser(id: $id, input: { phone: "+1 312 555 0177" }) { id } }', { id: basic.id });
    expect(
      (await t.app.get(DataSource).query(`SELECT phone_verified_at FROM users WHERE id = $1`, [basic.id]))[0].phone_verified_at,
    ).toBeNull();
    await gql('admin', 'mutation($id: ID!, $p: String) { updateUser(id: $id, input: { phone: $p }) { id } }', {
      id: basic.id,
      p: basic.phone,
    });
  });

  it('refuses a common or one-character password for a new user, naming the field, and creates nobody', async () => {
    for (const password of ['password123', 'qwertyuiop', '~~~~~~~~~~~~']) {
      const res = await gql(
        'admin',
        'mutation($p: String!) { createUser(input: { email: "weak.pass@demo.salon", firstName: "Weak", lastName: "Pass", role: staff, password: $p }) { id } }',
        { p: password },
      );
      expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    }
    expect(await t.app.get(DataSource).query(`SELECT id FROM users WHERE email = 'weak.pass@demo.salon'`)).toEqual([]);
  });

  it('refuses a common or one-character password when an invitation is accepted, and the invitation stays usable', async () => {
    const invited = await gql(
      'admin',
      'mutation { inviteStaff(input: { email: "weak.invitee@demo.salon", firstName: "Wes" }) { inviteUrl } }',
    );
    const token = new URL(invited.data!.inviteStaff.inviteUrl).searchParams.get('token');
    for (const password of ['password1', 'iloveyou', '!!!!!!!!!!']) {
      const weak = await request(t.app.getHttpServer()).post('/api/auth/accept-invitation').send({ token, password }).expect(400);
      expect(weak.body.details[0].field).toBe('password');
    }
    await request(t.app.getHttpServer()).post('/api/auth/accept-invitation').send({ token, password: 'violet-harbor-41' }).expect(200);
  });

  it('invites staff who then set a password and sign in, once', async () => {
    const groups = await gql('admin', '{ permissionGroups { id name } }');
    const stylists = groups.data!.permissionGroups.find((g: { name: string }) => g.name === 'Stylists').id;
    const invited = await gql(
      'admin',
      'mutation($g: [ID!]) { inviteStaff(input: { email: "invitee@demo.salon", firstName: "Ivy", groupIds: $g }) { id inviteUrl expiresAt } }',
      { g: [stylists] },
    );
    const url = new URL(invited.data!.inviteStaff.inviteUrl);
    const token = url.searchParams.get('token');
    const open = await gql('admin', '{ staffInvitations { email inviteUrl } }');
    expect(open.data!.staffInvitations).toContainEqual({ email: 'invitee@demo.salon', inviteUrl: '' });
    const accepted = await request(t.app.getHttpServer())
      .post('/api/auth/accept-invitation')
      .send({ token, password: 'a-good-password', lastName: 'Green' })
      .expect(200);
    expect(accepted.body.user).toMatchObject({
      email: 'invitee@demo.salon',
      firstName: 'Ivy',
      lastName: 'Green',
      role: 'staff',
      permissionGroups: [{ name: 'Stylists' }],
    });
    await request(t.app.getHttpServer()).post('/api/auth/accept-invitation').send({ token, password: 'a-good-password' }).expect(404);
  });
});

describe('locations', () => {
  it('creates, edits, moves the default and refuses to deactivate the default', async () => {
    const created = await gql(
      'admin',
      'mutation { createLocation(input: { name: "Wicker Park", timeZone: "America/Chicago", address: "1500 N Milwaukee Ave" }) { id isDefault isActive } }',
    );
    const id = created.data!.createLocation.id;
    expect(created.data!.createLocation).toMatchObject({ isDefault: false, isActive: true });
    const badZone = await gql('admin', 'mutation($id: ID!) { updateLocation(id: $id, input: { timeZone: "Chicago" }) { id } }', { id });
    expect(badZone.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'timeZone' });
    const dup = await gql('admin', 'mutation { createLocation(input: { name: "downtown" }) { id } }');
    expect(dup.errors![0].extensions.code).toBe('CONFLICT');
    await gql('admin', 'mutation($id: ID!) { setDefaultLocation(id: $id) { isDefault } }', { id });
    const list = await gql('staff', '{ locations { name isDefault } }');
    expect(list.data!.locations.filter((l: { isDefault: boolean }) => l.isDefault)).toEqual([{ name: 'Wicker Park', isDefault: true }]);
    const refuse = await gql('admin', 'mutation($id: ID!) { updateLocation(id: $id, input: { isActive: false }) { id } }', { id });
    expect(refuse.errors![0].message).toMatch(/default location cannot be deactivated/);
    const downtown = (await gql('admin', '{ locations { id name } }')).data!.locations.find(
      (l: { name: string }) => l.name === 'Downtown',
    ).id;
    await gql('admin', 'mutation($id: ID!) { setDefaultLocation(id: $id) { id } }', { id: downtown });
    const off = await gql('admin', 'mutation($id: ID!) { updateLocation(id: $id, input: { isActive: false }) { isActive } }', { id });
    expect(off.data!.updateLocation.isActive).toBe(false);
    const active = await gql('basic', '{ locations { name } }');
    expect(active.data!.locations.map((l: { name: string }) => l.name)).toEqual(['Downtown', 'Lakeview']);
    const all = await gql('basic', '{ locations(includeInactive: true) { name } }');
    expect(all.data!.locations).toHaveLength(3);
    const staffCreate = await gql('staff', 'mutation { createLocation(input: { name: "Nope" }) { id } }');
    expect(staffCreate.errors![0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('colour preferences and business settings', () => {
  it('saves the viewer’s own colours and business settings with permission', async () => {
    const res = await gql(
      'basic',
      'mutation { updateColorPreferences(input: { isDarkMode: true, savedBrandColors: ["#112233"] }) { isDarkMode savedBrandColors } }',
    );
    expect(res.data!.updateColorPreferences).toEqual({ isDarkMode: true, savedBrandColors: ['#112233'] });
    const denied = await gql('basic', 'mutation { updateBusinessSettings(input: { businessName: "Mine" }) { businessName } }');
    expect(denied.errors![0].extensions.code).toBe('FORBIDDEN');
    const ok = await gql('staff', 'mutation { updateBusinessSettings(input: { businessName: "Renamed" }) { businessName } }');
    expect(ok.data!.updateBusinessSettings.businessName).toBe('Renamed');
  });
});
