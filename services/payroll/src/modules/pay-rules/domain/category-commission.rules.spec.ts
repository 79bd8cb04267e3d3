import { payRuleInputSchema, type PayRule } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { categoryRate } from './category-commission.rules.js';

const rule = payRuleInputSchema.parse({
  effectiveFrom: '2026-01-01',
  categoryCommissions: [
    { kind: 'service', category: 'Colour', rateBps: 3000 },
    { kind: 'product', category: 'Hair care', rateBps: 1500 },
  ],
});

describe('categoryRate', () => {
  it.each([
    ['service', 'Colour', 3000],
    ['service', '  colour ', 3000],
    ['product', 'HAIR CARE', 1500],
    // A rate is for its kind only.
    ['product', 'Colour', null],
    ['service', 'Hair care', null],
    ['service', 'Cuts', null],
    ['service', null, null],
    ['service', '', null],
  ] as const)('%s line in %j → %s', (kind, category, rate) => {
    expect(categoryRate(rule, kind, category)?.rateBps ?? null).toBe(rate);
  });

  it('reads a rule stored before category rates existed as having none', () => {
    const old = { ...rule, categoryCommissions: undefined } as unknown as PayRule;
    expect(categoryRate(old, 'service', 'Colour')).toBeNull();
  });

  it('refuses two rates for one kind and category, naming the repeated field', () => {
    const parsed = payRuleInputSchema.safeParse({
      effectiveFrom: '2026-01-01',
      categoryCommissions: [
        { kind: 'service', category: 'Colour', rateBps: 3000 },
        { kind: 'product', category: 'Colour', rateBps: 1000 },
        { kind: 'service', category: ' colour', rateBps: 2500 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['categoryCommissions.2.category', 'already has a service rate'],
    ]);
  });
});
