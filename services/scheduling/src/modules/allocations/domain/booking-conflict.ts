import type { AlternativeSlot, TakenTime } from '@salon/contracts';
import { ConflictError } from '@salon/nest-kit';
import { DateTime } from 'luxon';

/** What the database refused: the resource whose hold collided with a committed booking or class. */
export interface TakenResource {
  kind: 'staff' | 'room' | 'device';
  id: string;
  name: string;
  at: Date;
}

/** "Dana Lee is already booked at 2:00 PM" / "Room 2 is taken at 2:00 PM", in the location's zone. */
export function takenMessage(t: TakenResource, timeZone: string): string {
  const time = DateTime.fromJSDate(t.at, { zone: timeZone }).toFormat('h:mm a');
  return t.kind === 'staff' ? `${t.name} is already booked at ${time}` : `${t.name} is taken at ${time}`;
}

/** A hold the database refused (the `no_double_booking` constraint): the transaction must roll back. */
export class Taken extends Error {
  constructor(readonly resource: TakenResource) {
    super('taken');
  }
}

/** Lost to a concurrent booking: a hold refused by the constraint, or a deadlock between two writers. */
export function isBookingRace(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return error instanceof Taken || code === '23P01' || code === '40P01';
}

/** The taken time of a refused hold, naming the resource. */
export function takenTime(t: TakenResource, timeZone: string): TakenTime {
  return { startsAt: t.at.toISOString(), reason: takenMessage(t, timeZone), kind: t.kind, id: t.id, name: t.name };
}

/** An asked-for time the engine (or a race without a named resource) refused, with why. */
export function refusedTime(start: Date | string, reason: string): TakenTime {
  return { startsAt: typeof start === 'string' ? start : start.toISOString(), reason };
}

/**
 * THE scheduling conflict: a booking, a move, a series or a class time that is not free. One body
 * everywhere, `{error, taken, alternatives}` (nest-kit's ConflictError carries the parts; the
 * exception filter only translates them to REST or GraphQL).
 */
export class BookingConflictError extends ConflictError {
  constructor(
    message: string,
    readonly taken: TakenTime[] = [],
    readonly alternatives: AlternativeSlot[] = [],
  ) {
    super(message, undefined, null, { taken, alternatives });
  }

  /** The engine refused the time asked for: its first reason, the time, and the nearest free times. */
  static refused(
    start: Date,
    reasons: readonly string[],
    alternatives: AlternativeSlot[],
    fallback = 'That time is not available',
  ): BookingConflictError {
    const reason = reasons[0] ?? fallback;
    return new BookingConflictError(reason, [refusedTime(start, reason)], alternatives);
  }
}
