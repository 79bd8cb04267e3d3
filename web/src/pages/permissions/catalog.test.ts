import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOG } from '@salon/contracts/permissions';
import { groupByCategory, sameSet, toggleIn } from './catalog';

describe('permission catalogue', () => {
  it('groups by category in catalogue order', () => {
    const groups = groupByCategory(PERMISSION_CATALOG);
    expect(groups.map((g) => g.category)).toEqual([
      'Dashboard',
      'Appointments',
      'Clients',
      'Staff',
      'Services',
      'Phone',
      'Business',
      'Retail',
      'Insights',
    ]);
    expect(groups.find((g) => g.category === 'Appointments')?.items).toHaveLength(6);
  });
  it('toggles and compares permission sets', () => {
    expect(toggleIn(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleIn(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(sameSet(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameSet(['a'], ['a', 'b'])).toBe(false);
  });
});
