import { Module } from '@nestjs/common';
import { GiftCardsModule } from '../gift-cards/gift-cards.module.js';
import { MembershipsModule } from '../memberships/memberships.module.js';
import { ProductsModule } from '../products/products.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { PaymentGateway } from './domain/payment-gateway.js';
import { PaymentResolver, TicketPaymentsResolver } from './graphql/payment.resolver.js';
import { CardAccountsController } from './http/card-accounts.controller.js';
import { PaymentsController } from './http/payments.controller.js';
import { StripeWebhooksController } from './http/stripe-webhooks.controller.js';
import { CardAccountsRepository } from './persistence/card-accounts.repository.js';
import { StripeGateway } from './providers/stripe-gateway.provider.js';
import { CardAccountsUseCase } from './use-cases/card-accounts.use-case.js';
import { PaymentsUseCase } from './use-cases/payments.use-case.js';
import { SalesHistoryUseCase } from './use-cases/sales-history.use-case.js';
import { StripeWebhookUseCase } from './use-cases/stripe-webhook.use-case.js';

@Module({
  imports: [TicketsModule, ProductsModule, GiftCardsModule, MembershipsModule],
  controllers: [PaymentsController, CardAccountsController, StripeWebhooksController],
  providers: [
    { provide: PaymentGateway, useClass: StripeGateway },
    CardAccountsRepository,
    PaymentsUseCase,
    CardAccountsUseCase,
    StripeWebhookUseCase,
    SalesHistoryUseCase,
    PaymentResolver,
    TicketPaymentsResolver,
  ],
  exports: [PaymentGateway, CardAccountsUseCase, CardAccountsRepository],
})
export class PaymentsModule {}
