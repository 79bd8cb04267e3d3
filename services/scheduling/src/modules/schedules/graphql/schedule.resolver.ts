import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { SEE_A_SCHEDULE } from '../domain/schedule-scope.js';
import { SchedulesUseCase } from '../use-cases/schedules.use-case.js';
import {
  BookingPolicyInput,
  BookingPolicyModel,
  ScheduleExceptionInput,
  ScheduleExceptionModel,
  TimeOffInput,
  TimeOffModel,
  WorkingHoursInput,
  WorkingHoursModel,
} from './schedule.model.js';

const EDIT = 'edit_calendar';
const opt = (o: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** The same guards as /api/working-hours, /api/time-off, /api/schedule-exceptions, /api/booking-policies. */
@Resolver()
export class ScheduleResolver {
  constructor(private readonly schedules: SchedulesUseCase) {}

  @RequirePermission(SEE_A_SCHEDULE)
  @Query(() => [WorkingHoursModel], { description: "view_own_schedule alone sees one's own" })
  workingHours(
    @CurrentAuth() auth: AuthContext,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('staffId', { type: () => ID, nullable: true }) staffId?: string | null,
  ) {
    return this.schedules.workingHours(auth, opt({ locationId, staffId }));
  }

  @RequirePermission(EDIT)
  @Mutation(() => [WorkingHoursModel], { description: "The staff member's whole week at one location" })
  replaceWorkingHours(@CurrentAuth() auth: AuthContext, @Args('input') input: WorkingHoursInput) {
    return this.schedules.replaceWorkingHours(auth, given(input));
  }

  @RequirePermission(EDIT)
  @Mutation(() => ScheduleExceptionModel)
  saveScheduleException(@Args('input') input: ScheduleExceptionInput) {
    return this.schedules.saveException(given(input));
  }

  @RequirePermission(SEE_A_SCHEDULE)
  @Query(() => [TimeOffModel])
  timeOff(
    @CurrentAuth() auth: AuthContext,
    @Args('from') from: string,
    @Args('to') to: string,
    @Args('staffId', { type: () => ID, nullable: true }) staffId?: string | null,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string | null,
  ) {
    return this.schedules.timeOff(auth, opt({ from, to, staffId, locationId }));
  }

  @RequirePermission(EDIT)
  @Mutation(() => TimeOffModel)
  addTimeOff(@CurrentAuth() auth: AuthContext, @Args('input') input: TimeOffInput) {
    return this.schedules.addTimeOff(auth, given(input));
  }

  @RequirePermission(EDIT)
  @Mutation(() => Boolean)
  async removeTimeOff(@Args('id', { type: () => ID }) id: string) {
    await this.schedules.removeTimeOff(id);
    return true;
  }

  @RequirePermission({ anyOf: ['view_calendar', 'view_business_settings', 'edit_business_settings'] })
  @Query(() => BookingPolicyModel, { description: 'A location without its own policy gets the defaults' })
  bookingPolicy(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.schedules.policy(locationId);
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => BookingPolicyModel)
  saveBookingPolicy(@Args('locationId', { type: () => ID }) locationId: string, @Args('input') input: BookingPolicyInput) {
    return this.schedules.savePolicy(locationId, given(input));
  }
}
