import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { WaitlistOfferedConsumer } from './events/waitlist-offered.consumer.js';
import { SendWaitlistOfferUseCase } from './use-cases/send-waitlist-offer.use-case.js';

/**
 * Waitlist offers (scheduling.waitlist.offered.v1 → text or e-mail), worker only. Needs
 * ServiceToken (AuthModule, global) to ask clients and identity.
 */
@Module({
  imports: [ClientMessagesModule],
  providers: [SendWaitlistOfferUseCase, WaitlistOfferedConsumer],
  exports: [SendWaitlistOfferUseCase],
})
export class WaitlistOffersModule {}
