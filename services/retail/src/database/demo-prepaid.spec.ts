import { describe, expect, it } from 'vitest';
import { replayLedger } from '../modules/gift-cards/domain/gift-cards.rules.js';
import { DEMO_PLANS, demoGiftCards, demoHoldings } from './demo-prepaid.js';

describe('the demo prepaid value', () => {
  it('has two membership plans and two packages, and members of both', () => {
    expect(DEMO_PLANS.filter((p) => p.kind === 'membership')).toHaveLength(2);
    expect(DEMO_PLANS.filter((p) => p.kind === 'package')).toHaveLength(2);
    const held = new Set(demoHoldings().map((h) => DEMO_PLANS[h.plan]!.kind));
    expect([...held].sort()).toEqual(['membership', 'package']);
    for (const h of demoHoldings()) expect(h.used).toBeLessThanOrEqual(DEMO_PLANS[h.plan]!.credits);
  });

  it('gift cards with unique codes whose ledgers never go below zero, the same every time', () => {
    const cards = demoGiftCards();
    expect(new Set(cards.map((c) => c.code)).size).toBe(cards.length);
    for (const c of cards)
      expect(
        replayLedger([
          { kind: 'issued', amountMinor: c.amountMinor },
          ...c.redeemed.map((r) => ({ kind: 'redeemed' as const, amountMinor: -r })),
        ]),
      ).toBeGreaterThanOrEqual(0);
    expect(cards.some((c) => c.redeemed.reduce((a, b) => a + b, 0) === c.amountMinor)).toBe(true);
    expect(demoGiftCards()).toEqual(cards);
  });
});
