import { describe, expect, it } from 'vitest';
import { parseInput } from '@salon/nest-kit';
import { isValidTimeZone, locationInputSchema } from '@salon/contracts';
import { defaultLocationProblem, locationStateProblem } from './location-rules.js';

describe('location rules', () => {
  it('knows IANA time zones', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('CST')).toBe(false);
  });
  it('names a bad time zone', () => {
    expect(() => parseInput(locationInputSchema, { timeZone: 'Chicago' })).toThrow(
      'timeZone: must be an IANA time zone such as America/Chicago',
    );
  });
  it('keeps the default location active', () => {
    expect(locationStateProblem({ isDefault: true }, { isActive: false })).toMatch(/cannot be deactivated/);
    expect(locationStateProblem({ isDefault: false }, { isActive: false })).toBeNull();
    expect(defaultLocationProblem({ isActive: false })).toMatch(/inactive/);
  });
});
