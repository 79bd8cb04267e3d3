import type { AuthContext } from '@salon/nest-kit';
import { z } from 'zod';
import { ROLES } from '@salon/contracts';
import { passwordProblem } from './password-policy.js';

export interface UserView {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  role: (typeof ROLES)[number];
  profilePicture: string | null;
  isActive: boolean;
  permissionGroups: { id: string; name: string }[];
}

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || 'Unknown User';
}

/** A username derived from the e-mail's local part; `taken` decides when a suffix is needed. */
export function usernameFromEmail(email: string, taken: (candidate: string) => boolean): string {
  const base = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'user';
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}${n}`)) return `${base}${n}`;
}

/** Spec: a user may read another user's record or permissions only as admin. */
export function mayReadUser(auth: AuthContext, userId: string): boolean {
  return auth.role === 'admin' || auth.userId === userId;
}

const name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');
/** GraphQL clients send null for a field left empty: for a name that means "not given". */
const optionalName = name.nullish().transform((value) => value ?? undefined);
const email = z.string().trim().toLowerCase().pipe(z.email('must be a valid e-mail address')).pipe(z.string().max(254));
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number such as +1 555 010 2000')
  .nullable();
const picture = z
  .string()
  .max(400_000, 'must be an image under 300 KB')
  .regex(/^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,)/, 'must be an https URL or an image data URL')
  .nullable();

/** Every password set through a form (create user, accept invitation) meets the same policy as a reset. */
export const passwordSchema = z.string('must be a string').superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const createUserSchema = z.strictObject({
  email,
  firstName: name,
  lastName: name,
  role: z.enum(ROLES, 'must be admin, staff or client'),
  phone: phone.optional(),
  password: passwordSchema,
  username: z.string().trim().regex(/^[A-Za-z0-9._-]{3,40}$/, 'must be 3–40 letters, digits, dots, dashes or underscores').optional(),
});

export const updateUserSchema = z.strictObject({
  email: email.optional(),
  firstName: optionalName,
  lastName: optionalName,
  phone: phone.optional(),
  role: z.enum(ROLES, 'must be admin, staff or client').optional(),
  profilePicture: picture.optional(),
});

export const inviteStaffSchema = z.strictObject({
  email,
  firstName: optionalName,
  lastName: optionalName,
  groupIds: z.array(z.uuid('must be group ids')).max(20).optional(),
});

export const acceptInvitationSchema = z.strictObject({
  token: z.string().min(20, 'is not a valid invitation token'),
  password: passwordSchema,
  firstName: optionalName,
  lastName: optionalName,
});
