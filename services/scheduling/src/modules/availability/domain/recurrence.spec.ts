import { describe, expect, it } from 'vitest';
import { expandRecurrence } from './recurrence.js';
import { at, hm, ZONE } from './test/fixtures.js';

describe('expandRecurrence', () => {
  it.each([
    {
      name: 'every 2 weeks across spring forward, count',
      rule: { start: at('2026-02-24 10:00'), everyWeeks: 2, count: 4 },
      expected: ['2026-02-24T16:00:00.000Z', '2026-03-10T15:00:00.000Z', '2026-03-24T15:00:00.000Z', '2026-04-07T15:00:00.000Z'],
    },
    {
      name: 'weekly until (inclusive)',
      rule: { start: at('2026-02-24 10:00'), everyWeeks: 1, until: at('2026-03-10 10:00') },
      expected: ['2026-02-24T16:00:00.000Z', '2026-03-03T16:00:00.000Z', '2026-03-10T15:00:00.000Z'],
    },
    {
      name: 'weekly across fall back',
      rule: { start: at('2026-10-27 10:00'), everyWeeks: 1, count: 2 },
      expected: ['2026-10-27T15:00:00.000Z', '2026-11-03T16:00:00.000Z'],
    },
    {
      name: 'count and until: the earlier wins',
      rule: { start: at('2026-10-27 10:00'), everyWeeks: 3, count: 10, until: at('2026-11-30 00:00') },
      expected: ['2026-10-27T15:00:00.000Z', '2026-11-17T16:00:00.000Z'],
    },
  ])('$name', ({ rule, expected }) => {
    const out = expandRecurrence({ ...rule, timeZone: ZONE });
    expect(out.map((d) => d.toISOString())).toEqual(expected);
    expect(new Set(out.map(hm))).toEqual(new Set(['10:00']));
  });

  it.each([
    { name: 'no end', rule: { everyWeeks: 1 } },
    { name: 'zero weeks', rule: { everyWeeks: 0, count: 2 } },
  ])('refuses $name', ({ rule }) => {
    expect(() => expandRecurrence({ start: at('2026-03-10 10:00'), timeZone: ZONE, ...rule })).toThrow(RangeError);
  });
});
