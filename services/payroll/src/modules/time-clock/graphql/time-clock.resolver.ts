import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { TimeClockUseCase } from '../use-cases/time-clock.use-case.js';
import { ApproveTimeSheetInput, ClockInput, EditShiftInput, ShiftModel, TimeSheetModel } from './time-clock.model.js';

@Resolver(() => ShiftModel)
export class TimeClockResolver {
  constructor(private readonly clock: TimeClockUseCase) {}

  @RequirePermission('view_time_clock')
  @Query(() => ShiftModel, {
    nullable: true,
    description: 'The open shift of the caller (or, with manage_time_clock, of staffId); null when clocked out',
  })
  currentShift(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID, nullable: true }) staffId?: string) {
    return this.clock.current(auth, staffId ?? null);
  }

  @RequirePermission('view_time_clock')
  @Query(() => TimeSheetModel, {
    description: "A person's shifts and overtime between two local dates: the caller's own, or anyone's with manage_time_clock",
  })
  timeSheet(
    @CurrentAuth() auth: AuthContext,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('from') from: string,
    @Args('to') to: string,
    @Args('staffId', { type: () => ID, nullable: true }) staffId?: string,
  ) {
    return this.clock.timeSheet(auth, { staffId: staffId ?? null, locationId, from, to });
  }

  @RequirePermission('view_time_clock')
  @Mutation(() => ShiftModel)
  clockIn(@CurrentAuth() auth: AuthContext, @Args('input') input: ClockInput) {
    return this.clock.punch(auth, 'clock_in', given(input));
  }

  @RequirePermission('view_time_clock')
  @Mutation(() => ShiftModel)
  clockOut(@CurrentAuth() auth: AuthContext, @Args('input') input: ClockInput) {
    return this.clock.punch(auth, 'clock_out', given(input));
  }

  @RequirePermission('view_time_clock')
  @Mutation(() => ShiftModel)
  startBreak(@CurrentAuth() auth: AuthContext, @Args('input') input: ClockInput) {
    return this.clock.punch(auth, 'break_start', given(input));
  }

  @RequirePermission('view_time_clock')
  @Mutation(() => ShiftModel)
  endBreak(@CurrentAuth() auth: AuthContext, @Args('input') input: ClockInput) {
    return this.clock.punch(auth, 'break_end', given(input));
  }

  @RequirePermission('manage_time_clock')
  @Mutation(() => ShiftModel)
  editShift(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: EditShiftInput) {
    return this.clock.edit(auth, id, given(input));
  }

  @RequirePermission('view_time_clock')
  @Mutation(() => Boolean, {
    description: "Sets the personal PIN for a shared front-desk screen: the caller's own, or staffId's with manage_time_clock",
  })
  async setClockPin(
    @CurrentAuth() auth: AuthContext,
    @Args('pin') pin: string,
    @Args('staffId', { type: () => ID, nullable: true }) staffId?: string,
  ): Promise<boolean> {
    await this.clock.setPin(auth, given({ staffId, pin }));
    return true;
  }

  @RequirePermission('manage_time_clock')
  @Mutation(() => TimeSheetModel)
  approveTimeSheet(@CurrentAuth() auth: AuthContext, @Args('input') input: ApproveTimeSheetInput) {
    return this.clock.approve(auth, given(input));
  }
}
