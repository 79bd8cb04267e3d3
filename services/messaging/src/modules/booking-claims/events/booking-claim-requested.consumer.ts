import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendBookingClaimUseCase } from '../use-cases/send-booking-claim.use-case.js';

/** scheduling.booking-claim.requested.v1 → the link to the matched client. Only calls the use-case. */
@Injectable()
export class BookingClaimRequestedConsumer {
  constructor(private readonly useCase: SendBookingClaimUseCase) {}

  // As for waitlist offers, the inbox manager is not used: the job is queued after the row exists,
  // and the idempotency key (booking-claim:<claimId>) absorbs redeliveries.
  @EventHandler('scheduling.booking-claim.requested.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload, envelope.locationId);
  }
}
