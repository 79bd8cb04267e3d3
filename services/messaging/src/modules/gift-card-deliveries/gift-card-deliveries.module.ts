import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { GiftCardPurchasedConsumer } from './events/gift-card-purchased.consumer.js';
import { GiftCardDeliveryQueue } from './jobs/gift-card-delivery-queue.js';
import { GiftCardDeliveryWorker } from './jobs/gift-card-delivery-worker.js';
import { SendGiftCardEmailUseCase } from './use-cases/send-gift-card-email.use-case.js';

/** Gift cards bought online: the recipient's e-mail with the code, in the salon's look, on the buyer's chosen day (worker only). */
@Module({
  imports: [DeliveryModule, ClientMessagesModule],
  providers: [GiftCardDeliveryQueue, GiftCardDeliveryWorker, SendGiftCardEmailUseCase, GiftCardPurchasedConsumer],
  exports: [SendGiftCardEmailUseCase],
})
export class GiftCardDeliveriesModule {}
