import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { describeRule } from '../domain/describe-rule.rules.js';
import { PayRulesUseCase } from '../use-cases/pay-rules.use-case.js';
import { PayRuleModel } from './pay-rule.model.js';

@Resolver(() => PayRuleModel)
export class PayRuleResolver {
  constructor(private readonly rules: PayRulesUseCase) {}

  @RequirePermission({ anyOf: ['manage_payroll', 'view_time_clock'] })
  @Query(() => [PayRuleModel], { description: "A person's pay rule versions: the caller's own, or anyone's with manage_payroll" })
  async payRules(@CurrentAuth() auth: AuthContext, @Args('staffId', { type: () => ID }) staffId: string): Promise<PayRuleModel[]> {
    return (await this.rules.list(auth, staffId)).map((v) => ({ ...v, summary: describeRule(v.rule), note: v.rule.note ?? null }));
  }
}
