import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { OnlineGiftCardsUseCase } from '../use-cases/online-gift-cards.use-case.js';

/**
 * The booking page's gift card purchase (no account). The order's id is unguessable; its answer
 * never holds the card's code (that goes to the recipient's e-mail only).
 */
@Public()
@Controller('api/online-gift-cards')
export class OnlineGiftCardsController {
  constructor(private readonly orders: OnlineGiftCardsUseCase) {}

  /** 201 with the order and its card modal (the same order again for the same requestKey). */
  @Post()
  buy(@Body() body: unknown) {
    return this.orders.buy(body);
  }

  /** The order as Stripe has it now: `paid` once the card is issued; `failed` says why. */
  @Get(':id')
  view(@Param('id') id: string) {
    return this.orders.view(id);
  }
}
