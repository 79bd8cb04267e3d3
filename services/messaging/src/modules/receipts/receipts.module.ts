import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { ConsentModule } from '../consent/consent.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { ReceiptRequestedConsumer } from './events/receipt-requested.consumer.js';
import { ReceiptSendRepository } from './persistence/receipt-send.repository.js';
import { SendReceiptUseCase } from './use-cases/send-receipt.use-case.js';

/** Retail's receipts (retail.receipt.requested.v1 → e-mail or text, consent permitting), worker side. */
@Module({
  imports: [ClientMessagesModule, DeliveryModule, ConsentModule],
  providers: [ReceiptSendRepository, SendReceiptUseCase, ReceiptRequestedConsumer],
  exports: [SendReceiptUseCase],
})
export class ReceiptsModule {}
