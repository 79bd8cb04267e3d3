import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import type { Request } from 'express';
import { StripeWebhookUseCase } from '../use-cases/stripe-webhook.use-case.js';

/** Stripe's events: public at the edge, trusted only with a Stripe-Signature that verifies over the exact bytes. */
@Public()
@Controller('api/webhooks/stripe')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhookUseCase) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
