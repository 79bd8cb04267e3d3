import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS, userSchema } from '@salon/contracts';
import { startIdentity, type IdentityTestApp } from './identity-app.js';

let t: IdentityTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const SET_BIO = `mutation($id: ID!, $bio: String) { setUserBio(id: $id, bio: $bio) { id bio } }`;

async function gql(as: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.app.getHttpServer()).post('/graphql').set('Authorization', `Bearer ${tokens[as]}`).send({ query, variables });
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string; field?: string } }[] };
}

beforeAll(async () => {
  t = await startIdentity('staff_bio');
  const db = t.app.get(DataSource);
  for (const who of ['admin', 'staff', 'basic', 'client', 'dana']) {
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: `${who}@demo.salon`, password: 'demo-salon' });
    tokens[who] = res.body.token;
    ids[who] = (await db.query(`SELECT id FROM users WHERE email = $1`, [`${who}@demo.salon`]))[0].id;
  }
});
afterAll(async () => t?.close());

describe('a staff member’s bio', () => {
  it('is written by the person themselves, and answered by GraphQL and GET /api/users/{id} as the contract says', async () => {
    const res = await gql('dana', SET_BIO, { id: ids.dana, bio: '  Colour specialist.\nTen years of balayage.  ' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.setUserBio.bio).toBe('Colour specialist.\nTen years of balayage.');
    const rest = await request(t.app.getHttpServer())
      .get(`/api/users/${ids.dana}`)
      .set('Authorization', `Bearer ${tokens.admin}`)
      .expect(200);
    expect(userSchema.parse(rest.body).bio).toBe('Colour specialist.\nTen years of balayage.');
    const listed = await gql('staff', `{ users(role: staff) { id bio } }`);
    expect(listed.data!.users.find((u: { id: string }) => u.id === ids.dana).bio).toBe('Colour specialist.\nTen years of balayage.');
  });

  it('is written by an admin for anyone on the team, and blank clears it', async () => {
    expect((await gql('admin', SET_BIO, { id: ids.basic, bio: 'Front desk and nails.' })).data!.setUserBio.bio).toBe(
      'Front desk and nails.',
    );
    expect((await gql('admin', SET_BIO, { id: ids.basic, bio: '   ' })).data!.setUserBio.bio).toBeNull();
    expect((await gql('basic', SET_BIO, { id: ids.basic, bio: null })).data!.setUserBio.bio).toBeNull();
  });

  it('is refused to anyone else: view_staff is not enough to write a colleague’s, and nothing changes', async () => {
    await gql('admin', SET_BIO, { id: ids.dana, bio: 'Written by the owner.' });
    for (const who of ['staff', 'basic', 'client']) {
      const res = await gql(who, SET_BIO, { id: ids.dana, bio: `Written by ${who}.` });
      expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
    }
    const db = t.app.get(DataSource);
    expect((await db.query(`SELECT bio FROM users WHERE id = $1`, [ids.dana]))[0].bio).toBe('Written by the owner.');
  });

  it(`is bounded at ${TEXT_LIMITS.bio} characters and refuses control characters, naming the field`, async () => {
    const exact = 'a'.repeat(TEXT_LIMITS.bio);
    expect((await gql('dana', SET_BIO, { id: ids.dana, bio: exact })).data!.setUserBio.bio).toBe(exact);
    for (const bio of ['a'.repeat(TEXT_LIMITS.bio + 1), 'Hello\u0000there', 'bell\u0007']) {
      const res = await gql('dana', SET_BIO, { id: ids.dana, bio });
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions.field).toBe('bio');
    }
    const db = t.app.get(DataSource);
    expect((await db.query(`SELECT bio FROM users WHERE id = $1`, [ids.dana]))[0].bio).toBe(exact);
  });

  it('is not kept for client accounts, which nobody books', async () => {
    const res = await gql('client', SET_BIO, { id: ids.client, bio: 'I like short cuts.' });
    expect(res.errors?.[0].extensions.field).toBe('bio');
  });
});

describe('a staff member’s photo', () => {
  const SET_PHOTO = `mutation($id: ID!, $photo: String) { setUserPhoto(id: $id, photo: $photo) { id profilePicture } }`;
  // The smallest PNG there is (1×1), as the profile sends it after shrinking the chosen picture.
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('is set and removed by the person themselves or an admin, and served with the user', async () => {
    const res = await gql('dana', SET_PHOTO, { id: ids.dana, photo: PNG });
    expect(res.errors).toBeUndefined();
    expect(res.data!.setUserPhoto.profilePicture).toBe(PNG);
    const rest = await request(t.app.getHttpServer())
      .get(`/api/users/${ids.dana}`)
      .set('Authorization', `Bearer ${tokens.admin}`)
      .expect(200);
    expect(userSchema.parse(rest.body).profilePicture).toBe(PNG);
    expect((await gql('admin', SET_PHOTO, { id: ids.dana, photo: null })).data!.setUserPhoto.profilePicture).toBeNull();
  });

  it('is refused to a colleague and to a client account, and names what is wrong with a bad picture', async () => {
    for (const who of ['staff', 'basic', 'client']) {
      expect((await gql(who, SET_PHOTO, { id: ids.dana, photo: PNG })).errors?.[0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await gql('admin', SET_PHOTO, { id: ids.client, photo: PNG })).errors?.[0].extensions.field).toBe('photo');
    const svg = await gql('dana', SET_PHOTO, { id: ids.dana, photo: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(svg.errors?.[0].extensions.field).toBe('photo');
    expect(svg.errors?.[0].message).toMatch(/JPEG, PNG or WebP/);
    const huge = await gql('dana', SET_PHOTO, { id: ids.dana, photo: `data:image/png;base64,${'A'.repeat(250_000)}` });
    expect(huge.errors?.[0].message).toMatch(/under 150 KB/);
    const remote = await gql('dana', SET_PHOTO, { id: ids.dana, photo: 'https://example.com/me.png' });
    expect(remote.errors?.[0].extensions.field).toBe('photo');
    const db = t.app.get(DataSource);
    expect((await db.query(`SELECT profile_picture FROM users WHERE id = $1`, [ids.dana]))[0].profile_picture).toBeNull();
  });
});
