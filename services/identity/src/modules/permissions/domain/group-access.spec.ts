import { describe, expect, it } from 'vitest';
import { mayListGroupMembers, mayReadGroup } from './group-access.js';

describe('group access', () => {
  it('lets an admin read any group and its members', () => {
    expect(mayReadGroup({ role: 'admin' }, 'g1', [])).toBe(true);
    expect(mayListGroupMembers({ role: 'admin' })).toBe(true);
  });
  it('lets staff read only the groups they are in, never the member list', () => {
    expect(mayReadGroup({ role: 'staff' }, 'g1', ['g1', 'g2'])).toBe(true);
    expect(mayReadGroup({ role: 'staff' }, 'g3', ['g1', 'g2'])).toBe(false);
    expect(mayListGroupMembers({ role: 'staff' })).toBe(false);
  });
  it('gives a client no group', () => {
    expect(mayReadGroup({ role: 'client' }, 'g1', [])).toBe(false);
    expect(mayListGroupMembers({ role: 'client' })).toBe(false);
  });
});
