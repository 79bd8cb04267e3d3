import { Module } from '@nestjs/common';
import { PaymentGateway } from '../payments/domain/payment-gateway.js';
import { CardAccountsRepository } from '../payments/persistence/card-accounts.repository.js';
import { StripeGateway } from '../payments/providers/stripe-gateway.provider.js';
import { PrepaidResolver } from './graphql/prepaid.resolver.js';
import { MembershipsController } from './http/memberships.controller.js';
import { MembershipBillingProcessor } from './jobs/membership-billing.processor.js';
import { PrepaidExpiryProcessor } from './jobs/prepaid-expiry.processor.js';
import { MembershipBillingUseCase } from './use-cases/membership-billing.use-case.js';
import { PrepaidExpiryUseCase } from './use-cases/prepaid-expiry.use-case.js';
import { PrepaidVoidUseCase } from './use-cases/prepaid-void.use-case.js';
import { PrepaidUseCase } from './use-cases/prepaid.use-case.js';

/**
 * Membership and package plans, what clients hold, and their credits (payments spends them as a
 * tender); voiding what a refunded ticket sold; the expiry job for gift cards and packages; Stripe
 * subscriptions that renew memberships sold with a card on file (their webhooks come through
 * payments' Stripe endpoint).
 */
@Module({
  controllers: [MembershipsController],
  providers: [
    // Payments imports this module, so the gateway and the saved cards' SQL are provided here too (as deposits does).
    { provide: PaymentGateway, useClass: StripeGateway },
    CardAccountsRepository,
    PrepaidUseCase,
    PrepaidVoidUseCase,
    PrepaidExpiryUseCase,
    PrepaidExpiryProcessor,
    MembershipBillingUseCase,
    MembershipBillingProcessor,
    PrepaidResolver,
  ],
  exports: [PrepaidUseCase, PrepaidVoidUseCase, MembershipBillingUseCase],
})
export class MembershipsModule {}
