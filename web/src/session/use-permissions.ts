import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { satisfies, type PermissionRequirement } from '@salon/contracts/permissions';
import { ApiError, api } from '../lib/api-client';
import {
  EMPTY_PERMISSIONS,
  PERMISSION_CACHE_TTL_MS,
  bypassesPermissionCache,
  decidePermissionSource,
  normalizePermissionsAnswer,
  permissionFetchErrorMessage,
  type PermissionCacheEntry,
} from './permission-cache';
import { useSession } from './session-context';
import { permissionCacheKey, storage } from './storage-keys';
import type { UserPermissions, User } from '@salon/contracts';

export async function loadPermissions(user: User, now = Date.now()): Promise<UserPermissions> {
  const key = permissionCacheKey(user.id);
  const decision = decidePermissionSource(storage.getJson<PermissionCacheEntry>(key), user.permissionGroups, now);
  if (decision.use === 'cache') return decision.data;
  if (decision.clear) storage.remove(key);
  let answer: unknown;
  try {
    answer = await api.get(`/api/users/${encodeURIComponent(user.id)}/permissions`);
  } catch (e) {
    const statusText = e instanceof ApiError ? e.statusText || e.message : e instanceof Error ? e.message : String(e);
    throw new Error(permissionFetchErrorMessage(statusText), { cause: e });
  }
  const data = normalizePermissionsAnswer(answer);
  if (!bypassesPermissionCache(user.permissionGroups) && !bypassesPermissionCache(data.groups)) {
    storage.setJson(key, { data, timestamp: Date.now() } satisfies PermissionCacheEntry);
  }
  return data;
}

export interface PermissionsState extends UserPermissions {
  isLoading: boolean;
  error: Error | null;
  can(requirement?: PermissionRequirement | null): boolean;
}

/** The signed-in user's permissions (spec §4): 5-minute cache per user, emptied on failure. */
export function usePermissions(): PermissionsState {
  const { user, status } = useSession();
  const enabled = status === 'authenticated' && !!user && user.role !== 'client';
  const bypass = bypassesPermissionCache(user?.permissionGroups);
  const query = useQuery({
    queryKey: ['/api/users', user?.id ?? null, 'permissions'],
    queryFn: () => loadPermissions(user as User),
    enabled,
    staleTime: bypass ? 0 : PERMISSION_CACHE_TTL_MS,
  });
  const data = query.isError || !query.data ? EMPTY_PERMISSIONS : query.data;
  const role = user?.role ?? 'client';
  const permissions = data.permissions;
  const can = useCallback((req?: PermissionRequirement | null) => satisfies({ role, permissions }, req), [role, permissions]);
  return {
    ...data,
    isLoading: enabled && query.isPending,
    error: (query.error as Error | null) ?? null,
    can,
  };
}
