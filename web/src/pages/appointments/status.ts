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

export const STATUS_COLOR: Record<AppointmentStatus, { bg: string; border: string; text: string }> = {
  booked: { bg: '#dbeafe', border: '#3b82f6', text: '#1e3a8a' },
  confirmed: { bg: '#e0e7ff', border: '#6366f1', text: '#312e81' },
  'checked-in': { bg: '#fef3c7', border: '#f59e0b', text: '#78350f' },
  'in-service': { bg: '#fce7f3', border: '#ec4899', text: '#831843' },
  completed: { bg: '#dcfce7', border: '#22c55e', text: '#14532d' },
  cancelled: { bg: '#f3f4f6', border: '#9ca3af', text: '#6b7280' },
  'no-show': { bg: '#fee2e2', border: '#ef4444', text: '#7f1d1d' },
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
