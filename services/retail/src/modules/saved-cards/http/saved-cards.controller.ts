import { Controller, Delete, Param, Query } from '@nestjs/common';
import { RequirePermission } from '@salon/nest-kit';
import { SavedCardsUseCase } from '../use-cases/saved-cards.use-case.js';

@Controller('api/saved-payment-methods')
export class SavedCardsController {
  constructor(private readonly cards: SavedCardsUseCase) {}

  /** Removes a saved card (detached at Stripe); `?clientId=` makes sure it is that client's. 404 when there is none. */
  @RequirePermission('use_pos')
  @Delete(':id')
  remove(@Param('id') id: string, @Query('clientId') clientId?: string) {
    return this.cards.remove(id, clientId);
  }
}
