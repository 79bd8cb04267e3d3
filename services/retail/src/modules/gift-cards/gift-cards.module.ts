import { Module } from '@nestjs/common';
import { GiftCardResolver } from './graphql/gift-card.resolver.js';
import { GiftCardsController } from './http/gift-cards.controller.js';
import { GiftCardsUseCase } from './use-cases/gift-cards.use-case.js';

/** Gift certificates and cards: issued by the ticket that sells them, spent as a tender (payments uses the use-case). */
@Module({
  controllers: [GiftCardsController],
  providers: [GiftCardsUseCase, GiftCardResolver],
  exports: [GiftCardsUseCase],
})
export class GiftCardsModule {}
