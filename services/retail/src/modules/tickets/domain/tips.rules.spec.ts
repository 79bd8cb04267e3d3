import { describe, expect, it } from 'vitest';
import { computeTip, type TipBaseLine, type TipRule } from './tips.rules.js';

const dana = (grossMinor: number): TipBaseLine => ({ staffId: 'dana', grossMinor });
const jordan = (grossMinor: number): TipBaseLine => ({ staffId: 'jordan', grossMinor });
const riley = (grossMinor: number): TipBaseLine => ({ staffId: 'riley', grossMinor });

describe('computeTip: amount and proportional split (largest remainder, to the cent)', () => {
  it.each<[string, TipRule, TipBaseLine[], number, [string | null, number][]]>([
    ['20% of one haircut', { mode: 'percent', bps: 2000 }, [dana(5500)], 1100, [['dana', 1100]]],
    [
      '18% of a colour and a cut by two people',
      { mode: 'percent', bps: 1800 },
      [dana(12000), jordan(5500)],
      3150,
      [
        ['dana', 2160],
        ['jordan', 990],
      ],
    ],
    // $10 over 55 / 35: 611.11 and 388.88 → the larger remainder takes the cent
    [
      '$10 over two people',
      { mode: 'amount', amountMinor: 1000 },
      [dana(5500), jordan(3500)],
      1000,
      [
        ['dana', 611],
        ['jordan', 389],
      ],
    ],
    // $1.00 over three equal services: 33.33 each → the first of the tie takes the cent
    [
      '$1 over three equal services',
      { mode: 'amount', amountMinor: 100 },
      [dana(4000), jordan(4000), riley(4000)],
      100,
      [
        ['dana', 34],
        ['jordan', 33],
        ['riley', 33],
      ],
    ],
    [
      'one person, two services',
      { mode: 'percent', bps: 1500 },
      [dana(5500), jordan(4000), dana(3500)],
      1950,
      [
        ['dana', 1350],
        ['jordan', 600],
      ],
    ],
    [
      'a service nobody performed shares as unassigned',
      { mode: 'amount', amountMinor: 500 },
      [dana(5000), { staffId: null, grossMinor: 5000 }],
      500,
      [
        ['dana', 250],
        [null, 250],
      ],
    ],
    ['no service lines: one unassigned share', { mode: 'amount', amountMinor: 500 }, [], 500, [[null, 500]]],
    ['a percentage of nothing', { mode: 'percent', bps: 2000 }, [], 0, []],
    ['15% of $42.70: 640.5¢ rounds up', { mode: 'percent', bps: 1500 }, [dana(4270)], 641, [['dana', 641]]],
  ])('%s', (_name, rule, lines, amount, split) => {
    const outcome = computeTip(rule, lines);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.tip.amountMinor).toBe(amount);
    expect(outcome.tip.splitMode).toBe('proportional');
    expect(outcome.tip.split.map((s) => [s.staffId, s.amountMinor])).toEqual(split);
    expect(outcome.tip.split.reduce((sum, s) => sum + s.amountMinor, 0)).toBe(amount);
  });
});

describe('computeTip: split by hand', () => {
  it('takes shares that add up to the tip', () => {
    const outcome = computeTip(
      {
        mode: 'amount',
        amountMinor: 1000,
        split: [
          { staffId: 'dana', amountMinor: 700 },
          { staffId: 'jordan', amountMinor: 300 },
        ],
      },
      [dana(5500), jordan(3500)],
    );
    expect(outcome).toEqual({
      ok: true,
      tip: {
        amountMinor: 1000,
        baseMinor: 9000,
        splitMode: 'manual',
        split: [
          { staffId: 'dana', amountMinor: 700 },
          { staffId: 'jordan', amountMinor: 300 },
        ],
      },
    });
  });
  it.each<[string, TipRule, string]>([
    [
      'shares short of the tip',
      { mode: 'amount', amountMinor: 1000, split: [{ staffId: 'dana', amountMinor: 999 }] },
      "the shares add up to $9.99, not the tip's $10.00",
    ],
    [
      'shares over a percentage tip',
      { mode: 'percent', bps: 2000, split: [{ staffId: 'dana', amountMinor: 1200 }] },
      "the shares add up to $12.00, not the tip's $11.00",
    ],
    [
      'one person twice',
      {
        mode: 'amount',
        amountMinor: 1000,
        split: [
          { staffId: 'dana', amountMinor: 500 },
          { staffId: 'dana', amountMinor: 500 },
        ],
      },
      'names one person twice',
    ],
  ])('refuses %s', (_name, rule, message) => {
    expect(computeTip(rule, [dana(5500)])).toEqual({ ok: false, field: 'tip.split', message });
  });
});
