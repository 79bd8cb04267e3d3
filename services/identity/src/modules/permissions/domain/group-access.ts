import type { Role } from '@salon/contracts';

/**
 * Who may read a permission group: an admin any; anyone else only a group they are in, which is
 * what GET /api/users/{their id}/permissions already shows them. The member list is the admin's
 * permissions page alone.
 */
export function mayReadGroup(caller: { role: Role }, groupId: string, callerGroupIds: readonly string[]): boolean {
  return caller.role === 'admin' || callerGroupIds.includes(groupId);
}

export function mayListGroupMembers(caller: { role: Role }): boolean {
  return caller.role === 'admin';
}
