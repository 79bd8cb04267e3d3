import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, describeRequirement, isBasicGroupName, PERMISSION_CATALOG, satisfies } from './permissions.js';

const staff = (permissions: string[]) => ({ role: 'staff', permissions });

describe('satisfies', () => {
  it('lets admin pass every requirement, even with no permissions', () => {
    expect(satisfies({ role: 'admin', permissions: [] }, 'view_staff')).toBe(true);
    expect(satisfies({ role: 'admin', permissions: [] }, { allOf: ['a', 'b'] })).toBe(true);
  });
  it('allows when there is no requirement', () => {
    expect(satisfies(staff([]), undefined)).toBe(true);
    expect(satisfies(staff([]), null)).toBe(true);
  });
  it('checks a single permission', () => {
    expect(satisfies(staff(['view_staff']), 'view_staff')).toBe(true);
    expect(satisfies(staff(['view_clients']), 'view_staff')).toBe(false);
  });
  it('checks any-of', () => {
    expect(satisfies(staff(['edit_calendar']), { anyOf: ['view_calendar', 'edit_calendar'] })).toBe(true);
    expect(satisfies(staff(['view_staff']), { anyOf: ['view_calendar', 'edit_calendar'] })).toBe(false);
  });
  it('checks all-of', () => {
    expect(satisfies(staff(['a', 'b']), { allOf: ['a', 'b'] })).toBe(true);
    expect(satisfies(staff(['a']), { allOf: ['a', 'b'] })).toBe(false);
  });
  it('checks resource + action as action_resource', () => {
    expect(satisfies(staff(['edit_business_settings']), { resource: 'business_settings', action: 'edit' })).toBe(true);
    expect(satisfies(staff(['view_business_settings']), { resource: 'business_settings', action: 'edit' })).toBe(false);
  });
  it('never lets a client through a requirement', () => {
    expect(satisfies({ role: 'client', permissions: [] }, 'view_dashboard')).toBe(false);
  });
});

describe('catalogue', () => {
  it('holds every spec §6 permission once', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain('view_own_schedule');
    expect(ALL_PERMISSIONS.length).toBe(34);
  });
  it('holds the POS and products permissions under Retail', () => {
    const retail = PERMISSION_CATALOG.filter((p) => p.category === 'Retail').map((p) => p.name);
    expect(retail).toEqual([
      'view_pos',
      'use_pos',
      'refund_payments',
      'apply_large_discounts',
      'charge_fees',
      'edit_prices',
      'view_products',
      'edit_products',
      'manage_stock',
    ]);
  });
  it('describes requirements for error messages', () => {
    expect(describeRequirement({ anyOf: ['a', 'b'] })).toBe('any of a, b');
    expect(describeRequirement({ resource: 'x', action: 'edit' })).toBe('edit_x');
  });
  it("recognises 'basic' groups case-insensitively", () => {
    expect(isBasicGroupName('Basic Staff')).toBe(true);
    expect(isBasicGroupName('Front desk')).toBe(false);
  });
});
