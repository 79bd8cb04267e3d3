import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  ApproveTimeSheetInput as ApproveContract,
  ClockInput as ClockContract,
  EditShiftInput as EditContract,
  ShiftStatus,
} from '@salon/contracts';

@ObjectType('ShiftBreak')
export class ShiftBreakModel {
  @Field() startedAt: string;
  @Field(() => String, { nullable: true }) endedAt: string | null;
}

@ObjectType('ShiftTimes')
export class ShiftTimesModel {
  @Field() clockInAt: string;
  @Field(() => String, { nullable: true }) clockOutAt: string | null;
  @Field(() => Int) breakMinutes: number;
}

@ObjectType('ShiftEdit', { description: "A manager's correction: who, when, why, before and after" })
export class ShiftEditModel {
  @Field(() => ID) editedBy: string;
  @Field() editedAt: string;
  @Field() reason: string;
  @Field(() => ShiftTimesModel) before: ShiftTimesModel;
  @Field(() => ShiftTimesModel) after: ShiftTimesModel;
}

@ObjectType('Shift')
export class ShiftModel {
  @Field(() => ID) id: string;
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field(() => String, { description: 'open, closed, or forgotten (left open past the limit: a manager sets the clock-out)' })
  status: ShiftStatus;
  @Field() clockInAt: string;
  @Field(() => String, { nullable: true }) clockOutAt: string | null;
  @Field() workDate: string;
  @Field(() => [ShiftBreakModel]) breaks: ShiftBreakModel[];
  @Field() onBreak: boolean;
  @Field(() => Int) workedMinutes: number;
  @Field(() => Int) breakMinutes: number;
  @Field() source: string;
  @Field() approved: boolean;
  @Field(() => [ShiftEditModel]) edits: ShiftEditModel[];
  @Field(() => Int) version: number;
}

@ObjectType('TimeSheetDay')
export class TimeSheetDayModel {
  @Field() date: string;
  @Field(() => Int) workedMinutes: number;
  @Field(() => Int) regularMinutes: number;
  @Field(() => Int) overtimeMinutes: number;
}

@ObjectType('TimeSheet')
export class TimeSheetModel {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field() from: string;
  @Field() to: string;
  @Field(() => [ShiftModel]) shifts: ShiftModel[];
  @Field(() => [TimeSheetDayModel]) days: TimeSheetDayModel[];
  @Field(() => Int) workedMinutes: number;
  @Field(() => Int) regularMinutes: number;
  @Field(() => Int) overtimeMinutes: number;
  @Field(() => Int) unresolved: number;
  @Field(() => String, { nullable: true }) approvedAt: string | null;
  @Field(() => ID, { nullable: true }) approvedBy: string | null;
}

@InputType()
export class ClockInput implements ClockContract {
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) staffId?: string;
  @Field(() => String, { nullable: true, description: 'A personal PIN, on a shared front-desk screen' }) pin?: string;
}

@InputType()
export class EditShiftInput implements EditContract {
  @Field() clockInAt: string;
  @Field(() => String, { nullable: true }) clockOutAt: string | null;
  @Field(() => Int) breakMinutes: number;
  @Field() reason: string;
  @Field(() => Int) version: number;
}

@InputType()
export class ApproveTimeSheetInput implements ApproveContract {
  @Field(() => ID) staffId: string;
  @Field(() => ID) locationId: string;
  @Field() from: string;
  @Field() to: string;
}
