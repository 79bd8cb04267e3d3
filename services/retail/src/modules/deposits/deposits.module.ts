import { Module } from '@nestjs/common';
import { PaymentGateway } from '../payments/domain/payment-gateway.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PaymentRepository } from '../payments/persistence/payment.repository.js';
import { StripeGateway } from '../payments/providers/stripe-gateway.provider.js';
import { TicketRepository } from '../tickets/persistence/ticket.repository.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { VisitEndedConsumer } from './events/visit-ended.consumer.js';
import { CancellationFeeResolver } from './graphql/cancellation-fee.resolver.js';
import { BookingDepositsController } from './http/booking-deposits.controller.js';
import { CancellationFeesController } from './http/cancellation-fees.controller.js';
import { DepositSweepProcessor } from './jobs/deposit-sweep.processor.js';
import { BookingDepositRepository } from './persistence/booking-deposit.repository.js';
import { CancellationFeeRepository } from './persistence/cancellation-fee.repository.js';
import { DepositScheduling } from './persistence/deposit-scheduling.provider.js';
import { BookingDepositsUseCase } from './use-cases/booking-deposits.use-case.js';
import { CancellationFeesUseCase } from './use-cases/cancellation-fees.use-case.js';
import { DepositForfeitsUseCase } from './use-cases/deposit-forfeits.use-case.js';
import { DepositOutcomesUseCase } from './use-cases/deposit-outcomes.use-case.js';
import { FeeSalesUseCase } from './use-cases/fee-sales.use-case.js';

/**
 * Online booking deposits, the API process: taking them (the public page), settling them (webhooks,
 * polls, the sweep); and the no-show and late-cancel fees staff charge to the card on file.
 */
@Module({
  imports: [PaymentsModule, TicketsModule],
  controllers: [BookingDepositsController, CancellationFeesController],
  providers: [
    BookingDepositRepository,
    DepositScheduling,
    BookingDepositsUseCase,
    DepositSweepProcessor,
    TicketRepository,
    PaymentRepository,
    CancellationFeeRepository,
    FeeSalesUseCase,
    CancellationFeesUseCase,
    CancellationFeeResolver,
  ],
  exports: [BookingDepositsUseCase],
})
export class DepositsModule {}

/** The worker process: a cancelled or no-show visit's held deposit is refunded, or forfeited as a sale (a closed fee ticket). */
@Module({
  providers: [
    BookingDepositRepository,
    TicketRepository,
    PaymentRepository,
    { provide: PaymentGateway, useClass: StripeGateway },
    FeeSalesUseCase,
    DepositForfeitsUseCase,
    DepositOutcomesUseCase,
    VisitEndedConsumer,
  ],
})
export class DepositOutcomesModule {}
