import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('demo-salon');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'demo-salon')).toBe(true);
    expect(await verifyPassword(hash, 'demo-salon!')).toBe(false);
  });
  it('says no for a missing hash without throwing', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('garbage', 'anything')).toBe(false);
  });
});
