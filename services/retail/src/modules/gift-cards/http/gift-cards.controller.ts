import { Controller, Get, Param, Query } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { GiftCardsUseCase } from '../use-cases/gift-cards.use-case.js';

@Controller('api/gift-cards')
export class GiftCardsController {
  constructor(private readonly cards: GiftCardsUseCase) {}

  /** ?search=&clientId=&limit=: the cards, newest first, with `liabilityMinor` (what all active cards still hold). */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.cards.list(query);
  }

  /** A card with its ledger. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('id/:id')
  get(@Param('id') id: string) {
    return this.cards.get(id);
  }

  /** What a code has left: 404 for no card, 429 after 30 lookups a minute by one caller. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get(':code')
  balance(@CurrentAuth() auth: AuthContext, @Param('code') code: string) {
    return this.cards.balance(code, `user:${auth.userId}`);
  }
}
