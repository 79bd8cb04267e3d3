import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { PaymentResolver, TicketPaymentsResolver } from './graphql/payment.resolver.js';
import { PaymentsController } from './http/payments.controller.js';
import { PaymentsUseCase } from './use-cases/payments.use-case.js';
import { SalesHistoryUseCase } from './use-cases/sales-history.use-case.js';

@Module({
  imports: [TicketsModule, ProductsModule],
  controllers: [PaymentsController],
  providers: [PaymentsUseCase, SalesHistoryUseCase, PaymentResolver, TicketPaymentsResolver],
})
export class PaymentsModule {}
