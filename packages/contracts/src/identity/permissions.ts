/** Identity's permission answers (spec §3 permissions result) and permission groups. */
import { z } from 'zod';
import { lineSchema, textSchema } from '../rules/text.js';
import { groupRefSchema } from './users.js';

/** A user's effective permissions, their groups and their direct grants. */
export const userPermissionsSchema = z.object({
  permissions: z.array(z.string()),
  groups: z.array(groupRefSchema),
  directPermissions: z.array(z.string()),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

/** GET /api/users/{id}/permissions wraps the result in `data` (spec §7). */
export const userPermissionsAnswerSchema = z.object({ data: userPermissionsSchema });
export type UserPermissionsAnswer = z.infer<typeof userPermissionsAnswerSchema>;

export const permissionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export const createPermissionGroupInputSchema = z.strictObject({
  /** Identity also checks it when renaming, without this schema (validGroupName). */
  name: lineSchema(60),
  description: textSchema(300).nullable().optional(),
  permissions: z.array(z.string().max(100, 'must be at most 100 characters')).max(200, 'must have at most 200 items').optional(),
});
export type CreatePermissionGroupInput = z.input<typeof createPermissionGroupInputSchema>;
