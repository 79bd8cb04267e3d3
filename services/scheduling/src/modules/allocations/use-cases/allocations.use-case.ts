import { Injectable } from '@nestjs/common';
import type { AlternativeSlot } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import type { BookingCheck, Slot } from '../../availability/domain/availability-types.js';
import type { Calendars } from '../../availability/use-cases/availability.use-case.js';
import { BookingConflictError, isBookingRace, refusedTime, Taken, takenTime } from '../domain/booking-conflict.js';
import { classHolds, slotHolds, type HoldNeed, type HoldOwner, type HoldRow } from '../domain/hold-plan.js';
import { AllocationRepository } from '../persistence/allocation.repository.js';

/**
 * The one writer of holds. Appointments, visits, series, waitlist offers, online booking and
 * classes all take, move and free their staff, room and device holds here, and a hold the
 * database refuses becomes the one scheduling conflict (BookingConflictError) here.
 */
@Injectable()
export class AllocationsUseCase {
  constructor(private readonly allocations: AllocationRepository) {}

  /** Takes every need in order; the first free candidate of each. Nothing free → Taken (the caller's transaction rolls back). */
  async take(m: EntityManager, owner: HoldOwner, needs: HoldNeed[]): Promise<HoldRow[]> {
    const held: HoldRow[] = [];
    for (const need of needs) {
      let taken: HoldRow | undefined;
      for (const c of need.candidates) {
        if (await this.allocations.tryInsert(m, owner, c)) {
          taken = c;
          break;
        }
      }
      if (!taken) throw new Taken(need.refusal);
      held.push(taken);
    }
    return held;
  }

  /** The holds of a booked (or moved) appointment's slot; answers the rows it took. */
  holdSlot(m: EntityManager, appointmentId: string, slot: Slot, cal: Pick<Calendars, 'staff' | 'resources'>): Promise<HoldRow[]> {
    return this.take(m, { appointmentId }, slotHolds(slot, cal.staff, cal.resources));
  }

  /** The holds of a class session: its instructor and every place of its room. */
  async holdClass(m: EntityManager, classSessionId: string, c: Parameters<typeof classHolds>[0]): Promise<void> {
    await this.take(m, { classSessionId }, classHolds(c));
  }

  release(m: EntityManager, owner: HoldOwner): Promise<void> {
    return this.allocations.release(m, owner);
  }

  deactivate(m: EntityManager, owner: HoldOwner): Promise<void> {
    return this.allocations.deactivate(m, owner);
  }

  /**
   * A lost race (a refused hold, or a deadlock between two writers) → the conflict naming what was
   * taken, with fresh alternatives from `recheck`; any other error is returned as it was.
   */
  async conflict<C extends Calendars>(
    error: unknown,
    recheck: () => Promise<{ check: BookingCheck; cal: C }>,
    view: (slot: Slot, cal: C) => AlternativeSlot,
    start: Date,
  ): Promise<unknown> {
    if (!isBookingRace(error)) return error;
    const { check, cal } = await recheck();
    const alternatives = check.ok ? [] : check.alternatives.slice(0, 5).map((s) => view(s, cal));
    if (error instanceof Taken) {
      const taken = takenTime(error.resource, cal.policy.timeZone);
      return new BookingConflictError(taken.reason, [taken], alternatives);
    }
    const reason = check.ok ? 'That time was just taken; please try again' : (check.reasons[0] ?? 'That time was just taken');
    return new BookingConflictError(reason, [refusedTime(start, reason)], alternatives);
  }

  /** A lost race where no alternatives are offered (classes): the conflict, or the error as it was. */
  raceConflict(error: unknown, timeZone: string, start: Date): unknown {
    if (!isBookingRace(error)) return error;
    if (error instanceof Taken) {
      const taken = takenTime(error.resource, timeZone);
      return new BookingConflictError(taken.reason, [taken]);
    }
    const reason = 'That time was just taken; please try again';
    return new BookingConflictError(reason, [refusedTime(start, reason)]);
  }
}
