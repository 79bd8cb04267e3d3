import { describe, expect, it } from 'vitest';
import {
  PERMISSION_CACHE_TTL_MS,
  bypassesPermissionCache,
  decidePermissionSource,
  normalizePermissionsAnswer,
  permissionFetchErrorMessage,
} from './permission-cache';

const data = { permissions: ['view_staff'], groups: [{ id: 'g-front', name: 'Front desk' }], directPermissions: [] };

describe('permission cache rule', () => {
  it('uses a fresh entry for five minutes', () => {
    const now = 1_000_000;
    expect(decidePermissionSource({ data, timestamp: now - 1000 }, [], now)).toEqual({ use: 'cache', data });
    expect(decidePermissionSource({ data, timestamp: now - PERMISSION_CACHE_TTL_MS + 1 }, [], now).use).toBe('cache');
    expect(decidePermissionSource({ data, timestamp: now - PERMISSION_CACHE_TTL_MS }, [], now)).toEqual({ use: 'network', clear: true });
    expect(decidePermissionSource(null, [], now)).toEqual({ use: 'network', clear: false });
  });

  it("always refetches for users in a group whose name contains 'basic'", () => {
    const now = 5000;
    expect(bypassesPermissionCache([{ name: 'Basic Staff' }])).toBe(true);
    expect(bypassesPermissionCache([{ name: 'extra BASIC' }])).toBe(true);
    expect(bypassesPermissionCache([{ name: 'Managers' }])).toBe(false);
    expect(decidePermissionSource({ data, timestamp: now }, [{ name: 'Basic Staff' }], now)).toEqual({ use: 'network', clear: true });
    const basicData = { ...data, groups: [{ id: 'g-basic', name: 'basic' }] };
    expect(decidePermissionSource({ data: basicData, timestamp: now }, [], now)).toEqual({ use: 'network', clear: true });
  });
});

describe('permission answers', () => {
  it('reads {data:{…}} and empties missing lists', () => {
    expect(normalizePermissionsAnswer({ data })).toEqual(data);
    expect(normalizePermissionsAnswer({})).toEqual({ permissions: [], groups: [], directPermissions: [] });
    expect(normalizePermissionsAnswer(null)).toEqual({ permissions: [], groups: [], directPermissions: [] });
  });
  it('words the failure as the spec does', () => {
    expect(permissionFetchErrorMessage('Internal Server Error')).toBe('Failed to fetch user permissions: Internal Server Error');
  });
});
