import { APPOINTMENT_ACTIONS, satisfies, type PermissionSubject } from '@salon/contracts';
import { ForbiddenError } from '@salon/nest-kit';

/** Anyone holding one of these sees everyone's calendar; view_own_schedule alone sees one's own column. */
export const SEE_ALL_CALENDARS = APPOINTMENT_ACTIONS.seeAll;
export const SEE_A_CALENDAR = { anyOf: [...SEE_ALL_CALENDARS.anyOf, 'view_own_schedule'] } as const;

/**
 * Whose appointments (and unavailable times) a caller may read: the staff asked for, or everyone
 * (undefined), with a see-all permission; otherwise only their own. Asking for someone else is
 * refused rather than quietly narrowed, so a caller never mistakes a filtered answer for the whole.
 */
export function calendarScope(
  subject: PermissionSubject & { userId: string },
  requestedStaffIds: readonly string[] | undefined,
): string[] | undefined {
  const requested = requestedStaffIds?.length ? [...new Set(requestedStaffIds)] : undefined;
  if (satisfies(subject, SEE_ALL_CALENDARS)) return requested;
  if (!satisfies(subject, 'view_own_schedule')) throw new ForbiddenError('Forbidden: requires view_calendar or view_appointments');
  if (requested?.some((id) => id !== subject.userId))
    throw new ForbiddenError('Forbidden: view_own_schedule shows only your own appointments');
  return [subject.userId];
}

/** One appointment: see-all holders read any; view_own_schedule only those they perform. */
export function canSeeAppointment(subject: PermissionSubject & { userId: string }, staffIds: readonly string[]): boolean {
  return satisfies(subject, SEE_ALL_CALENDARS) || (satisfies(subject, 'view_own_schedule') && staffIds.includes(subject.userId));
}
