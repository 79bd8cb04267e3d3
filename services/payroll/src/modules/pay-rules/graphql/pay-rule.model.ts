import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('CommissionTier')
@InputType('CommissionTierInput')
export class CommissionTierModel {
  @Field(() => Int, { description: "The period's service revenue (after deductions) from which this rate applies" }) fromMinor: number;
  @Field(() => Int) rateBps: number;
}

@ObjectType('CommissionOverride')
@InputType('CommissionOverrideInput')
export class CommissionOverrideModel {
  @Field(() => ID) serviceId: string;
  @Field(() => Int, { nullable: true }) rateBps: number | null;
  @Field(() => Int, { nullable: true }) flatMinor: number | null;
}

@ObjectType('ServiceCommission')
@InputType('ServiceCommissionInput')
export class ServiceCommissionModel {
  @Field(() => Int) rateBps: number;
  @Field(() => String, { description: 'whole or marginal' }) tierMode: 'whole' | 'marginal';
  @Field(() => [CommissionTierModel]) tiers: CommissionTierModel[];
  @Field(() => [CommissionOverrideModel]) overrides: CommissionOverrideModel[];
}

@ObjectType('CategoryCommission')
@InputType('CategoryCommissionInput')
export class CategoryCommissionModel {
  @Field(() => String, { description: 'service or product' }) kind: 'service' | 'product';
  @Field({ description: "The category as on the ticket line (the service's or product's category)" }) category: string;
  @Field(() => Int) rateBps: number;
}

@ObjectType('PayDeductions')
@InputType('PayDeductionsInput')
export class PayDeductionsModel {
  @Field(() => Int) backBarFeeMinor: number;
  @Field(() => Int) productCostBps: number;
}

@ObjectType('TipHandling')
@InputType('TipHandlingInput')
export class TipHandlingModel {
  @Field() paid: boolean;
  @Field() lessCardFee: boolean;
  @Field() takeBackOnRefund: boolean;
}

@ObjectType('PayRuleTerms', { description: 'What a pay rule version says, as its contract has it (payRuleInputSchema)' })
export class PayRuleTermsModel {
  @Field(() => Int, { nullable: true }) hourlyRateMinor: number | null;
  @Field(() => Int, { nullable: true }) salaryPerPeriodMinor: number | null;
  @Field(() => ServiceCommissionModel, { nullable: true }) serviceCommission: ServiceCommissionModel | null;
  @Field(() => Int) productCommissionBps: number;
  @Field(() => [CategoryCommissionModel]) categoryCommissions: CategoryCommissionModel[];
  @Field(() => PayDeductionsModel) deductions: PayDeductionsModel;
  @Field(() => TipHandlingModel) tips: TipHandlingModel;
  @Field(() => Int) boothRentPerPeriodMinor: number;
}

@ObjectType('PayRule', { description: "One version of a person's pay rule, in force from effectiveFrom" })
export class PayRuleModel {
  @Field(() => ID) id: string;
  @Field(() => ID) staffId: string;
  @Field(() => Int) version: number;
  @Field() effectiveFrom: string;
  @Field({ description: 'The rule in words' }) summary: string;
  @Field(() => PayRuleTermsModel) terms: PayRuleTermsModel;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field() createdAt: string;
}

/** A new version of a person's rule; checked by payRuleInputSchema (problems name the field, e.g. categoryCommissions.0.rateBps). */
@InputType()
export class PayRuleInput {
  @Field() effectiveFrom: string;
  @Field(() => Int, { nullable: true }) hourlyRateMinor?: number | null;
  @Field(() => Int, { nullable: true }) salaryPerPeriodMinor?: number | null;
  @Field(() => ServiceCommissionModel, { nullable: true }) serviceCommission?: ServiceCommissionModel | null;
  @Field(() => Int, { nullable: true }) productCommissionBps?: number;
  @Field(() => [CategoryCommissionModel], { nullable: true }) categoryCommissions?: CategoryCommissionModel[];
  @Field(() => PayDeductionsModel, { nullable: true }) deductions?: PayDeductionsModel;
  @Field(() => TipHandlingModel, { nullable: true }) tips?: TipHandlingModel;
  @Field(() => Int, { nullable: true }) boothRentPerPeriodMinor?: number;
  @Field(() => String, { nullable: true }) note?: string | null;
}
