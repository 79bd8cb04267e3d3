import { payRuleInputSchema } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { ruleInForce, type RuleVersion } from './rule-versions.rules.js';

const rule = (hourlyRateMinor: number) => payRuleInputSchema.parse({ effectiveFrom: '2026-01-01', hourlyRateMinor });
const versions: RuleVersion[] = [
  { id: 'a', version: 1, effectiveFrom: '2026-01-01', rule: rule(1500) },
  { id: 'b', version: 2, effectiveFrom: '2026-11-25', rule: rule(1800) },
  // Typed later for the same date: it wins over version 2.
  { id: 'c', version: 3, effectiveFrom: '2026-11-25', rule: rule(1900) },
];

describe('ruleInForce', () => {
  it.each([
    ['2025-12-31', null],
    ['2026-01-01', 'a'],
    ['2026-11-24', 'a'],
    ['2026-11-25', 'c'],
    ['2027-03-01', 'c'],
  ])('on %s → %s', (date, id) => {
    expect(ruleInForce(versions, date)?.id ?? null).toBe(id);
  });
});
