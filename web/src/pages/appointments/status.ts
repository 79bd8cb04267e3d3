/** Appointment statuses: labels, colours and the transitions the scheduling service allows. Pure. */
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TRANSITIONS as NEXT,
  canReschedule,
  isAppointmentStatus as isStatus,
  type AppointmentStatus,
} from '@salon/contracts/appointment-lifecycle';

export { APPOINTMENT_STATUSES, canReschedule, isStatus, type AppointmentStatus };

export const STATUS_LABEL: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  'checked-in': 'Checked in',
  'in-service': 'In service',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

/** The menu wording of moving to a status. */
export const ACTION_LABEL: Record<AppointmentStatus, string> = {
  booked: 'Back to booked',
  confirmed: 'Confirm',
  'checked-in': 'Check in',
  'in-service': 'Start service',
  completed: 'Complete',
  cancelled: 'Cancel…',
  'no-show': 'No-show',
};

/**
 * Block colours for both themes at once: CSS `light-dark()` picks by the page's color-scheme
 * (applyTheme sets it), so a block follows the theme without re-rendering. Dark mode uses a
 * deep tint of the hue under light text: pastel fills on near-black glare.
 */
export const themed = (light: string, dark: string) => `light-dark(${light}, ${dark})`;

export const STATUS_COLOR: Record<AppointmentStatus, { bg: string; border: string; text: string }> = {
  booked: { bg: themed('#dbeafe', '#212d4a'), border: '#3b82f6', text: themed('#1e3a8a', '#dbeafe') },
  confirmed: { bg: themed('#e0e7ff', '#262849'), border: '#6366f1', text: themed('#312e81', '#e0e7ff') },
  'checked-in': { bg: themed('#fef3c7', '#433225'), border: '#f59e0b', text: themed('#78350f', '#fef3c7') },
  'in-service': { bg: themed('#fce7f3', '#402639'), border: '#ec4899', text: themed('#831843', '#fce7f3') },
  completed: { bg: themed('#dcfce7', '#21392f'), border: '#22c55e', text: themed('#14532d', '#dcfce7') },
  cancelled: { bg: themed('#f3f4f6', '#2f333d'), border: '#9ca3af', text: themed('#4b5563', '#d1d5db') },
  'no-show': { bg: themed('#fee2e2', '#432529'), border: '#ef4444', text: themed('#7f1d1d', '#fee2e2') },
};

export function allowedTransitions(from: string): readonly AppointmentStatus[] {
  return isStatus(from) ? NEXT[from] : [];
}

export function statusLabel(s: string): string {
  return isStatus(s) ? STATUS_LABEL[s] : s;
}

export function statusColor(s: string) {
  return isStatus(s) ? STATUS_COLOR[s] : STATUS_COLOR.booked;
}
