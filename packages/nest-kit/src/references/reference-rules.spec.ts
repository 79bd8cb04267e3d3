import { describe, expect, it } from 'vitest';
import { clientProblem, locationProblem, serviceProblem, staffProblem } from './reference-rules.js';

describe('reference rules', () => {
  it('accepts a client the clients service answers for, and nothing else', () => {
    expect(clientProblem({ id: 'c1' })).toBeNull();
    expect(clientProblem(null)).toMatch(/^is not an active client/);
  });
  it('accepts active staff and admins as staff, never a client login or a deactivated account', () => {
    expect(staffProblem({ role: 'staff', isActive: true })).toBeNull();
    expect(staffProblem({ role: 'admin', isActive: true })).toBeNull();
    expect(staffProblem({ role: 'client', isActive: true })).toBe('is not a staff member');
    expect(staffProblem({ role: 'staff', isActive: false })).toBe('is not an active staff member');
    expect(staffProblem(null)).toBe('is not a staff member');
  });
  it('accepts a location identity knows', () => {
    expect(locationProblem({ id: 'l1' })).toBeNull();
    expect(locationProblem(null)).toBe('is not a location of the business');
  });

  it('accepts an active catalogue service only', () => {
    expect(serviceProblem({ id: 's1', active: true })).toBeNull();
    expect(serviceProblem({ id: 's1', active: false })).toBe('is not an active service');
    expect(serviceProblem(null)).toBe('is not a service of the catalogue');
  });
});
