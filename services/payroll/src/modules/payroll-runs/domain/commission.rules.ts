import { formatBps, formatMinor, roundHalfAway } from './money.rules.js';

export interface Tier {
  fromMinor: number;
  rateBps: number;
}
export type TierMode = 'whole' | 'marginal';

/** The rate schedule: the base rate below the first tier, then each tier's rate from its threshold on. */
function schedule(baseRateBps: number, tiers: readonly Tier[]): Tier[] {
  const sorted = [...tiers].sort((a, b) => a.fromMinor - b.fromMinor);
  return sorted[0]?.fromMinor === 0 ? sorted : [{ fromMinor: 0, rateBps: baseRateBps }, ...sorted];
}

/** The rate of the tier a revenue reaches. */
export function reachedRate(baseRateBps: number, tiers: readonly Tier[], revenueMinor: number): number {
  let rate = baseRateBps;
  for (const t of schedule(baseRateBps, tiers)) if (revenueMinor >= t.fromMinor) rate = t.rateBps;
  return rate;
}

export interface CommissionPiece {
  baseMinor: number;
  rateBps: number;
}

/**
 * One sale's commission inside a period's tiers. `before` is the period's commissionable revenue
 * already counted ahead of this sale (sales in time order); `periodRevenue` the period's whole.
 *
 * - whole: the sale earns the rate of the tier the period's revenue reached, on all of it;
 * - marginal: the sale's revenue is cut at each threshold it crosses, each part at its tier's rate
 *   (so summed over the period, only the part above a threshold earns that threshold's rate).
 *
 * The amount is rounded once per sale, after the parts are added.
 */
export function tieredCommission(
  mode: TierMode,
  baseRateBps: number,
  tiers: readonly Tier[],
  sale: { baseMinor: number; before: number; periodRevenue: number },
): { amountMinor: number; pieces: CommissionPiece[]; arithmetic: string } {
  let pieces: CommissionPiece[];
  if (mode === 'whole' || tiers.length === 0) {
    pieces = [{ baseMinor: sale.baseMinor, rateBps: tiers.length ? reachedRate(baseRateBps, tiers, sale.periodRevenue) : baseRateBps }];
  } else {
    const sched = schedule(baseRateBps, tiers);
    pieces = [];
    let at = sale.before;
    const end = sale.before + sale.baseMinor;
    for (let i = 0; i < sched.length && at < end; i++) {
      const upper = sched[i + 1]?.fromMinor ?? Infinity;
      if (upper <= at) continue;
      const part = Math.min(end, upper) - at;
      pieces.push({ baseMinor: part, rateBps: sched[i]!.rateBps });
      at += part;
    }
    if (pieces.length === 0) pieces.push({ baseMinor: 0, rateBps: baseRateBps });
  }
  const exact = pieces.reduce((s, p) => s + (p.baseMinor * p.rateBps) / 10_000, 0);
  const amountMinor = roundHalfAway(exact);
  const arithmetic = `${pieces.map((p) => `${formatMinor(p.baseMinor)} × ${formatBps(p.rateBps)}`).join(' + ')} = ${formatMinor(amountMinor)}`;
  return { amountMinor, pieces, arithmetic };
}
