import { z } from 'zod';

/** True for an IANA zone the runtime knows (Intl carries the tz database). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().trim().refine(isValidTimeZone, 'must be an IANA time zone such as America/Chicago');

export const locationInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').optional(),
  timeZone: timeZoneSchema.optional(),
  address: z.string().trim().max(300, 'must be at most 300 characters').nullable().optional(),
  phone: z.string().trim().regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number such as +1 555 010 2000').nullable().optional(),
  isActive: z.boolean('must be true or false').optional(),
});

export type LocationInput = z.infer<typeof locationInputSchema>;

/** Why a change to a location's active/default state is refused, or null if it is allowed. */
export function locationStateProblem(location: { isDefault: boolean }, change: { isActive?: boolean }): string | null {
  if (change.isActive === false && location.isDefault) {
    return 'the default location cannot be deactivated; make another location the default first';
  }
  return null;
}

export function defaultLocationProblem(location: { isActive: boolean }): string | null {
  return location.isActive ? null : 'an inactive location cannot be the default; activate it first';
}
