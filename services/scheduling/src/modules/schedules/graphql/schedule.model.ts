import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { ExceptionRow, PolicyRow, TimeOffRow, WorkingHoursRow } from '../persistence/schedule.repository.js';

@ObjectType('WorkingHours')
export class WorkingHoursModel implements WorkingHoursRow {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field(() => Int, { description: 'ISO weekday, 1 = Monday' }) weekday: number;
  @Field({ description: 'HH:mm local' }) start: string;
  @Field({ description: 'HH:mm local' }) end: string;
  @Field({ description: 'work | break' }) kind: 'work' | 'break';
  @Field(() => String, { nullable: true }) label: string | null;
}

@ObjectType('WallHours')
export class WallHoursModel {
  @Field() start: string;
  @Field() end: string;
}

@ObjectType('ScheduleException')
export class ScheduleExceptionModel implements ExceptionRow {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field(() => [WallHoursModel], { description: 'Empty: not working that day' }) hours: WallHoursModel[];
  @Field(() => String, { nullable: true }) label: string | null;
}

@ObjectType('TimeOff')
export class TimeOffModel implements TimeOffRow {
  @Field(() => ID) id: string;
  @Field(() => ID) staffId: string;
  @Field(() => ID, { nullable: true, description: 'null: every location' }) locationId: string | null;
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field(() => String, { nullable: true }) label: string | null;
  @Field({ description: 'time-off | blocked' }) kind: 'time-off' | 'blocked';
}

@ObjectType('OpeningHours')
export class OpeningHoursModel {
  @Field(() => Int) weekday: number;
  @Field() start: string;
  @Field() end: string;
}

@ObjectType('BookingPolicy')
export class BookingPolicyModel implements PolicyRow {
  @Field(() => ID) locationId: string;
  @Field() timeZone: string;
  @Field(() => Int) slotIntervalMin: number;
  @Field(() => Int) minNoticeMin: number;
  @Field(() => Int) maxAdvanceDays: number;
  @Field(() => Int) lateCancelHours: number;
  @Field(() => [OpeningHoursModel], { nullable: true }) openingHours: OpeningHoursModel[] | null;
  @Field(() => Int, { nullable: true, description: 'The no-show fee staff may charge (minor units); null: none' })
  noShowFeeMinor: number | null;
  @Field(() => Int, { nullable: true, description: 'The fee for a cancellation inside the late-cancel window (minor units); null: none' })
  lateCancelFeeMinor: number | null;
  @Field({ description: 'Online booking saves a card on file (unless a deposit takes one)' }) requireCardOnline: boolean;
}

@InputType()
export class WorkingIntervalInput {
  @Field(() => Int) weekday: number;
  @Field() start: string;
  @Field() end: string;
  @Field(() => String, { nullable: true, description: 'work (default) | break' }) kind?: 'work' | 'break';
  @Field(() => String, { nullable: true }) label?: string | null;
}

@InputType()
export class WorkingHoursInput {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field(() => [WorkingIntervalInput], { description: 'The whole week: replaces the current hours at the location' })
  intervals: WorkingIntervalInput[];
}

@InputType()
export class WallHoursInput {
  @Field() start: string;
  @Field() end: string;
}

@InputType()
export class ScheduleExceptionInput {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field() date: string;
  @Field(() => [WallHoursInput]) hours: WallHoursInput[];
  @Field(() => String, { nullable: true }) label?: string | null;
}

@InputType()
export class TimeOffInput {
  @Field(() => ID) staffId: string;
  @Field(() => ID, { nullable: true }) locationId?: string | null;
  @Field() startsAt: string;
  @Field() endsAt: string;
  @Field(() => String, { nullable: true }) label?: string | null;
  @Field(() => String, { nullable: true, description: 'time-off (default) | blocked' }) kind?: 'time-off' | 'blocked';
}

@InputType()
export class OpeningHoursInput {
  @Field(() => Int) weekday: number;
  @Field() start: string;
  @Field() end: string;
}

@InputType()
export class BookingPolicyInput {
  @Field() timeZone: string;
  @Field(() => Int, { nullable: true }) slotIntervalMin?: number;
  @Field(() => Int, { nullable: true }) minNoticeMin?: number;
  @Field(() => Int, { nullable: true }) maxAdvanceDays?: number;
  @Field(() => Int, { nullable: true }) lateCancelHours?: number;
  @Field(() => [OpeningHoursInput], { nullable: true }) openingHours?: OpeningHoursInput[] | null;
  @Field(() => Int, { nullable: true }) noShowFeeMinor?: number | null;
  @Field(() => Int, { nullable: true }) lateCancelFeeMinor?: number | null;
  @Field(() => Boolean, { nullable: true }) requireCardOnline?: boolean;
}
