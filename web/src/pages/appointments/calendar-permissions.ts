/** What the signed-in user may do on the calendar: the very requirements scheduling's resolvers enforce. Pure. */
import { APPOINTMENT_ACTIONS, satisfies, type PermissionRequirement, type PermissionSubject } from '@salon/contracts/permissions';

export interface CalendarAbilities {
  /** Book from a cell or the Book button, rebook, add to the waitlist. */
  book: boolean;
  /** Move, resize, edit, change status, cancel. */
  change: boolean;
  /** Charge a no-show or late-cancel fee to the card on file (retail's `charge_fees`). */
  chargeFees?: boolean;
}

export function calendarAbilities(can: (r: PermissionRequirement) => boolean): CalendarAbilities {
  return { book: can(APPOINTMENT_ACTIONS.book), change: can(APPOINTMENT_ACTIONS.change), chargeFees: can('charge_fees') };
}

/** The same, for a subject (tests and callers without the hook). */
export const abilitiesOf = (subject: PermissionSubject) => calendarAbilities((r) => satisfies(subject, r));

/** The words of a refusal for each action (lib/permission-refusal). */
export const ACTION_WORDS = { book: 'book appointments', change: 'change appointments', see: 'see this appointment' } as const;
