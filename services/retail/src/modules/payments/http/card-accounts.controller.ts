import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { CardAccountsUseCase } from '../use-cases/card-accounts.use-case.js';
import { PaymentsUseCase } from '../use-cases/payments.use-case.js';

@Controller('api')
export class CardAccountsController {
  constructor(
    private readonly cards: CardAccountsUseCase,
    private readonly payments: PaymentsUseCase,
  ) {}

  /** ?clientId=: the client's saved cards, brand, last four and expiry only. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('saved-payment-methods')
  saved(@Query() query: Record<string, string>) {
    return this.cards.savedCards(query);
  }

  /** `{clientId}`: the hosted modal that saves a card (a SetupIntent). */
  @RequirePermission('use_pos')
  @Post('saved-payment-methods/setup')
  setup(@Body() body: unknown) {
    return this.cards.startSaveCard(body);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('card-readers')
  readers(@Query('locationId') locationId: string | undefined) {
    return this.cards.readers(locationId);
  }

  /** `{locationId, registrationCode, label}`: registers a card terminal (POS settings). */
  @RequirePermission('edit_business_settings')
  @Post('card-readers')
  register(@Body() body: unknown) {
    return this.cards.registerReader(body);
  }

  /** Cancels a card tender still pending (its PaymentIntent, and the reader's action). */
  @RequirePermission('use_pos')
  @Post('payments/:id/cancel')
  cancel(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.payments.cancel(auth, id);
  }
}
