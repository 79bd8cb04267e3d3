import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@salon/contracts';
import { effectivePermissions, validGroupName, validPermissionList } from './effective-permissions.js';

describe('effectivePermissions', () => {
  it('unions groups and direct permissions without duplicates', () => {
    expect(effectivePermissions('staff', [['view_staff', 'view_clients'], ['view_staff']], ['view_phone'])).toEqual([
      'view_clients',
      'view_phone',
      'view_staff',
    ]);
  });
  it('gives admin the whole catalogue', () => {
    expect(effectivePermissions('admin', [], [])).toEqual([...ALL_PERMISSIONS]);
  });
  it('gives clients nothing', () => {
    expect(effectivePermissions('client', [['view_staff']], ['view_clients'])).toEqual([]);
  });
  it('drops names that are no longer in the catalogue', () => {
    expect(effectivePermissions('staff', [['retired_permission']], [])).toEqual([]);
  });
});

describe('input rules', () => {
  it('refuses unknown permission names, naming them', () => {
    expect(() => validPermissionList('permissions', ['view_staff', 'fly'])).toThrow('permissions: unknown permission(s): fly');
  });
  it('trims group names and refuses empty ones', () => {
    expect(validGroupName('  Front Desk ')).toBe('Front Desk');
    expect(() => validGroupName('  ')).toThrow('name: must not be empty');
    expect(() => validGroupName('Front\u0000Desk')).toThrow('name: must not contain control characters');
  });
});
