import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { clientReference, ClientReference } from '../../../common/client-reference.model.js';
import { given } from '../../../common/graphql-input.js';
import { ClassEnrolmentsUseCase } from '../use-cases/class-enrolments.use-case.js';
import { ClassSessionsUseCase } from '../use-cases/class-sessions.use-case.js';
import {
  ClassEnrolmentModel,
  ClassesScheduledModel,
  ClassSessionDetailModel,
  ClassSessionModel,
  EnrolmentCancelledModel,
  ScheduleClassInput,
  UpdateClassInput,
} from './class.model.js';

// The same permissions as /api/classes (see the controller for why these).
const VIEW = { anyOf: ['view_calendar', 'view_appointments', 'view_services'] } as const;
const MANAGE = { anyOf: ['edit_calendar', 'edit_business_settings'] } as const;
const ENROL = { anyOf: ['create_appointments', 'edit_appointments'] } as const;
const ATTENDANCE = { anyOf: ['update_appointments', 'edit_appointments'] } as const;

@Resolver()
export class ClassResolver {
  constructor(
    private readonly sessions: ClassSessionsUseCase,
    private readonly enrolments: ClassEnrolmentsUseCase,
  ) {}

  @RequirePermission(VIEW)
  @Query(() => [ClassSessionModel])
  classSessions(@Args('locationId', { type: () => ID }) locationId: string, @Args('from') from: string, @Args('to') to: string) {
    return this.sessions.list({ locationId, from, to });
  }

  @RequirePermission(VIEW)
  @Query(() => ClassSessionDetailModel)
  classSession(@Args('id', { type: () => ID }) id: string) {
    return this.sessions.get(id);
  }

  @RequirePermission(MANAGE)
  @Mutation(() => ClassesScheduledModel, {
    description: 'CONFLICT with extensions.details.conflicts [{startsAt, reason}] when a date is not free',
  })
  scheduleClass(@CurrentAuth() auth: AuthContext, @Args('input') input: ScheduleClassInput) {
    return this.sessions.create(auth, given(input));
  }

  @RequirePermission(MANAGE)
  @Mutation(() => ClassSessionDetailModel)
  updateClassSession(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateClassInput) {
    return this.sessions.update(auth, id, given(input));
  }

  @RequirePermission(MANAGE)
  @Mutation(() => ClassSessionDetailModel)
  cancelClassSession(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { nullable: true }) reason?: string,
  ) {
    return this.sessions.cancel(auth, id, reason ? { reason } : {});
  }

  @RequirePermission(ENROL)
  @Mutation(() => ClassEnrolmentModel, { description: 'status enrolled, or waitlisted (with waitlistPosition) when full' })
  enrolInClass(
    @CurrentAuth() auth: AuthContext,
    @Args('sessionId', { type: () => ID }) sessionId: string,
    @Args('clientId', { type: () => ID }) clientId: string,
    @Args('waitlist', { nullable: true, description: 'Join the waitlist when full (default true)' }) waitlist?: boolean,
  ) {
    return this.enrolments.enrol(auth, sessionId, { clientId, ...(waitlist === undefined || waitlist === null ? {} : { waitlist }) });
  }

  @RequirePermission(ENROL)
  @Mutation(() => EnrolmentCancelledModel)
  cancelClassEnrolment(
    @CurrentAuth() auth: AuthContext,
    @Args('sessionId', { type: () => ID }) sessionId: string,
    @Args('enrolmentId', { type: () => ID }) enrolmentId: string,
  ) {
    return this.enrolments.cancel(auth, sessionId, enrolmentId);
  }

  @RequirePermission(ATTENDANCE)
  @Mutation(() => ClassEnrolmentModel, { description: 'attended | no-show | enrolled, once the class has started' })
  markClassAttendance(
    @Args('sessionId', { type: () => ID }) sessionId: string,
    @Args('enrolmentId', { type: () => ID }) enrolmentId: string,
    @Args('status') status: string,
  ) {
    return this.enrolments.markAttendance(sessionId, enrolmentId, { status });
  }
}

@Resolver(() => ClassEnrolmentModel)
export class ClassEnrolmentResolver {
  @ResolveField(() => ClientReference, { nullable: true })
  client(@Parent() e: ClassEnrolmentModel) {
    return clientReference(e.clientId);
  }
}
