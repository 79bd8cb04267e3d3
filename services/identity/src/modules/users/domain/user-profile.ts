import type { AuthContext } from '@salon/nest-kit';
import { z } from 'zod';
import {
  acceptInvitationInputSchema,
  createUserInputSchema,
  inviteStaffInputSchema,
  satisfies,
  staffBioInputSchema,
  staffPhotoInputSchema,
  updateUserInputSchema,
  type PermissionSubject,
  type Role,
} from '@salon/contracts';
import { passwordProblem } from './password-policy.js';

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || 'Unknown User';
}

/** A username derived from the e-mail's local part; `taken` decides when a suffix is needed. */
export function usernameFromEmail(email: string, taken: (candidate: string) => boolean): string {
  const base =
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') || 'user';
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}${n}`)) return `${base}${n}`;
}

/** Spec: a user may read another user's record or permissions only as admin. */
export function mayReadUser(auth: AuthContext, userId: string): boolean {
  return auth.role === 'admin' || auth.userId === userId;
}

/**
 * A bio is written by whoever may change the user (an admin, as updateUser) or by the person
 * themselves: it is their own introduction to clients. There is no edit_staff permission (spec §6).
 */
export function mayWriteBio(auth: AuthContext, userId: string): boolean {
  return auth.role === 'admin' || auth.userId === userId;
}

/** Only the people clients book (staff and admins) have a bio: a client account's would show nowhere. */
export function hasBio(role: Role): boolean {
  return role !== 'client';
}

/**
 * Who appears on the staff list (`users`), and so whose group names the list may show: the
 * caller, anyone for an admin, staff and admins for whoever holds view_staff. Client accounts and
 * what REST serves on its own routes (permissions, colour preferences) stay with mayReadUser.
 */
export function mayListUser(caller: PermissionSubject & { userId: string }, target: { id: string; role: Role }): boolean {
  if (caller.role === 'admin' || caller.userId === target.id) return true;
  return target.role !== 'client' && satisfies(caller, 'view_staff');
}

/**
 * Every password set through a form (create user, accept invitation) meets the same policy as a reset:
 * the contract's inputs (@salon/contracts identity/users) with identity's password policy on top.
 */
export const passwordSchema = z.string('must be a string').superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const createUserSchema = createUserInputSchema.extend({ password: passwordSchema });

export const updateUserSchema = updateUserInputSchema;

export const staffBioSchema = staffBioInputSchema;

export const staffPhotoSchema = staffPhotoInputSchema;

export const inviteStaffSchema = inviteStaffInputSchema;

export const acceptInvitationSchema = acceptInvitationInputSchema.extend({ password: passwordSchema });
