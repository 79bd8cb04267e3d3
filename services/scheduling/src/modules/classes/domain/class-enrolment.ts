// The roster rules of a class session, pure: who gets a seat, who waits, who is promoted when a
// seat frees. The use-case applies them under the session's row lock, so the roster it passes
// in is the committed truth and two enrolments cannot both take the last seat.
import { checkClassSeat, classSeatsLeft } from '../../availability/domain/class-capacity.js';

export const ENROLMENT_STATUSES = ['enrolled', 'waitlisted', 'cancelled', 'attended', 'no-show'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export type SessionStatus = 'scheduled' | 'cancelled';

export interface RosterEntry {
  id: string;
  clientId: string;
  status: EnrolmentStatus;
  /** Arrival order within the session; the waitlist is served in this order. */
  queueNo: number;
}

export interface SessionFacts {
  name: string;
  status: SessionStatus;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
}

/** Attended and no-show clients keep their seat: the place was theirs whether or not they came. */
export function holdsSeat(status: EnrolmentStatus): boolean {
  return status === 'enrolled' || status === 'attended' || status === 'no-show';
}

export function seatedCount(roster: readonly RosterEntry[]): number {
  return roster.filter((e) => holdsSeat(e.status)).length;
}

/** Waitlisted entries in the order they will be served. */
export function waitlistOf(roster: readonly RosterEntry[]): RosterEntry[] {
  return roster.filter((e) => e.status === 'waitlisted').sort((a, b) => a.queueNo - b.queueNo);
}

/** 1-based place in the waitlist, or null when the entry is not waiting. */
export function waitlistPosition(roster: readonly RosterEntry[], enrolmentId: string): number | null {
  const i = waitlistOf(roster).findIndex((e) => e.id === enrolmentId);
  return i < 0 ? null : i + 1;
}

export function nextQueueNo(roster: readonly RosterEntry[]): number {
  return roster.reduce((max, e) => Math.max(max, e.queueNo), 0) + 1;
}

export type EnrolDecision =
  { ok: true; status: 'enrolled' | 'waitlisted'; waitlistPosition: number | null } | { ok: false; message: string };

/**
 * A client asks for a place. Free seats go to newcomers only when nobody is waiting (the
 * waitlist is served first); a full class waitlists unless the caller refuses waitlisting.
 */
export function decideEnrolment(input: {
  session: SessionFacts;
  roster: readonly RosterEntry[];
  clientId: string;
  now: Date;
  waitlist?: boolean;
}): EnrolDecision {
  const { session, roster } = input;
  if (session.status === 'cancelled') return { ok: false, message: `${session.name} was cancelled` };
  if (input.now.getTime() >= session.endsAt.getTime()) return { ok: false, message: `${session.name} has already ended` };
  const existing = roster.find((e) => e.clientId === input.clientId && e.status !== 'cancelled');
  if (existing) {
    return {
      ok: false,
      message:
        existing.status === 'waitlisted'
          ? `This client is already on the waitlist for ${session.name}`
          : `This client is already enrolled in ${session.name}`,
    };
  }
  const waiting = waitlistOf(roster).length;
  if (waiting === 0 && classSeatsLeft(session.capacity, seatedCount(roster)) > 0)
    return { ok: true, status: 'enrolled', waitlistPosition: null };
  if (input.waitlist === false) {
    const seat = checkClassSeat({ capacity: session.capacity, enrolled: seatedCount(roster) + waiting, className: session.name });
    return { ok: false, message: seat.ok ? `${session.name} is full` : seat.reason };
  }
  return { ok: true, status: 'waitlisted', waitlistPosition: waiting + 1 };
}

/** Who moves from the waitlist into free seats, first come first served. */
export function promotions(capacity: number, roster: readonly RosterEntry[]): RosterEntry[] {
  return waitlistOf(roster).slice(0, classSeatsLeft(capacity, seatedCount(roster)));
}

export type Check = { ok: true } | { ok: false; message: string };

/** Capacity may grow freely (the waitlist is promoted) but never below the seats already taken. */
export function checkCapacityChange(capacity: number, roster: readonly RosterEntry[]): Check {
  const seated = seatedCount(roster);
  if (capacity >= seated) return { ok: true };
  return { ok: false, message: `${seated} clients have a seat: the capacity cannot be lower than ${seated}` };
}

export function checkSessionChange(session: SessionFacts, now: Date, moving: boolean): Check {
  if (session.status === 'cancelled') return { ok: false, message: `${session.name} was cancelled and cannot be changed` };
  if (moving && now.getTime() >= session.startsAt.getTime())
    return { ok: false, message: `${session.name} has already started and cannot be moved` };
  return { ok: true };
}

export function checkSessionCancel(session: SessionFacts, now: Date): Check {
  if (session.status === 'cancelled') return { ok: false, message: `${session.name} is already cancelled` };
  if (now.getTime() >= session.endsAt.getTime()) return { ok: false, message: `${session.name} has already taken place` };
  return { ok: true };
}

export function checkEnrolmentCancel(status: EnrolmentStatus): Check {
  if (status === 'cancelled') return { ok: false, message: 'This enrolment is already cancelled' };
  if (status === 'attended' || status === 'no-show') return { ok: false, message: 'Attendance is already recorded for this enrolment' };
  return { ok: true };
}

export type AttendanceMark = 'attended' | 'no-show' | 'enrolled';

/** Attendance is marked once the class has begun; 'enrolled' undoes a mark made by mistake. */
export function checkAttendance(input: { session: SessionFacts; status: EnrolmentStatus; to: AttendanceMark; now: Date }): Check {
  if (input.session.status === 'cancelled') return { ok: false, message: `${input.session.name} was cancelled` };
  if (input.now.getTime() < input.session.startsAt.getTime())
    return { ok: false, message: 'Attendance can be marked once the class has started' };
  if (!holdsSeat(input.status))
    return { ok: false, message: `A ${input.status} client cannot be marked ${input.to === 'enrolled' ? 'enrolled again' : input.to}` };
  return { ok: true };
}
