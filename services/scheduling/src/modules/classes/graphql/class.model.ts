import { Field, ID, InputType, Int, InterfaceType, ObjectType } from '@nestjs/graphql';
import type { ClassSessionView, EnrolmentStatus, EnrolmentView, SessionStatus } from '@salon/contracts';
import type { EnrolmentResult } from '../use-cases/class-enrolments.use-case.js';
import type { ClassSessionDetail } from '../use-cases/class-sessions.use-case.js';

@ObjectType('ClassEnrolment')
export class ClassEnrolmentModel implements EnrolmentView {
  @Field(() => ID) id: string;
  @Field(() => ID) sessionId: string;
  @Field(() => ID) clientId: string;
  @Field(() => String, { description: 'enrolled | waitlisted | cancelled | attended | no-show' }) status: EnrolmentStatus;
  @Field(() => Int, { nullable: true, description: '1-based place in the waitlist while waitlisted' }) waitlistPosition: number | null;
  @Field(() => String, { nullable: true }) promotedAt: string | null;
  @Field() createdAt: string;
  @Field() updatedAt: string;
}

/** What a session and its detail share: one interface, so the web reads them with one fragment. */
@InterfaceType('ClassSessionCore')
export abstract class ClassSessionCoreModel implements ClassSessionView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) seriesId: string | null;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => ID) instructorId: string;
  @Field(() => ID, { nullable: true }) roomId: string | null;
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field(() => Int) durationMin: number;
  @Field(() => Int) capacity: number;
  @Field(() => Int) priceMinor: number;
  @Field() currency: string;
  @Field(() => String, { description: 'scheduled | cancelled' }) status: SessionStatus;
  @Field(() => String, { nullable: true }) cancelReason: string | null;
  @Field(() => ID, { nullable: true }) createdBy: string | null;
  @Field(() => Int) version: number;
  @Field(() => Int, { description: 'Enrolled, attended and no-show places' }) enrolledCount: number;
  @Field(() => Int) waitlistedCount: number;
  @Field() createdAt: string;
  @Field() updatedAt: string;
}

@ObjectType('ClassSession', { implements: () => [ClassSessionCoreModel] })
export class ClassSessionModel extends ClassSessionCoreModel {}

@ObjectType('ClassSessionDetail', { implements: () => [ClassSessionCoreModel] })
export class ClassSessionDetailModel extends ClassSessionCoreModel implements ClassSessionDetail {
  @Field(() => [ClassEnrolmentModel], { description: 'The roster, waitlist included' }) enrolments: ClassEnrolmentModel[];
}

@ObjectType('ClassesScheduled')
export class ClassesScheduledModel {
  @Field(() => ID, { nullable: true }) seriesId: string | null;
  @Field(() => [ClassSessionModel]) sessions: ClassSessionModel[];
}

@ObjectType('EnrolmentCancelled')
export class EnrolmentCancelledModel implements EnrolmentResult {
  @Field(() => ClassEnrolmentModel) enrolment: ClassEnrolmentModel;
  @Field(() => [ClassEnrolmentModel], { description: 'Who moved up from the waitlist into the freed seat' })
  promoted: ClassEnrolmentModel[];
}

@InputType()
export class ClassRepeatInput {
  @Field(() => Int) everyWeeks: number;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => String, { nullable: true, description: 'Last local date (inclusive)' }) until?: string;
}

@InputType()
export class ScheduleClassInput {
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => ID) instructorId: string;
  @Field(() => ID, { nullable: true }) roomId?: string | null;
  @Field() startsAt: string;
  @Field(() => Int) durationMin: number;
  @Field(() => Int) capacity: number;
  @Field(() => Int, { nullable: true }) priceMinor?: number;
  @Field(() => String, { nullable: true }) currency?: string;
  @Field(() => ClassRepeatInput, { nullable: true }) repeat?: ClassRepeatInput | null;
}

@InputType()
export class UpdateClassInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => ID, { nullable: true }) instructorId?: string;
  @Field(() => ID, { nullable: true, description: 'null: no room' }) roomId?: string | null;
  @Field(() => String, { nullable: true }) startsAt?: string;
  @Field(() => Int, { nullable: true }) durationMin?: number;
  @Field(() => Int, { nullable: true }) capacity?: number;
  @Field(() => Int, { nullable: true }) priceMinor?: number;
  @Field(() => String, { nullable: true }) currency?: string;
  @Field(() => Int, { nullable: true }) version?: number;
}
