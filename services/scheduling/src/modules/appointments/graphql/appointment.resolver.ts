import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { AppointmentsUseCase } from '../use-cases/appointments.use-case.js';

@ObjectType('AppointmentResource')
export class AppointmentResourceModel {
  @Field() kind: string;
  @Field(() => ID) id: string;
  @Field(() => Int) slot: number;
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
  @Field(() => Int) version: number;
}

@InputType()
export class BookAppointmentInput {
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field(() => ID) serviceId: string;
  @Field(() => ID, { nullable: true }) staffId?: string | null;
  @Field() startsAt: string;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => String, { nullable: true, description: 'staff | online | api' }) source?: string;
}

@InputType()
export class UpdateAppointmentInput {
  @Field({ nullable: true }) startsAt?: string;
  @Field(() => ID, { nullable: true }) staffId?: string;
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

  @RequirePermission({ anyOf: ['view_appointments', 'view_calendar'] })
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

  @RequirePermission('create_appointments')
  @Mutation(() => AppointmentModel)
  bookAppointment(@CurrentAuth() auth: AuthContext, @Args('input') input: BookAppointmentInput) {
    return this.useCase.book(auth, strip(input));
  }

  @RequirePermission({ anyOf: ['edit_appointments', 'update_appointments'] })
  @Mutation(() => AppointmentModel)
  updateAppointment(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateAppointmentInput) {
    return this.useCase.update(auth, id, strip(input));
  }
}
