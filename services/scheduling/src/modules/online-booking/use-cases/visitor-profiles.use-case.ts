import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger } from '@salon/nest-kit';
import type { SchedulingConfig } from '../../../config.js';
import type { BookingSteps } from '../../appointments/use-cases/appointments.use-case.js';
import { UNBOOKED_PROFILE_GRACE_MS } from '../domain/visitor-claims.js';
import { PlatformLookup, type VisitorDetails } from '../persistence/platform-lookup.provider.js';
import { VisitorProfilesRepository } from '../persistence/visitor-profiles.repository.js';
import { BookingClaimsUseCase } from './booking-claims.use-case.js';

/**
 * The profile of a booking by a visitor who is not signed in: a saga over two databases that
 * never leaves a profile without its booking.
 *
 * 1. The engine checks the time first; a refusal (bad input, closed, too soon) ends there.
 * 2. After the check, the undo is logged (`visitor_profiles`, committed on its own connection,
 *    before the booking's transaction holds one).
 * 3. The booking's transaction takes its holds (a lost race ends here), then asks the clients
 *    service for the profile under the id scheduling chose (idempotent), and ties the log row to the
 *    appointment; with the visitor's "I've booked here before", the claim is written there too.
 * 4. If that transaction does not commit, the profile is discarded at once (only if the clients
 *    service was asked); if even that fails, or the process died, the sweep finds the untied log
 *    row and discards it later.
 */
export interface VisitorSaga {
  /** The new profile's id, chosen here so the appointment can carry it before the profile exists. */
  clientId: string;
  steps: BookingSteps;
  /** For a booking that failed: never throws (the sweep retries what fails here). */
  undo(): Promise<void>;
}

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

  begin(details: VisitorDetails, now: Date): VisitorSaga {
    const clientId = randomUUID();
    let logged = false;
    let asked = false;
    return {
      clientId,
      steps: {
        afterCheck: async () => {
          await this.profiles.record(clientId, now);
          logged = true;
        },
        inTransaction: async (m, appointmentId) => {
          asked = true;
          const answer = await this.lookup.createVisitorProfile(clientId, details);
          await this.profiles.attach(m, clientId, appointmentId);
          await this.claims.requestInBooking(
            m,
            {
              appointmentId,
              visitorClientId: clientId,
              matchedClientId: answer.matchedClientId,
              bookedBefore: details.bookedBefore === true,
            },
            now,
          );
        },
      },
      undo: async () => {
        if (!logged) return;
        if (asked) return this.undo(clientId);
        // Lost before the clients service heard of it (a race at the holds): only the log row goes.
        await this.profiles
          .forget(clientId)
          .catch((error: unknown) => this.logger.warn({ err: error, clientId }, 'could not clear the undo log'));
      },
    };
  }

  /** Discards one logged profile whose booking did not commit: never throws (the sweep retries what fails here). */
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
