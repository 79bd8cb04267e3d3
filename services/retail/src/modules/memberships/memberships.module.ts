import { Module } from '@nestjs/common';
import { PrepaidResolver } from './graphql/prepaid.resolver.js';
import { MembershipsController } from './http/memberships.controller.js';
import { PrepaidExpiryProcessor } from './jobs/prepaid-expiry.processor.js';
import { PrepaidExpiryUseCase } from './use-cases/prepaid-expiry.use-case.js';
import { PrepaidVoidUseCase } from './use-cases/prepaid-void.use-case.js';
import { PrepaidUseCase } from './use-cases/prepaid.use-case.js';

/**
 * Membership and package plans, what clients hold, and their credits (payments spends them as a
 * tender); voiding what a refunded ticket sold; the expiry job for gift cards and packages.
 */
@Module({
  controllers: [MembershipsController],
  providers: [PrepaidUseCase, PrepaidVoidUseCase, PrepaidExpiryUseCase, PrepaidExpiryProcessor, PrepaidResolver],
  exports: [PrepaidUseCase, PrepaidVoidUseCase],
})
export class MembershipsModule {}
