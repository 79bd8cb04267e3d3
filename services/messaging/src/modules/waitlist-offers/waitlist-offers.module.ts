import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { WaitlistOfferedConsumer } from './events/waitlist-offered.consumer.js';
import { PlatformLookup } from '../delivery/persistence/platform-lookup.provider.js';
import { SendWaitlistOfferUseCase } from './use-cases/send-waitlist-offer.use-case.js';

/**
 * Waitlist offers (scheduling.waitlist.offered.v1 → text or e-mail), worker only. Needs
 * ServiceToken (AuthModule, global) to ask clients and identity.
 */
@Module({ imports: [DeliveryModule, ConsentModule], providers: [PlatformLookup, SendWaitlistOfferUseCase, WaitlistOfferedConsumer], exports: [SendWaitlistOfferUseCase] })
export class WaitlistOffersModule {}
