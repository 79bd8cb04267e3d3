import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { APPOINTMENT_ACTIONS, APPOINTMENT_CHANGE_KINDS, type AppointmentChangeKind, type AppointmentChangeView } from '@salon/contracts';
import { CurrentAuth, JSONObjectScalar, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { clientReference, ClientReference } from '../../../common/client-reference.model.js';
import { SEE_A_CALENDAR } from '../domain/calendar-scope.js';
import type { AppointmentView } from '../persistence/appointment.repository.js';
import { AppointmentsUseCase } from '../use-cases/appointments.use-case.js';

@ObjectType('AppointmentSegment')
export class AppointmentSegmentModel {
  @Field(() => Int) position: number;
  @Field(() => ID) serviceId: string;
  @Field(() => ID) staffId: string;
  @Field() startsAt: string;
  @Field() endsAt: string;
}

@ObjectType('AppointmentResource')
export class AppointmentResourceModel {
  @Field() kind: string;
  @Field(() => ID) id: string;
  @Field(() => Int) slot: number;
}

@ObjectType('AppointmentChange', { description: 'One line of the change log: who did what when' })
export class AppointmentChangeModel implements AppointmentChangeView {
  @Field(() => Date) at: string;
  @Field(() => ID, { nullable: true, description: 'The staff user or signed-in client; null for an online visitor or the system' })
  by: string | null;
  @Field(() => String, { description: 'user | client | system' }) byKind: 'user' | 'client' | 'system';
  @Field(() => String, { nullable: true, description: "The staff member's name from identity, when known" }) byName: string | null;
  @Field(() => String, { description: APPOINTMENT_CHANGE_KINDS.join(' | ') }) what: AppointmentChangeKind;
  @Field(() => String, {
    nullable: true,
    description: 'Raw value before: ISO time (time), staff id (staff), minutes (length), service name, status, text',
  })
  from: string | null;
  @Field(() => String, { nullable: true, description: 'Raw value after (for booked: the time booked; from is the path)' }) to:
    string | null;
}

@ObjectType('Appointment')
export class AppointmentModel {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field() status: string;
  @Field(() => Date) startsAt: string;
  @Field(() => Date) endsAt: string;
  @Field(() => ID) serviceId: string;
  @Field() serviceName: string;
  @Field(() => ID) staffId: string;
  @Field(() => Int, { description: 'Snapshotted at booking, minor units' }) priceMinor: number;
  @Field() currency: string;
  @Field(() => [AppointmentResourceModel]) resources: AppointmentResourceModel[];
  @Field(() => String, { nullable: true }) notes: string | null;
  @Field(() => String, { nullable: true }) cancelReason: string | null;
  @Field() lateCancel: boolean;
  @Field() source: string;
  @Field(() => Date, { description: 'When it was booked' }) createdAt: string;
  @Field(() => Int) version: number;
  @Field(() => ID, { nullable: true, description: 'The recurring series it belongs to, if any' }) seriesId: string | null;
  @Field(() => Date, { nullable: true, description: 'When its checkout closed (the retail service); null while unpaid' }) paidAt:
    string | null;
  @Field(() => [AppointmentSegmentModel], { description: "The visit's services in order (one for a single-service appointment)" })
  segments: AppointmentSegmentModel[];
  @Field(() => JSONObjectScalar, { description: "The service as booked (snapshot; a visit keeps each service's under segments)" })
  service: Record<string, unknown>;
}

@InputType()
export class VisitPartInput {
  @Field(() => ID) serviceId: string;
  @Field(() => ID, { nullable: true }) staffId?: string | null;
}

@InputType()
export class BookAppointmentInput {
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => ID, { nullable: true, description: 'One service, or give services' }) serviceId?: string;
  @Field(() => [VisitPartInput], { nullable: true, description: 'A visit: several services in sequence' }) services?: VisitPartInput[];
  @Field(() => ID, { nullable: true }) staffId?: string | null;
  @Field() startsAt: string;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => String, { nullable: true, description: 'staff | online | api' }) source?: string;
}

@InputType()
export class UpdateAppointmentInput {
  @Field({ nullable: true }) startsAt?: string;
  @Field(() => ID, { nullable: true }) staffId?: string;
  @Field(() => ID, { nullable: true, description: 'Another service (single-service appointments): its length and price' })
  serviceId?: string;
  @Field({ nullable: true, description: 'Resize: the new end (or give durationMin)' }) endsAt?: string;
  @Field(() => Int, { nullable: true, description: 'Resize: the new length in minutes' }) durationMin?: number;
  @Field({ nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) cancelReason?: string | null;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => Int, { nullable: true }) version?: number;
}

const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

@Resolver(() => AppointmentModel)
export class AppointmentResolver {
  constructor(private readonly useCase: AppointmentsUseCase) {}

  @RequirePermission(SEE_A_CALENDAR)
  @Query(() => [AppointmentModel])
  appointments(
    @CurrentAuth() auth: AuthContext,
    @Args('from') from: string,
    @Args('to') to: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('staffId', { type: () => ID, nullable: true }) staffId?: string,
  ) {
    return this.useCase.list(auth, strip({ from, to, locationId, staffId }));
  }

  @RequirePermission(SEE_A_CALENDAR)
  @Query(() => AppointmentModel)
  appointment(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.useCase.getFor(auth, id);
  }

  @RequirePermission(SEE_A_CALENDAR)
  @Query(() => [AppointmentModel], {
    description: "A client's appointments, newest first, upcoming and past (only your own with view_own_schedule)",
  })
  clientAppointments(
    @CurrentAuth() auth: AuthContext,
    @Args('clientId', { type: () => ID }) clientId: string,
    @Args('limit', { type: () => Int, defaultValue: 100 }) limit: number,
  ) {
    return this.useCase.forClient(auth, clientId, limit);
  }

  @ResolveField(() => [AppointmentChangeModel], { description: 'The change log, oldest first' })
  changes(@Parent() a: AppointmentView) {
    return this.useCase.changes(a.id);
  }

  @ResolveField(() => [AppointmentModel], {
    description: "The client's earlier appointments, newest first (only your own with view_own_schedule)",
  })
  clientHistory(
    @CurrentAuth() auth: AuthContext,
    @Parent() a: AppointmentView,
    @Args('limit', { type: () => Int, defaultValue: 5 }) limit: number,
  ) {
    return this.useCase.clientHistory(auth, a, limit);
  }

  @ResolveField(() => ClientReference, { nullable: true, description: 'Null when the caller may not read clients' })
  client(@Parent() a: AppointmentView) {
    return clientReference(a.clientId);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Mutation(() => AppointmentModel, { description: 'CONFLICT with extensions {taken, alternatives} when the time is not free' })
  bookAppointment(@CurrentAuth() auth: AuthContext, @Args('input') input: BookAppointmentInput) {
    return this.useCase.book(auth, strip(input));
  }

  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Mutation(() => AppointmentModel, {
    description: 'Move, resize, status, notes; CONFLICT with extensions {taken, alternatives} when refused',
  })
  updateAppointment(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateAppointmentInput,
  ) {
    return this.useCase.update(auth, id, strip(input));
  }

  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Mutation(() => AppointmentModel, {
    description: 'Texts or e-mails the client the appointment as it stands (their consent decides which); CONFLICT when past or cancelled',
  })
  notifyClientOfAppointment(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.useCase.requestClientNotice(auth, id);
  }
}
