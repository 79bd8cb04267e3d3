import { Module } from '@nestjs/common';
import { GiftCardsModule } from '../gift-cards/gift-cards.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { OnlineGiftCardsController } from './http/online-gift-cards.controller.js';
import { OnlineGiftCardOrderRepository } from './persistence/online-gift-card-order.repository.js';
import { OnlineGiftCardsUseCase } from './use-cases/online-gift-cards.use-case.js';

/** Gift cards bought online from the booking page, paid in the hosted card modal. */
@Module({
  imports: [GiftCardsModule, PaymentsModule, TicketsModule],
  controllers: [OnlineGiftCardsController],
  providers: [OnlineGiftCardsUseCase, OnlineGiftCardOrderRepository],
  exports: [OnlineGiftCardsUseCase],
})
export class OnlineGiftCardsModule {}
