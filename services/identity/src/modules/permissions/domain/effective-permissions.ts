import { ALL_PERMISSIONS, isPermissionName, textProblem, type Role } from '@salon/contracts';
import { ValidationFailedError } from '@salon/nest-kit';

/** Groups' permissions and direct ones together, sorted; an admin holds the whole catalogue. */
export function effectivePermissions(role: Role, groupPermissions: readonly (readonly string[])[], direct: readonly string[]): string[] {
  if (role === 'admin') return [...ALL_PERMISSIONS];
  if (role === 'client') return [];
  return [...new Set([...groupPermissions.flat(), ...direct])].filter(isPermissionName).sort();
}

/** Permission names from an admin's input: known names only, deduplicated. */
export function validPermissionList(field: string, permissions: readonly string[]): string[] {
  const unknown = permissions.filter((p) => !isPermissionName(p));
  if (unknown.length) throw ValidationFailedError.field(field, `unknown permission(s): ${unknown.join(', ')}`);
  return [...new Set(permissions)].sort();
}

export function validGroupName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw ValidationFailedError.field('name', 'must not be empty');
  if (trimmed.length > 60) throw ValidationFailedError.field('name', 'must be at most 60 characters');
  // Renaming reaches here without the contract's schema: the same text rule (no NUL, no control characters).
  const problem = textProblem(trimmed);
  if (problem) throw ValidationFailedError.field('name', problem);
  return trimmed;
}
