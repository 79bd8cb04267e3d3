import { satisfies, type PermissionSubject } from '@salon/contracts';
import { ForbiddenError } from '@salon/nest-kit';

/** Anyone holding one of these sees everyone's schedule; view_own_schedule alone sees one's own. */
export const SEE_ALL_SCHEDULES = { anyOf: ['view_schedules', 'view_calendar', 'edit_calendar'] } as const;
export const SEE_A_SCHEDULE = { anyOf: [...SEE_ALL_SCHEDULES.anyOf, 'view_own_schedule'] } as const;

/**
 * Whose schedule a caller may read: the staff asked for (or everyone) with a see-all permission;
 * otherwise only their own, and asking for someone else is refused rather than quietly narrowed.
 */
export function scheduleScope(subject: PermissionSubject & { userId: string }, requestedStaffId: string | undefined): string[] | undefined {
  if (satisfies(subject, SEE_ALL_SCHEDULES)) return requestedStaffId ? [requestedStaffId] : undefined;
  if (requestedStaffId && requestedStaffId !== subject.userId) {
    throw new ForbiddenError('Forbidden: view_own_schedule shows only your own schedule');
  }
  return [subject.userId];
}
