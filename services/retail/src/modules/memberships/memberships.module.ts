import { Module } from '@nestjs/common';
import { PrepaidResolver } from './graphql/prepaid.resolver.js';
import { MembershipsController } from './http/memberships.controller.js';
import { PrepaidUseCase } from './use-cases/prepaid.use-case.js';

/** Membership and package plans, what clients hold, and their credits (payments spends them as a tender). */
@Module({
  controllers: [MembershipsController],
  providers: [PrepaidUseCase, PrepaidResolver],
  exports: [PrepaidUseCase],
})
export class MembershipsModule {}
