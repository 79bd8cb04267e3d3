/** What the signed-in user may do on the calendar: the very requirements scheduling's resolvers enforce. Pure. */
import {
  APPOINTMENT_ACTIONS,
  PERMISSIONS,
  satisfies,
  type PermissionRequirement,
  type PermissionSubject,
} from '@salon/contracts/permissions';

export interface CalendarAbilities {
  /** Book from a cell or the Book button, rebook, add to the waitlist. */
  book: boolean;
  /** Move, resize, edit, change status, cancel. */
  change: boolean;
  /** Check an appointment out at the point of sale (retail's openTicket needs use_pos). */
  checkout: boolean;
  /** Charge a no-show or late-cancel fee to the card on file (retail's `charge_fees`). */
  chargeFees?: boolean;
}

export function calendarAbilities(can: (r: PermissionRequirement) => boolean): CalendarAbilities {
  return {
    book: can(APPOINTMENT_ACTIONS.book),
    change: can(APPOINTMENT_ACTIONS.change),
    checkout: can(PERMISSIONS.USE_POS),
    chargeFees: can('charge_fees'),
  };
}

/** Nothing until the permissions are known: nothing that might be refused is offered. */
export const NO_ABILITIES: CalendarAbilities = { book: false, change: false, checkout: false };

/** Whether the calendar offers Checkout on an appointment: not paid yet, and not cancelled or a no-show (retail refuses those). */
export function checkoutReady(a: { status: string; paidAt?: string | null }): boolean {
  return !a.paidAt && a.status !== 'cancelled' && a.status !== 'no-show';
}

/** Where Checkout goes: /pos opens the appointment's open ticket, or a new one from it. */
export const checkoutPath = (appointmentId: string) => `/pos?${new URLSearchParams({ appointment: appointmentId }).toString()}`;

/** The same, for a subject (tests and callers without the hook). */
export const abilitiesOf = (subject: PermissionSubject) => calendarAbilities((r) => satisfies(subject, r));

/** The words of a refusal for each action (lib/permission-refusal). */
export const ACTION_WORDS = { book: 'book appointments', change: 'change appointments', see: 'see this appointment' } as const;
