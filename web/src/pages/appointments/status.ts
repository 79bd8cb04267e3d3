/** Appointment statuses: labels, colours and the transitions the scheduling service allows. Pure. */
export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'checked-in', 'in-service', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

const NEXT: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  booked: ['confirmed', 'checked-in', 'cancelled', 'no-show'],
  confirmed: ['booked', 'checked-in', 'cancelled', 'no-show'],
  'checked-in': ['confirmed', 'in-service', 'completed', 'cancelled'],
  'in-service': ['completed'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

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

export function isStatus(s: string): s is AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(s);
}

export function allowedTransitions(from: string): readonly AppointmentStatus[] {
  return isStatus(from) ? NEXT[from] : [];
}

/** Only booked and confirmed appointments may be moved. */
export function canReschedule(status: string): boolean {
  return status === 'booked' || status === 'confirmed';
}

export function statusLabel(s: string): string {
  return isStatus(s) ? STATUS_LABEL[s] : s;
}

export function statusColor(s: string) {
  return isStatus(s) ? STATUS_COLOR[s] : STATUS_COLOR.booked;
}
