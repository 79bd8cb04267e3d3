import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { GiftCardsUseCase } from '../use-cases/gift-cards.use-case.js';
import { GiftCardBalanceModel, GiftCardListModel, GiftCardModel } from './gift-card.model.js';

@Resolver(() => GiftCardModel)
export class GiftCardResolver {
  constructor(private readonly cards: GiftCardsUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => GiftCardListModel, { description: 'Gift cards, newest first, and the liability (what all active cards hold)' })
  giftCards(
    @Args('search', { type: () => String, nullable: true }) search?: string,
    @Args('clientId', { type: () => ID, nullable: true }) clientId?: string,
  ) {
    return this.cards.list(given({ search: search ?? undefined, clientId: clientId ?? undefined }));
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => GiftCardModel, { description: 'A gift card with its ledger' })
  giftCard(@Args('id', { type: () => ID }) id: string) {
    return this.cards.get(id);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => GiftCardBalanceModel, { description: 'What a code has left (rate-limited per caller)' })
  giftCardBalance(@CurrentAuth() auth: AuthContext, @Args('code') code: string) {
    return this.cards.balance(code, `user:${auth.userId}`);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [GiftCardModel], { description: 'The gift cards a ticket sold (their codes for the receipt)' })
  giftCardsSoldOn(@Args('ticketId', { type: () => ID }) ticketId: string) {
    return this.cards.soldOn(ticketId);
  }
}
