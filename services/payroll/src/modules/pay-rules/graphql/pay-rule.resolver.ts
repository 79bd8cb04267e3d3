import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { PayRule, PayRuleView } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { describeRule } from '../domain/describe-rule.rules.js';
import { PayRulesUseCase } from '../use-cases/pay-rules.use-case.js';
import { PayRuleInput, PayRuleModel, type PayRuleTermsModel } from './pay-rule.model.js';

/** A stored rule as GraphQL shows it; rules stored before a field existed read as its default. */
function terms(r: PayRule): PayRuleTermsModel {
  return {
    hourlyRateMinor: r.hourlyRateMinor ?? null,
    salaryPerPeriodMinor: r.salaryPerPeriodMinor ?? null,
    serviceCommission: r.serviceCommission
      ? {
          rateBps: r.serviceCommission.rateBps,
          tierMode: r.serviceCommission.tierMode,
          tiers: r.serviceCommission.tiers ?? [],
          overrides: r.serviceCommission.overrides ?? [],
        }
      : null,
    productCommissionBps: r.productCommissionBps ?? 0,
    categoryCommissions: r.categoryCommissions ?? [],
    deductions: { backBarFeeMinor: r.deductions?.backBarFeeMinor ?? 0, productCostBps: r.deductions?.productCostBps ?? 0 },
    tips: { paid: r.tips?.paid ?? true, lessCardFee: r.tips?.lessCardFee ?? false, takeBackOnRefund: r.tips?.takeBackOnRefund ?? false },
    boothRentPerPeriodMinor: r.boothRentPerPeriodMinor ?? 0,
  };
}

const toModel = (v: PayRuleView): PayRuleModel => ({
  ...v,
  summary: describeRule(v.rule),
  terms: terms(v.rule),
  note: v.rule.note ?? null,
});

@Resolver(() => PayRuleModel)
export class PayRuleResolver {
  constructor(private readonly rules: PayRulesUseCase) {}

  @RequirePermission({ anyOf: ['manage_payroll', 'view_time_clock'] })
  @Query(() => [PayRuleModel], { description: "A person's pay rule versions: the caller's own, or anyone's with manage_payroll" })
  async payRules(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID }) staffId: string): Promise<PayRuleModel[]> {
    return (await this.rules.list(auth, staffId)).map(toModel);
  }

  @RequirePermission('manage_payroll')
  @Mutation(() => PayRuleModel, { description: "A new version of a person's pay rule, in force from its effectiveFrom on" })
  async addPayRule(
    @CurrentAuth() auth: AuthContext,
    @Args('staffId', { type: () => ID }) staffId: string,
    @Args('input') input: PayRuleInput,
  ): Promise<PayRuleModel> {
    return toModel(await this.rules.add(auth, staffId, given(input)));
  }
}
