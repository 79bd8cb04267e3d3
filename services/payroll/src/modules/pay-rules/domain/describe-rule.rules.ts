import type { PayRule } from '@salon/contracts';
import { formatBps, formatMinor } from '../../payroll-runs/domain/money.rules.js';

/** A rule in one sentence, as the person it pays reads it next to an earning line. */
export function describeRule(r: PayRule): string {
  const parts: string[] = [];
  if (r.hourlyRateMinor) parts.push(`${formatMinor(r.hourlyRateMinor)} an hour`);
  if (r.salaryPerPeriodMinor) parts.push(`salary ${formatMinor(r.salaryPerPeriodMinor)} per period`);
  const sc = r.serviceCommission;
  if (sc) {
    const tiers = sc.tiers.length
      ? ` (${sc.tierMode === 'whole' ? 'all revenue at the tier reached' : 'each part at its tier'}: ${[...sc.tiers]
          .sort((a, b) => a.fromMinor - b.fromMinor)
          .map((t) => `${formatBps(t.rateBps)} from ${formatMinor(t.fromMinor)}`)
          .join(', ')})`
      : '';
    parts.push(`service commission ${formatBps(sc.rateBps)}${tiers}`);
    for (const o of sc.overrides)
      parts.push(
        o.flatMinor !== null
          ? `${formatMinor(o.flatMinor)} flat for service ${o.serviceId.slice(0, 8)}`
          : `${formatBps(o.rateBps ?? 0)} for service ${o.serviceId.slice(0, 8)}`,
      );
  }
  if (r.deductions.backBarFeeMinor) parts.push(`less ${formatMinor(r.deductions.backBarFeeMinor)} back-bar fee per service`);
  if (r.deductions.productCostBps) parts.push(`less ${formatBps(r.deductions.productCostBps)} product cost`);
  if (r.productCommissionBps) parts.push(`product commission ${formatBps(r.productCommissionBps)}`);
  for (const c of r.categoryCommissions ?? []) parts.push(`${formatBps(c.rateBps)} on ${c.kind} category ${c.category}`);
  parts.push(r.tips.paid ? (r.tips.lessCardFee ? 'tips paid less the card fee' : 'tips paid in full') : 'tips not paid through payroll');
  if (r.tips.paid && r.tips.takeBackOnRefund) parts.push('tips taken back in share on a refund');
  if (r.boothRentPerPeriodMinor) parts.push(`booth rent ${formatMinor(r.boothRentPerPeriodMinor)} per period`);
  return parts.join('; ');
}
