/**
 * The appointment lifecycle both the scheduling service (which enforces it) and the web client
 * (which offers only the allowed actions) follow: one table, so they cannot drift apart. Plain
 * data, no dependencies, so the web imports it without the event schemas.
 */
export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'checked-in', 'in-service', 'completed', 'cancelled', 'no-show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** booked → confirmed → checked-in → in-service → completed, plus cancelled and no-show. */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  booked: ['confirmed', 'checked-in', 'cancelled', 'no-show'],
  confirmed: ['booked', 'checked-in', 'cancelled', 'no-show'],
  'checked-in': ['confirmed', 'in-service', 'completed', 'cancelled'],
  'in-service': ['completed'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

export function isAppointmentStatus(s: string): s is AppointmentStatus {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(s);
}

/** Only booked and confirmed appointments may still be moved or resized. */
export function canReschedule(status: string): boolean {
  return status === 'booked' || status === 'confirmed';
}
