import { describe, expect, it } from 'vitest';
import { parseInput } from '@salon/nest-kit';
import {
  acceptInvitationSchema,
  createUserSchema,
  fullName,
  inviteStaffSchema,
  mayListUser,
  mayReadUser,
  updateUserSchema,
  usernameFromEmail,
} from './user-profile.js';

const auth = (userId: string, role: 'admin' | 'staff' | 'client') => ({ userId, role, tokenId: 't', issuedAt: 0, expiresAt: 0 });

describe('user profile rules', () => {
  it('joins names or says Unknown User', () => {
    expect(fullName({ firstName: 'Dana', lastName: 'Lee' })).toBe('Dana Lee');
    expect(fullName({ firstName: 'Dana', lastName: null })).toBe('Dana');
    expect(fullName({ firstName: ' ', lastName: null })).toBe('Unknown User');
  });
  it('derives unique usernames', () => {
    const taken = new Set(['dana', 'dana2']);
    expect(usernameFromEmail('Dana@x.com', (c) => taken.has(c))).toBe('dana3');
    expect(usernameFromEmail('sam+spa@x.com', () => false)).toBe('samspa');
  });
  it('lets only admins read other users', () => {
    expect(mayReadUser(auth('a', 'staff'), 'a')).toBe(true);
    expect(mayReadUser(auth('a', 'staff'), 'b')).toBe(false);
    expect(mayReadUser(auth('a', 'admin'), 'b')).toBe(true);
  });
  it('lists staff and admins to view_staff holders, client accounts to admins only', () => {
    const staffLister = { userId: 'a', role: 'staff', permissions: ['view_staff'] };
    const nobody = { userId: 'a', role: 'staff', permissions: [] };
    expect(mayListUser(staffLister, { id: 'b', role: 'staff' })).toBe(true);
    expect(mayListUser(staffLister, { id: 'b', role: 'admin' })).toBe(true);
    expect(mayListUser(staffLister, { id: 'c', role: 'client' })).toBe(false);
    expect(mayListUser(nobody, { id: 'b', role: 'staff' })).toBe(false);
    expect(mayListUser(nobody, { id: 'a', role: 'staff' })).toBe(true);
    expect(mayListUser({ userId: 'x', role: 'admin', permissions: [] }, { id: 'c', role: 'client' })).toBe(true);
  });
  it('normalises e-mail and names the bad field', () => {
    const parsed = parseInput(createUserSchema, {
      email: ' Dana@Example.COM ',
      firstName: 'Dana',
      lastName: 'Lee',
      role: 'staff',
      password: 'long enough',
    });
    expect(parsed.email).toBe('dana@example.com');
    expect(() =>
      parseInput(createUserSchema, { email: 'x', firstName: 'D', lastName: 'L', role: 'staff', password: 'long enough' }),
    ).toThrow('email: must be a valid e-mail address');
    expect(() =>
      parseInput(createUserSchema, { email: 'a@b.co', firstName: 'D', lastName: 'L', role: 'owner', password: 'long enough' }),
    ).toThrow('role: must be admin, staff or client');
    expect(() =>
      parseInput(createUserSchema, { email: 'a@b.co', firstName: 'D', lastName: 'L', role: 'staff', password: 'short' }),
    ).toThrow('password: must be at least 8 characters');
  });
  it('holds a new user and an accepted invitation to the reset password policy, naming the password field', () => {
    const user = { email: 'a@b.co', firstName: 'D', lastName: 'L', role: 'staff' };
    const invitation = { token: 'an-invitation-token-of-some-length' };
    for (const [schema, base] of [
      [createUserSchema, user],
      [acceptInvitationSchema, invitation],
    ] as const) {
      expect(() => parseInput(schema, { ...base, password: 'Password1' })).toThrow(
        'password: is one of the most common passwords; choose one that is harder to guess',
      );
      expect(() => parseInput(schema, { ...base, password: '~'.repeat(12) })).toThrow('password: must not be one character repeated');
      expect(() => parseInput(schema, { ...base, password: 'ab'.repeat(65) })).toThrow('password: must be at most 128 characters');
      expect(parseInput(schema, { ...base, password: 'violet-harbor-41' }).password).toBe('violet-harbor-41');
    }
  });
  it('refuses a profile picture that is not an image', () => {
    expect(() => parseInput(updateUserSchema, { profilePicture: 'javascript:alert(1)' })).toThrow('profilePicture');
  });
  it('treats a null optional name (an empty GraphQL field) as not given', () => {
    expect(parseInput(inviteStaffSchema, { email: 'a@b.co', firstName: 'Noa', lastName: null })).toEqual({
      email: 'a@b.co',
      firstName: 'Noa',
      lastName: undefined,
    });
  });
});
