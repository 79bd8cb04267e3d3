import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationFailedError } from '../errors/app-errors.js';
import { parseInput } from './parse-input.js';

const schema = z.strictObject({ email: z.email('must be a valid e-mail address'), password: z.string().min(1) });

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('names each bad field', () => {
    try {
      parseInput(schema, { email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailedError);
      expect((error as ValidationFailedError).details).toEqual([
        { field: 'email', message: 'must be a valid e-mail address' },
        { field: 'password', message: 'is required' },
      ]);
    }
  });
  it('refuses unknown fields', () => {
    expect(() => parseInput(schema, { email: 'a@b.co', password: 'x', role: 'admin' })).toThrow('unknown field(s): role');
  });
  it('treats a missing body as empty', () => {
    expect(() => parseInput(schema, undefined)).toThrow('email: is required');
  });
});
