import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { clientReference, ClientReference } from '../../../common/client-reference.model.js';
import { given } from '../../../common/graphql-input.js';
import { CheckoutQueueUseCase } from '../use-cases/checkout-queue.use-case.js';
import { TicketsUseCase } from '../use-cases/tickets.use-case.js';
import { CheckoutAppointmentModel, OpenTicketInput, TicketModel, UpdateTicketInput, VoidTicketInput } from './ticket.model.js';

@Resolver(() => TicketModel)
export class TicketResolver {
  constructor(private readonly ticketsUseCase: TicketsUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [TicketModel], { description: "A location's tickets, newest first; date: a local day (YYYY-MM-DD) they were opened" })
  tickets(
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('status', { type: () => String, nullable: true, description: 'open | closed | voided' }) status?: string,
    @Args('date', { type: () => String, nullable: true }) date?: string,
  ) {
    return this.ticketsUseCase.list(given({ locationId, status: status ?? undefined, date: date ?? undefined }));
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => TicketModel)
  ticket(@Args('id', { type: () => ID }) id: string) {
    return this.ticketsUseCase.get(id);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @ResolveReference()
  resolveReference(reference: { id: string }) {
    return this.ticketsUseCase.get(reference.id);
  }

  @ResolveField(() => ClientReference, { nullable: true })
  client(@Parent() t: TicketModel) {
    return t.clientId ? clientReference(t.clientId) : null;
  }

  @RequirePermission('use_pos')
  @Mutation(() => TicketModel, { description: 'From appointments of one visit (their booked prices and performers), or a walk-in' })
  openTicket(@CurrentAuth() auth: AuthContext, @Args('input') input: OpenTicketInput) {
    return this.ticketsUseCase.open(auth, given(input));
  }

  @RequirePermission('use_pos')
  @Mutation(() => TicketModel, {
    description: 'A stale version or a closed ticket answers CONFLICT with the current ticket in extensions.details',
  })
  updateTicket(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateTicketInput) {
    return this.ticketsUseCase.update(auth, id, given(input));
  }

  @RequirePermission('use_pos')
  @Mutation(() => TicketModel, { description: 'An open ticket with nothing paid' })
  voidTicket(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: VoidTicketInput) {
    return this.ticketsUseCase.void(auth, id, given(input));
  }
}

@Resolver(() => CheckoutAppointmentModel)
export class CheckoutAppointmentResolver {
  constructor(private readonly queue: CheckoutQueueUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [CheckoutAppointmentModel], { description: "The location's appointments of a local day that can be checked out" })
  checkoutAppointments(@Args('locationId', { type: () => ID }) locationId: string, @Args('date') date: string) {
    return this.queue.day({ locationId, date });
  }

  @ResolveField(() => ClientReference, { nullable: true })
  client(@Parent() a: CheckoutAppointmentModel) {
    return clientReference(a.clientId);
  }
}
