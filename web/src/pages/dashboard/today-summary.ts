import type { AppointmentStatus } from '@salon/contracts/appointment-lifecycle';

export interface DayAppointment {
  id: string;
  status: string;
  startsAt: string;
  clientName: string | null;
}

export interface TodaySummary {
  /** Everything still on the books today: not cancelled, not a no-show. */
  booked: number;
  /** Arrived: checked in, in service or done. */
  arrived: number;
  completed: number;
  /** Booked or confirmed and not yet arrived, from now on. */
  stillToCome: number;
  /** The next client expected (booked or confirmed, starting now or later). */
  next: DayAppointment | null;
}

const OFF_THE_BOOKS: ReadonlySet<string> = new Set<AppointmentStatus>(['cancelled', 'no-show']);
const ARRIVED: ReadonlySet<string> = new Set<AppointmentStatus>(['checked-in', 'in-service', 'completed']);
const EXPECTED: ReadonlySet<string> = new Set<AppointmentStatus>(['booked', 'confirmed']);

/** The dashboard's "Appointments today" card from the day's appointments at the location. */
export function todaySummary(appointments: readonly DayAppointment[], now: Date): TodaySummary {
  const onBooks = appointments.filter((a) => !OFF_THE_BOOKS.has(a.status));
  const upcoming = onBooks
    .filter((a) => EXPECTED.has(a.status) && Date.parse(a.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return {
    booked: onBooks.length,
    arrived: onBooks.filter((a) => ARRIVED.has(a.status)).length,
    completed: onBooks.filter((a) => a.status === 'completed').length,
    stillToCome: upcoming.length,
    next: upcoming[0] ?? null,
  };
}
