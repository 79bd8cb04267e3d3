import type { PayRule } from '@salon/contracts';

export interface RuleVersion {
  id: string;
  version: number;
  /** Local date YYYY-MM-DD from which the version applies. */
  effectiveFrom: string;
  rule: PayRule;
}

/**
 * The version in force on a local date: the latest effective on or before it. A change applies
 * from its date on, so a past period keeps the rules of its time. Null before the first version.
 */
export function ruleInForce<V extends { effectiveFrom: string; version: number }>(versions: readonly V[], date: string): V | null {
  let found: V | null = null;
  for (const v of versions) {
    if (v.effectiveFrom > date) continue;
    if (!found || v.effectiveFrom > found.effectiveFrom || (v.effectiveFrom === found.effectiveFrom && v.version > found.version))
      found = v;
  }
  return found;
}
