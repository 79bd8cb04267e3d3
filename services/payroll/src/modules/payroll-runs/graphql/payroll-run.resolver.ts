import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { PayrollRunsUseCase } from '../use-cases/payroll-runs.use-case.js';
import { DraftPayrollRunInput, EarningLineModel, PayrollRunModel } from './payroll-run.model.js';

@Resolver(() => PayrollRunModel)
export class PayrollRunResolver {
  constructor(private readonly runs: PayrollRunsUseCase) {}

  @RequirePermission('manage_payroll')
  @Query(() => [PayrollRunModel])
  payrollRuns() {
    return this.runs.list();
  }

  @RequirePermission('manage_payroll')
  @Query(() => PayrollRunModel)
  payrollRun(@Args('id', { type: () => ID }) id: string) {
    return this.runs.get(id);
  }

  @RequirePermission('manage_payroll')
  @Query(() => [EarningLineModel])
  payrollLines(@Args('runId', { type: () => ID }) runId: string, @Args('staffId', { type: () => ID, nullable: true }) staffId?: string) {
    return this.runs.lines(runId, staffId ?? null);
  }

  @RequirePermission('manage_payroll')
  @Mutation(() => PayrollRunModel, { description: 'Drafts (or drafts again) the run of a period from approved time sheets and its sales' })
  draftPayrollRun(@CurrentAuth() auth: AuthContext, @Args('input') input: DraftPayrollRunInput) {
    return this.runs.draft(auth, given(input));
  }

  @RequirePermission('manage_payroll')
  @Mutation(() => PayrollRunModel, { description: 'Locks the run: it never changes again' })
  finalisePayrollRun(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    return this.runs.finalise(auth, id);
  }
}
