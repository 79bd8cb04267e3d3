import { Args, Field, ID, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SEE_A_CALENDAR } from '../../appointments/domain/calendar-scope.js';
import { AvailabilityUseCase, type UnavailableView } from '../use-cases/availability.use-case.js';

type StaffStretches = UnavailableView['staff'][number];

@ObjectType('UnavailableInterval')
export class UnavailableIntervalModel implements Readonly<StaffStretches['intervals'][number]> {
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field({ description: "The engine's reason code (not-working, break, time-off, …)" }) code: string;
  @Field({ description: 'The engine\'s reason, e.g. "Dana Lee is on break (Lunch)"' }) reason: string;
}

@ObjectType('UnavailableStaff')
export class UnavailableStaffModel implements StaffStretches {
  @Field(() => ID) staffId: string;
  @Field() name: string;
  @Field(() => [UnavailableIntervalModel]) intervals: UnavailableIntervalModel[];
}

@ObjectType('CalendarUnavailable')
export class CalendarUnavailableModel implements UnavailableView {
  @Field() timeZone: string;
  @Field() from: string;
  @Field() to: string;
  @Field(() => [UnavailableStaffModel]) staff: UnavailableStaffModel[];
}

@Resolver()
export class UnavailableResolver {
  constructor(private readonly availability: AvailabilityUseCase) {}

  /** The calendar's shading (as GET /api/availability/unavailable): per staff, when they cannot be booked and why. */
  @RequirePermission(SEE_A_CALENDAR)
  @Query(() => CalendarUnavailableModel)
  calendarUnavailable(
    @CurrentAuth() auth: AuthContext,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('from') from: string,
    @Args('to') to: string,
    @Args('staffIds', { type: () => [ID], nullable: true }) staffIds?: string[] | null,
  ) {
    return this.availability.unavailable(auth, { locationId, from, to, ...(staffIds?.length ? { staffIds: staffIds.join(',') } : {}) });
  }
}
