import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('password policy', () => {
  it('asks for 8 to 128 characters', () => {
    expect(passwordProblem('short')).toBe('must be at least 8 characters');
    expect(passwordProblem('x'.repeat(64) + 'y')).toBeNull();
    expect(passwordProblem('ab'.repeat(65))).toBe('must be at most 128 characters');
  });
  it('refuses the common passwords, in any case', () => {
    expect(passwordProblem('password')).toMatch(/most common/);
    expect(passwordProblem('Password1')).toMatch(/most common/);
    expect(passwordProblem('12345678')).toMatch(/most common/);
    expect(passwordProblem('zzzzzzzzzz')).not.toBeNull();
    expect(passwordProblem('violet-harbor-41')).toBeNull();
  });
  it('refuses one character repeated', () => {
    expect(passwordProblem('~'.repeat(12))).toBe('must not be one character repeated');
    expect(passwordProblem('~'.repeat(11) + '!')).toBeNull();
  });
});
