import { APPOINTMENT_ACTIONS } from '@salon/contracts';
import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { clientReference, ClientReference } from '../../../common/client-reference.model.js';
import { given } from '../../../common/graphql-input.js';
import { WaitlistUseCase } from '../use-cases/waitlist.use-case.js';
import { WaitlistAcceptedModel, WaitlistEntryModel, WaitlistInput } from './waitlist.model.js';

/** Staff's side of /api/waitlist (the client's offer link stays REST: it is public). */
@Resolver(() => WaitlistEntryModel)
export class WaitlistResolver {
  constructor(private readonly waitlist: WaitlistUseCase) {}

  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Query(() => [WaitlistEntryModel], { description: 'Entries of local dates from..to, oldest first, each with its latest offer' })
  waitlistEntries(
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('from') from: string,
    @Args('to') to: string,
    @Args('status', { nullable: true, description: 'active (default) | all | waiting | offered | booked | cancelled' }) status?: string,
  ) {
    return this.waitlist.list({ locationId, from, to, ...(status ? { status } : {}) });
  }

  @ResolveField(() => ClientReference, { nullable: true })
  client(@Parent() e: WaitlistEntryModel) {
    return clientReference(e.clientId);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Query(() => WaitlistEntryModel)
  waitlistEntry(@Args('id', { type: () => ID }) id: string) {
    return this.waitlist.get(id);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Mutation(() => WaitlistEntryModel)
  addToWaitlist(@CurrentAuth() auth: AuthContext, @Args('input') input: WaitlistInput) {
    return this.waitlist.create(auth, given(input));
  }

  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Mutation(() => WaitlistAcceptedModel, { description: 'Staff accept the open offer for the client; CONFLICT if it expired or was taken' })
  acceptWaitlistOffer(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.waitlist.acceptForEntry(auth, id);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Mutation(() => WaitlistEntryModel)
  cancelWaitlistEntry(@Args('id', { type: () => ID }) id: string) {
    return this.waitlist.cancel(id);
  }
}
