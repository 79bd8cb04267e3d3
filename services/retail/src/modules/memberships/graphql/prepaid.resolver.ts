import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { actorUuid, POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { clientReference, ClientReference } from '../../../common/client-reference.model.js';
import { given } from '../../../common/graphql-input.js';
import { MembershipBillingUseCase } from '../use-cases/membership-billing.use-case.js';
import { PrepaidUseCase } from '../use-cases/prepaid.use-case.js';
import {
  ClientPrepaidModel,
  MembershipActionInput,
  MembershipPlanChangeInput,
  PrepaidPlanInput,
  PrepaidPlanModel,
  PrepaidSuggestionModel,
} from './prepaid.model.js';

@Resolver(() => ClientPrepaidModel)
export class PrepaidResolver {
  constructor(
    private readonly prepaid: PrepaidUseCase,
    private readonly billing: MembershipBillingUseCase,
  ) {}

  @ResolveField(() => ClientReference, { description: 'The client who holds it (the clients subgraph)' })
  client(@Parent() h: ClientPrepaidModel) {
    return clientReference(h.clientId);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [PrepaidPlanModel], { description: 'Membership and package plans' })
  prepaidPlans() {
    return this.prepaid.listPlans();
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => PrepaidPlanModel)
  createPrepaidPlan(@Args('input') input: PrepaidPlanInput) {
    return this.prepaid.createPlan(given(input));
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [ClientPrepaidModel], { description: 'Memberships and packages clients hold (a client’s, or all)' })
  clientPrepaids(
    @Args('clientId', { type: () => ID, nullable: true }) clientId?: string,
    @Args('kind', { type: () => String, nullable: true }) kind?: string,
  ) {
    return this.prepaid.list(given({ clientId: clientId ?? undefined, kind: kind ?? undefined }));
  }

  @RequirePermission('use_pos')
  @Mutation(() => ClientPrepaidModel, { description: 'Pause, resume or cancel (now or at period end) a membership' })
  membershipAction(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: MembershipActionInput,
  ) {
    return this.prepaid.act({ type: 'user', id: actorUuid(auth.userId) }, id, given(input));
  }

  @RequirePermission('use_pos')
  @Mutation(() => ClientPrepaidModel, {
    description: "Move a membership to another plan of the same period (a Stripe-billed one's difference is prorated and charged now)",
  })
  changeMembershipPlan(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: MembershipPlanChangeInput,
  ) {
    return this.billing.changePlan({ type: 'user', id: actorUuid(auth.userId) }, id, given(input));
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [PrepaidSuggestionModel], { description: 'Prepaid value the ticket can use, line by line, best for the client first' })
  ticketPrepaid(
    @Args('ticketId', { type: () => ID }) ticketId: string,
    @Args('giftCardCodes', { type: () => [String], nullable: true }) giftCardCodes?: string[],
  ) {
    return this.prepaid.suggestions(ticketId, giftCardCodes ?? []);
  }
}
