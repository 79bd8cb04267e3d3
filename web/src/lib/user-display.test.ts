import { describe, expect, it } from 'vitest';
import { getFullName, getInitials } from './user-display';

describe('user display', () => {
  it('builds initials from first and last name', () => {
    expect(getInitials({ firstName: 'ada', lastName: 'Lovelace' })).toBe('AL');
    expect(getInitials({ firstName: 'Ada', lastName: null })).toBe('A');
    expect(getInitials({ firstName: null, lastName: 'Lovelace' })).toBe('L');
  });
  it("gives '??' without names", () => {
    expect(getInitials({ firstName: null, lastName: null })).toBe('??');
    expect(getInitials({ firstName: '  ', lastName: '' })).toBe('??');
    expect(getInitials(null)).toBe('??');
  });
  it("gives the full name or 'Unknown User'", () => {
    expect(getFullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(getFullName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(getFullName({})).toBe('Unknown User');
    expect(getFullName(undefined)).toBe('Unknown User');
  });
});
