import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret.js';

describe('sealed secrets', () => {
  it('round-trips and never carries the clear text', () => {
    const sealed = sealSecret('123456', 'key-one');
    expect(JSON.stringify(sealed)).not.toContain('123456');
    expect(openSecret(sealed, 'key-one')).toBe('123456');
  });
  it('refuses a wrong key or an altered value', () => {
    const sealed = sealSecret('token', 'key-one');
    expect(() => openSecret(sealed, 'key-two')).toThrow();
    expect(() => openSecret({ ...sealed, data: Buffer.from('other').toString('base64') }, 'key-one')).toThrow();
  });
});
