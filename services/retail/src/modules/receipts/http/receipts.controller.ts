import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ReceiptsUseCase } from '../use-cases/receipts.use-case.js';

@Controller('api')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsUseCase) {}

  /** A closed ticket's receipt; 409 naming why an open or voided ticket has none. */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets/:id/receipt')
  receipt(@Param('id') id: string) {
    return this.receipts.view(id);
  }

  /** The receipt sends asked for the ticket, newest first (how each went: messaging's `receiptSends`). */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets/:id/receipt-sends')
  sends(@Param('id') id: string) {
    return this.receipts.sends(id);
  }

  /** `{channel: 'email'|'sms'}` with an Idempotency-Key → 202 the request; the same key answers the same request. */
  @RequirePermission('use_pos')
  @Post('tickets/:id/receipt-sends')
  @HttpCode(202)
  async send(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    const { replayed: _replayed, ...sent } = await this.receipts.send(auth, id, body, key);
    return sent;
  }
}
