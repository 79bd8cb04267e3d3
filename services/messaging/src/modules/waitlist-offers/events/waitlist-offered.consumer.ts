import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendWaitlistOfferUseCase } from '../use-cases/send-waitlist-offer.use-case.js';

/** scheduling.waitlist.offered.v1 → the offer's text or e-mail. Only calls the use-case. */
@Injectable()
export class WaitlistOfferedConsumer {
  constructor(private readonly useCase: SendWaitlistOfferUseCase) {}

  // As for password resets, the inbox transaction's manager is not used: the job must not be
  // enqueued before the row commits, and the idempotency key (waitlist-offer:<offerId>) already
  // makes a redelivered event land on the same message. The envelope's location picks the time zone.
  @EventHandler('scheduling.waitlist.offered.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload, envelope.locationId);
  }
}
