import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendReceiptUseCase } from '../use-cases/send-receipt.use-case.js';

/** retail.receipt.requested.v1 → the receipt by e-mail or text, consent permitting. Only calls the use-case. */
@Injectable()
export class ReceiptRequestedConsumer {
  constructor(private readonly useCase: SendReceiptUseCase) {}

  // As for form links: the message's idempotency key (receipt:<sendId>) and the outcome row per
  // send id absorb redeliveries.
  @EventHandler('retail.receipt.requested.v1')
  async handle(envelope: EventEnvelope) {
    await this.useCase.execute(envelope.payload);
  }
}
