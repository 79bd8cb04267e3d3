import { describe, expect, it } from 'vitest';
import { DEFAULT_OVERTIME_RULE, splitOvertime, weekOf } from './overtime.rules.js';

const h = (hours: number) => hours * 60;
// 2026-11-23 is a Monday.
const week = (hours: number[]) => hours.map((x, i) => ({ date: `2026-11-${String(23 + i).padStart(2, '0')}`, workedMinutes: h(x) }));

describe('splitOvertime', () => {
  it.each([
    {
      name: 'under 40 h: all regular',
      days: week([8, 8, 8, 8]),
      rule: DEFAULT_OVERTIME_RULE,
      regular: [8, 8, 8, 8],
      overtime: [0, 0, 0, 0],
    },
    {
      name: 'exactly 40 h: no overtime',
      days: week([8, 8, 8, 8, 8]),
      rule: DEFAULT_OVERTIME_RULE,
      regular: [8, 8, 8, 8, 8],
      overtime: [0, 0, 0, 0, 0],
    },
    {
      name: 'weekly: the hours past 40 are overtime on the day they were worked',
      days: week([10, 10, 10, 8, 6]),
      rule: DEFAULT_OVERTIME_RULE,
      regular: [10, 10, 10, 8, 2],
      overtime: [0, 0, 0, 0, 4],
    },
    {
      name: 'daily over 8 h, no weekly rule',
      days: week([10, 6, 9]),
      rule: { weeklyLimitMinutes: null, dailyLimitMinutes: h(8) },
      regular: [8, 6, 8],
      overtime: [2, 0, 1],
    },
    {
      name: 'daily and weekly: daily overtime does not count toward the week',
      days: week([12, 12, 12, 12]),
      rule: { weeklyLimitMinutes: h(40), dailyLimitMinutes: h(8) },
      regular: [8, 8, 8, 8],
      overtime: [4, 4, 4, 4],
    },
    {
      name: 'daily and weekly both reached',
      days: week([9, 9, 9, 9, 9, 9]),
      rule: { weeklyLimitMinutes: h(40), dailyLimitMinutes: h(8) },
      regular: [8, 8, 8, 8, 8, 0],
      overtime: [1, 1, 1, 1, 1, 9],
    },
    {
      name: 'no rule: never overtime',
      days: week([14, 14, 14, 14]),
      rule: { weeklyLimitMinutes: null, dailyLimitMinutes: null },
      regular: [14, 14, 14, 14],
      overtime: [0, 0, 0, 0],
    },
  ])('$name', ({ days, rule, regular, overtime }) => {
    const split = splitOvertime(days, rule);
    expect(split.map((d) => d.regularMinutes / 60)).toEqual(regular);
    expect(split.map((d) => d.overtimeMinutes / 60)).toEqual(overtime);
    for (const d of split) expect(d.regularMinutes + d.overtimeMinutes).toBe(d.workedMinutes);
  });

  it('counts each work week on its own (Monday to Sunday)', () => {
    const days = [
      ...week([10, 10, 10, 10, 5]), // 45 h in the week of Nov 23
      { date: '2026-11-30', workedMinutes: h(10) }, // Monday of the next week
    ];
    const split = splitOvertime(days, DEFAULT_OVERTIME_RULE);
    expect(split.at(-2)).toMatchObject({ regularMinutes: 0, overtimeMinutes: h(5) });
    expect(split.at(-1)).toMatchObject({ regularMinutes: h(10), overtimeMinutes: 0 });
  });

  it('sorts days and names Monday as the start of the week', () => {
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(splitOvertime([...week([20, 25])].reverse(), DEFAULT_OVERTIME_RULE).map((d) => d.date)).toEqual(['2026-11-23', '2026-11-24']);
  });
});
