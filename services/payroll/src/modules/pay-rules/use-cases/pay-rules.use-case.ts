import { Injectable } from '@nestjs/common';
import { isUuid, payRuleInputSchema, type PayRuleView } from '@salon/contracts';
import { parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { Access } from '../../../common/access.provider.js';
import { PayRuleRepository, type PayRuleRow } from '../persistence/pay-rule.repository.js';

export const toPayRuleView = (r: PayRuleRow): PayRuleView => ({
  id: r.id,
  staffId: r.staffId,
  version: r.version,
  effectiveFrom: r.effectiveFrom,
  rule: r.rule,
  createdBy: r.createdBy,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A person's pay rule versions: a change is a new version from its date on, never an edit of the past. */
@Injectable()
export class PayRulesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: PayRuleRepository,
    private readonly access: Access,
  ) {}

  async list(auth: AuthContext, staffId: string): Promise<PayRuleView[]> {
    if (!isUuid(staffId)) throw ValidationFailedError.field('staffId', 'must be a staff id');
    await this.access.ownOr(auth, staffId, 'manage_payroll', "Someone else's pay rules");
    return (await this.rules.ofStaff(staffId)).map(toPayRuleView);
  }

  async add(auth: AuthContext, staffId: string, input: unknown): Promise<PayRuleView> {
    if (!isUuid(staffId)) throw ValidationFailedError.field('staffId', 'must be a staff id');
    const rule = parseInput(payRuleInputSchema, input);
    const tiers = rule.serviceCommission?.tiers ?? [];
    if (new Set(tiers.map((t) => t.fromMinor)).size !== tiers.length)
      throw ValidationFailedError.field('serviceCommission.tiers', 'must not repeat a threshold');
    for (const [i, o] of (rule.serviceCommission?.overrides ?? []).entries()) {
      if ((o.rateBps === null) === (o.flatMinor === null))
        throw ValidationFailedError.field(`serviceCommission.overrides.${i}`, 'needs either rateBps or flatMinor');
    }
    const row = await this.dataSource.transaction((m) =>
      this.rules.append(m, { staffId, effectiveFrom: rule.effectiveFrom, rule, createdBy: auth.userId }),
    );
    return toPayRuleView(row);
  }
}
