import { allocate, formatMinor, percentOf } from './money.rules.js';

/** A tip as asked for: a percentage (a preset) of the pre-discount service total, or an amount; split by hand optionally. */
export type TipRule = ({ mode: 'percent'; bps: number } | { mode: 'amount'; amountMinor: number }) & {
  /** Shares by hand; they must add up to the tip. Absent: proportional to each person's service total. */
  split?: readonly { staffId: string | null; amountMinor: number }[];
};

/** One service line as the tip sees it: who performed it and its pre-discount amount. */
export interface TipBaseLine {
  staffId: string | null;
  grossMinor: number;
}

export interface TipShareResult {
  staffId: string | null;
  amountMinor: number;
}

export interface TipResult {
  amountMinor: number;
  /** The pre-discount service total a percentage is taken of. */
  baseMinor: number;
  splitMode: 'proportional' | 'manual';
  split: TipShareResult[];
}

export type TipOutcome = { ok: true; tip: TipResult } | { ok: false; field: string; message: string };

/**
 * The tip's amount and how it is shared. Proportional: each person who performed a service gets
 * the tip in proportion to their service total (pre-discount, the same base a percentage uses),
 * by largest remainder, so the shares add up to the cent; people in the order they first appear;
 * service lines nobody performed share as `staffId: null`. With no service lines at all the whole
 * tip is one unassigned share.
 */
export function computeTip(rule: TipRule, serviceLines: readonly TipBaseLine[]): TipOutcome {
  const baseMinor = serviceLines.reduce((sum, l) => sum + l.grossMinor, 0);
  const amountMinor = rule.mode === 'percent' ? percentOf(baseMinor, rule.bps) : rule.amountMinor;
  if (rule.split) {
    const given = rule.split.reduce((sum, s) => sum + s.amountMinor, 0);
    if (given !== amountMinor) {
      return {
        ok: false,
        field: 'tip.split',
        message: `the shares add up to ${formatMinor(given)}, not the tip's ${formatMinor(amountMinor)}`,
      };
    }
    const seen = new Set<string | null>();
    for (const s of rule.split) {
      if (seen.has(s.staffId)) return { ok: false, field: 'tip.split', message: 'names one person twice' };
      seen.add(s.staffId);
    }
    return { ok: true, tip: { amountMinor, baseMinor, splitMode: 'manual', split: rule.split.map((s) => ({ ...s })) } };
  }
  const people: (string | null)[] = [];
  const weights: number[] = [];
  for (const line of serviceLines) {
    const at = people.indexOf(line.staffId);
    if (at === -1) {
      people.push(line.staffId);
      weights.push(line.grossMinor);
    } else weights[at] += line.grossMinor;
  }
  if (people.length === 0) {
    return {
      ok: true,
      tip: { amountMinor, baseMinor, splitMode: 'proportional', split: amountMinor ? [{ staffId: null, amountMinor }] : [] },
    };
  }
  const shares = allocate(amountMinor, weights);
  return {
    ok: true,
    tip: { amountMinor, baseMinor, splitMode: 'proportional', split: people.map((staffId, i) => ({ staffId, amountMinor: shares[i]! })) },
  };
}
