import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { DraftRunInput as DraftContract, EarningKind } from '@salon/contracts';

@ObjectType('EarningLine', { description: 'One earning of a payroll run: its source, the rule version that made it and the arithmetic' })
export class EarningLineModel {
  @Field(() => ID) id: string;
  @Field(() => ID) staffId: string;
  @Field(() => String) kind: EarningKind;
  @Field() sourceType: string;
  @Field(() => String, { nullable: true }) sourceId: string | null;
  @Field() occurredOn: string;
  @Field() description: string;
  @Field(() => ID, { nullable: true }) ruleId: string | null;
  @Field(() => Int, { nullable: true }) ruleVersion: number | null;
  @Field() arithmetic: string;
  @Field(() => Int) amountMinor: number;
}

@ObjectType('StaffPayTotals')
export class StaffTotalsModel {
  @Field(() => ID) staffId: string;
  @Field(() => String, { nullable: true }) staffName: string | null;
  @Field(() => Int) hoursMinor: number;
  @Field(() => Int) commissionMinor: number;
  @Field(() => Int) tipsMinor: number;
  @Field(() => Int) otherMinor: number;
  @Field(() => Int) totalMinor: number;
  @Field(() => Int) regularMinutes: number;
  @Field(() => Int) overtimeMinutes: number;
}

@ObjectType('PayrollRun')
export class PayrollRunModel {
  @Field(() => ID) id: string;
  @Field() periodStart: string;
  @Field() periodEnd: string;
  @Field() status: string;
  @Field() currency: string;
  @Field() createdAt: string;
  @Field(() => String, { nullable: true }) finalisedAt: string | null;
  @Field(() => ID, { nullable: true }) finalisedBy: string | null;
  @Field(() => Int) totalMinor: number;
  @Field(() => [StaffTotalsModel]) staff: StaffTotalsModel[];
  @Field(() => [ID]) unapprovedStaffIds: string[];
}

@InputType()
export class DraftPayrollRunInput implements DraftContract {
  @Field() periodStart: string;
  @Field() periodEnd: string;
}
