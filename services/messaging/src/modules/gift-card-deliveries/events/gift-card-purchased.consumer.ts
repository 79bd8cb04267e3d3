import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendGiftCardEmailUseCase } from '../use-cases/send-gift-card-email.use-case.js';

/** retail.gift-card.purchased-online.v1 → the recipient's e-mail on its day. Only calls the use-case. */
@Injectable()
export class GiftCardPurchasedConsumer {
  constructor(private readonly useCase: SendGiftCardEmailUseCase) {}

  // The delayed job's id is the card's, so a redelivered event schedules nothing more.
  @EventHandler('retail.gift-card.purchased-online.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.schedule(envelope.payload, envelope.locationId);
  }
}
