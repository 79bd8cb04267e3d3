/**
 * Identity's users (spec §3 User): what GET /api/users/{id}, /api/auth/verify and /api/auth/login
 * answer, and the inputs of creating, changing and inviting users. Types are inferred from the schemas.
 */
import { z } from 'zod';
import { ROLES } from '../permissions.js';
import { phoneSchema } from '../rules/phone-schema.js';
import { CONTROL_CHARACTERS_PROBLEM, lineSchema, optionalTextSchema, TEXT_LIMITS, textProblem } from '../rules/text.js';

export const roleSchema = z.enum(ROLES, 'must be admin, staff or client');

/** A permission group as a user's answer names it. */
export const groupRefSchema = z.object({ id: z.string(), name: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** E.164 for numbers saved since phones are normalised; older rows as typed. */
  phone: z.string().nullable(),
  role: roleSchema,
  profilePicture: z.string().nullable(),
  /**
   * A few sentences a staff member shows clients on the booking page; null when not written.
   * Identity always answers it; a session stored by the browser before it existed lacks it.
   */
  bio: z.string().nullish(),
  isActive: z.boolean(),
  permissionGroups: z.array(groupRefSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/verify. */
export const verifyAnswerSchema = z.object({ valid: z.literal(true), user: userSchema });
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

/** POST /api/auth/login and accepting an invitation: a token and who it is for. */
export const sessionAnswerSchema = z.object({ token: z.string(), user: userSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

const name = lineSchema(80, { min: 1 });
/** GraphQL clients send null for a field left empty: for a name that means "not given". */
const optionalName = name.nullish().transform((value) => value ?? undefined);
const email = z.string().trim().max(254, 'must be at most 254 characters').toLowerCase().pipe(z.email('must be a valid e-mail address'));

/** A picture or logo: an https URL or an image data URL under 300 KB. */
export const imageUrlSchema = z
  .string()
  .max(400_000, 'must be an image under 300 KB')
  .regex(/^(https:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,)/, 'must be an https URL or an image data URL')
  .refine((s) => textProblem(s) === null, CONTROL_CHARACTERS_PROBLEM);

/** The password is checked against identity's password policy by the service (it extends this field). */
export const createUserInputSchema = z.strictObject({
  email,
  firstName: name,
  lastName: name,
  role: roleSchema,
  phone: phoneSchema().nullable().optional(),
  /** Identity holds it to its password policy (at most 128 characters); the bound here keeps a huge body from reaching it. */
  password: z.string('must be a string').max(1024, 'must be at most 1024 characters'),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, 'must be 3–40 letters, digits, dots, dashes or underscores')
    .optional(),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const updateUserInputSchema = z.strictObject({
  email: email.optional(),
  firstName: optionalName,
  lastName: optionalName,
  phone: phoneSchema().nullable().optional(),
  role: roleSchema.optional(),
  profilePicture: imageUrlSchema.nullable().optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

export const inviteStaffInputSchema = z.strictObject({
  email,
  firstName: optionalName,
  lastName: optionalName,
  groupIds: z.array(z.uuid('must be group ids')).max(20).optional(),
});
export type InviteStaffInput = z.input<typeof inviteStaffInputSchema>;

export const acceptInvitationInputSchema = z.strictObject({
  token: z.string().min(20, 'is not a valid invitation token').max(500, 'is not a valid invitation token'),
  password: z.string('must be a string').max(1024, 'must be at most 1024 characters'),
  firstName: optionalName,
  lastName: optionalName,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInputSchema>;

/**
 * A staff member's bio (shown on online booking): written by an admin or by the person themselves.
 * Blank clears it.
 */
export const staffBioInputSchema = z.strictObject({
  bio: optionalTextSchema(TEXT_LIMITS.bio).transform((value) => value ?? null),
});
export type StaffBioInput = z.input<typeof staffBioInputSchema>;

/** The largest photo a person may set on their profile (the page shrinks it to 320 px before sending). */
export const STAFF_PHOTO_MAX_CHARS = 200_000;

/**
 * A staff member's photo (shown on the staff list and on online booking), set by an admin or the
 * person themselves: a JPEG, PNG or WebP data URL (no SVG, which can carry script), or null to remove it.
 */
export const staffPhotoInputSchema = z.strictObject({
  photo: z
    .string('must be a string')
    .max(STAFF_PHOTO_MAX_CHARS, 'must be an image under 150 KB (choose a smaller picture)')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, 'must be a JPEG, PNG or WebP picture')
    .nullable(),
});
export type StaffPhotoInput = z.input<typeof staffPhotoInputSchema>;
