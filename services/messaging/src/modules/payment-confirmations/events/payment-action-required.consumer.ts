import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendPaymentConfirmUseCase } from '../use-cases/send-payment-confirm.use-case.js';

/** retail.payment.action-required.v1 → the confirm link to the client. Only calls the use-case. */
@Injectable()
export class PaymentActionRequiredConsumer {
  constructor(private readonly useCase: SendPaymentConfirmUseCase) {}

  // The idempotency key (payment-action:<paymentId>) absorbs redeliveries, as for booking claims.
  @EventHandler('retail.payment.action-required.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload, envelope.locationId);
  }
}
