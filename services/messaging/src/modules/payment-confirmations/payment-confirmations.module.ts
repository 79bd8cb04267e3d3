import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { PaymentActionRequiredConsumer } from './events/payment-action-required.consumer.js';
import { SendPaymentConfirmUseCase } from './use-cases/send-payment-confirm.use-case.js';

/** Card payments the bank wants confirmed (retail.payment.action-required.v1 → text or e-mail with the link), worker only. */
@Module({
  imports: [ClientMessagesModule],
  providers: [SendPaymentConfirmUseCase, PaymentActionRequiredConsumer],
  exports: [SendPaymentConfirmUseCase],
})
export class PaymentConfirmationsModule {}
