import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import type { Response } from 'express';
import { PaymentsUseCase } from '../use-cases/payments.use-case.js';
import { SalesHistoryUseCase } from '../use-cases/sales-history.use-case.js';

/** A retry answered from the first request says so (the body is the same). */
const REPLAYED = 'Idempotent-Replayed';

@Controller('api')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsUseCase,
    private readonly salesHistory: SalesHistoryUseCase,
  ) {}

  /** `{method, amountMinor, tenderedMinor?}` with an Idempotency-Key: 201 `{payment, ticket}`; the same key answers the same payment. */
  @RequirePermission('use_pos')
  @Post('tickets/:id/payments')
  async pay(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { replayed, ...answer } = await this.payments.pay(auth, id, body, key);
    if (replayed) res.setHeader(REPLAYED, 'true');
    return answer;
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('tickets/:id/payments')
  forTicket(@Param('id') id: string) {
    return this.payments.forTicket(id);
  }

  /** ?from=&to=&locationId=&clientId= */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('payments')
  list(@Query() query: Record<string, string>) {
    return this.payments.list(query);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('payments/:id')
  get(@Param('id') id: string) {
    return this.payments.get(id);
  }

  /** `{amountMinor, reason}`: 201 `{refund, payment, ticket}`; 400 naming amountMinor above what is refundable. */
  @RequirePermission('refund_payments')
  @Post('payments/:id/refunds')
  async refund(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { replayed, ...answer } = await this.payments.refund(auth, id, body, key);
    if (replayed) res.setHeader(REPLAYED, 'true');
    return answer;
  }

  /** ?clientId= or ?from=&to= (and locationId). */
  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get('sales-history')
  sales(@Query() query: Record<string, string>) {
    return this.salesHistory.list(query);
  }
}
