import { isBasicGroupName } from '@salon/contracts/permissions';
import type { GroupRef, UserPermissions } from '@salon/contracts';

/** Spec §4/§9: permissions are cached five minutes per user. */
export const PERMISSION_CACHE_TTL_MS = 5 * 60 * 1000;

export interface PermissionCacheEntry {
  data: UserPermissions;
  timestamp: number;
}

export const EMPTY_PERMISSIONS: UserPermissions = Object.freeze({ permissions: [], groups: [], directPermissions: [] }) as UserPermissions;

/** A user in any group whose name contains 'basic' never uses the cache. */
export function bypassesPermissionCache(groups: readonly Pick<GroupRef, 'name'>[] | undefined | null): boolean {
  return (groups ?? []).some((g) => isBasicGroupName(g.name));
}

export function isCacheEntryFresh(entry: PermissionCacheEntry | null | undefined, now: number): entry is PermissionCacheEntry {
  if (!entry || typeof entry.timestamp !== 'number' || !entry.data) return false;
  const age = now - entry.timestamp;
  return age >= 0 && age < PERMISSION_CACHE_TTL_MS;
}

export type CacheDecision = { use: 'cache'; data: UserPermissions } | { use: 'network'; clear: boolean };

/** Decide between the cached entry and a fetch (clear = drop the stored entry first). */
export function decidePermissionSource(
  entry: PermissionCacheEntry | null | undefined,
  groups: readonly Pick<GroupRef, 'name'>[] | undefined | null,
  now: number,
): CacheDecision {
  if (bypassesPermissionCache(groups) || bypassesPermissionCache(entry?.data?.groups)) return { use: 'network', clear: true };
  if (isCacheEntryFresh(entry, now)) return { use: 'cache', data: entry.data };
  return { use: 'network', clear: !!entry };
}

/** The API answer `{data:{permissions, groups, directPermissions}}`, tolerant of missing fields. */
export function normalizePermissionsAnswer(answer: unknown): UserPermissions {
  const data = (answer && typeof answer === 'object' && 'data' in answer ? (answer as { data: unknown }).data : answer) as
    Partial<UserPermissions> | null | undefined;
  return {
    permissions: Array.isArray(data?.permissions) ? data.permissions.filter((p): p is string => typeof p === 'string') : [],
    groups: Array.isArray(data?.groups) ? data.groups.filter((g) => g && typeof g.name === 'string') : [],
    directPermissions: Array.isArray(data?.directPermissions)
      ? data.directPermissions.filter((p): p is string => typeof p === 'string')
      : [],
  };
}

export function permissionFetchErrorMessage(statusText: string): string {
  return `Failed to fetch user permissions: ${statusText}`;
}
