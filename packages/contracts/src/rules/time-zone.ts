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

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64, 'must be at most 64 characters')
  .refine(isValidTimeZone, 'must be an IANA time zone such as America/Chicago');
