import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import type { SchedulingConfig } from '../../../config.js';
import { UNBOOKED_PROFILE_GRACE_MS } from '../domain/visitor-claims.js';
import { PlatformLookup, type VisitorDetails } from '../persistence/platform-lookup.provider.js';
import { VisitorProfilesRepository } from '../persistence/visitor-profiles.repository.js';
import { BookingClaimsUseCase } from './booking-claims.use-case.js';

/**
 * The profile of a booking by a visitor who is not signed in: a saga over two databases that
 * never leaves a profile without its booking.
 *
 * 1. The engine checks the time and the booking's transaction takes its holds first; a refusal
 *    (bad input, closed, taken, a lost race) ends there, before the clients service hears of it.
 * 2. Inside that transaction, the undo is logged (committed on its own), then the clients service
 *    creates the profile under the id scheduling chose (idempotent), and the log row is tied to
 *    the appointment in the booking's transaction.
 * 3. If that transaction does not commit, the profile is discarded at once; if even that fails
 *    (or the process died), the sweep finds the untied log row and discards it later.
 */
@Injectable()
export class VisitorProfilesUseCase {
  private readonly logger;

  constructor(
    private readonly profiles: VisitorProfilesRepository,
    private readonly lookup: PlatformLookup,
    private readonly claims: BookingClaimsUseCase,
    @Inject(APP_CONFIG) config: SchedulingConfig,
  ) {
    this.logger = createLogger('scheduling', config.LOG_LEVEL).child({ component: 'visitor-profiles' });
  }

  /** Step 2, inside the booking's transaction, after its holds. */
  async createInBooking(m: EntityManager, appointmentId: string, visitorId: string, details: VisitorDetails, now: Date): Promise<void> {
    await this.profiles.record(visitorId, now);
    const answer = await this.lookup.createVisitorProfile(visitorId, details);
    await this.profiles.attach(m, visitorId, appointmentId);
    await this.claims.requestInBooking(
      m,
      { appointmentId, visitorClientId: visitorId, matchedClientId: answer.matchedClientId, bookedBefore: details.bookedBefore === true },
      now,
    );
  }

  /** Step 3 for one booking that failed: never throws (the sweep retries what fails here). */
  async undo(visitorId: string): Promise<void> {
    try {
      const row = await this.profiles.find(visitorId);
      if (!row || row.appointmentId) return; // never asked for, or booked after all
      await this.lookup.discardVisitorProfile(visitorId);
      await this.profiles.forget(visitorId);
    } catch (error) {
      this.logger.warn(
        { err: error, clientId: visitorId },
        'could not discard the profile of a booking that did not commit; the sweep retries',
      );
    }
  }

  /** Step 3's sweep: profiles asked for long enough ago whose booking never committed. */
  async undoUnbooked(now = new Date(), limit = 50): Promise<number> {
    const ids = await this.profiles.unbooked(new Date(now.getTime() - UNBOOKED_PROFILE_GRACE_MS), limit);
    for (const id of ids) await this.undo(id);
    return ids.length;
  }
}
