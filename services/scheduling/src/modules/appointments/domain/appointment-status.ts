import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS as NEXT, canReschedule, type AppointmentStatus } from '@salon/contracts';

/** The appointment lifecycle (the table lives in contracts, shared with the web client). */
export { APPOINTMENT_STATUSES, canReschedule, type AppointmentStatus };

/** Statuses that still hold their staff, room and device (allocations active). */
export function holdsResources(status: AppointmentStatus): boolean {
  return status !== 'cancelled' && status !== 'no-show';
}

export function allowedTransitions(from: AppointmentStatus): readonly AppointmentStatus[] {
  return NEXT[from];
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

export function checkTransition(from: AppointmentStatus, to: AppointmentStatus): TransitionCheck {
  if (from === to) return { ok: false, message: `The appointment is already ${label(to)}` };
  if (NEXT[from].includes(to)) return { ok: true };
  const options = NEXT[from].map(label);
  return {
    ok: false,
    message: `A ${label(from)} appointment cannot become ${label(to)}${options.length ? ` (it can become ${options.join(', ')})` : ''}`,
  };
}

/** Cancelling within `lateCancelHours` of the start (or after it) is a late cancellation. */
export function isLateCancel(startsAt: Date, cancelledAt: Date, lateCancelHours: number): boolean {
  return startsAt.getTime() - cancelledAt.getTime() < lateCancelHours * 3_600_000;
}

export function label(status: AppointmentStatus): string {
  return status.replace('-', ' ');
}
