import { describe, expect, it } from 'vitest';
import {
  utilisationBps,
  weekdayOf,
  weekInForce,
  workingMinutesByStaff,
  workingMinutesOfDay,
  type WeekInterval,
} from './utilisation.rules.js';

const work = (weekday: number, start: string, end: string): WeekInterval => ({ weekday, start, end, kind: 'work' });
const brk = (weekday: number, start: string, end: string): WeekInterval => ({ weekday, start, end, kind: 'break' });

describe('workingMinutesOfDay', () => {
  it.each([
    ['a plain day', [work(1, '09:00', '17:00')], 1, 480],
    ['less its lunch', [work(1, '09:00', '18:00'), brk(1, '12:30', '13:00')], 1, 510],
    ['another weekday has none', [work(1, '09:00', '18:00')], 2, 0],
    ['split shifts add up', [work(3, '09:00', '12:00'), work(3, '14:00', '20:00')], 3, 540],
    ['overlapping work counts once', [work(3, '09:00', '13:00'), work(3, '12:00', '14:00')], 3, 300],
    ['a break outside work takes nothing', [work(4, '09:00', '12:00'), brk(4, '12:00', '13:00')], 4, 180],
    ['until midnight', [work(5, '18:00', '24:00')], 5, 360],
  ] as const)('%s', (_name, intervals, weekday, minutes) => {
    expect(workingMinutesOfDay(intervals as unknown as WeekInterval[], weekday)).toBe(minutes);
  });
});

describe('weekInForce', () => {
  const versions = [
    { effectiveDate: '2026-11-01', n: 1 },
    { effectiveDate: '2026-11-11', n: 2 },
  ];
  it('is the latest published on or before the date, none before the first', () => {
    expect(weekInForce(versions, '2026-10-31')).toBeNull();
    expect(weekInForce(versions, '2026-11-01')?.n).toBe(1);
    expect(weekInForce(versions, '2026-11-10')?.n).toBe(1);
    expect(weekInForce(versions, '2026-11-11')?.n).toBe(2);
    expect(weekInForce(versions, '2026-12-31')?.n).toBe(2);
  });
});

describe('workingMinutesByStaff', () => {
  it('sums each date of the range with the week in force, across locations, a change mid-range', () => {
    expect(weekdayOf('2026-11-09')).toBe(1);
    expect(weekdayOf('2026-11-15')).toBe(7);
    const minutes = workingMinutesByStaff(
      [
        // Dana, Main: Mon–Fri 09:00–17:00 with lunch; from Thursday 12th on, Fridays off.
        {
          staffId: 'dana',
          locationId: 'main',
          effectiveDate: '2026-10-01',
          intervals: [1, 2, 3, 4, 5].flatMap((d) => [work(d, '09:00', '17:00'), brk(d, '12:00', '12:30')]),
        },
        {
          staffId: 'dana',
          locationId: 'main',
          effectiveDate: '2026-11-12',
          intervals: [1, 2, 3, 4].flatMap((d) => [work(d, '09:00', '17:00'), brk(d, '12:00', '12:30')]),
        },
        // Dana, Lakeview: Saturdays 10–14.
        { staffId: 'dana', locationId: 'lake', effectiveDate: '2026-10-01', intervals: [work(6, '10:00', '14:00')] },
        // Jordan's hours start only on Wednesday 11th.
        {
          staffId: 'jordan',
          locationId: 'main',
          effectiveDate: '2026-11-11',
          intervals: [1, 2, 3, 4, 5].map((d) => work(d, '10:00', '16:00')),
        },
      ],
      '2026-11-09',
      '2026-11-15',
    );
    // Dana: Mon–Thu 4 × 450 = 1,800 (Friday 13th under the new week: none) + Saturday 240.
    expect(minutes.get('dana')).toBe(2_040);
    // Jordan: Wed, Thu, Fri × 360.
    expect(minutes.get('jordan')).toBe(1_080);
  });
});

describe('utilisationBps', () => {
  it('is booked over working hours, zero without hours, and may pass 100 %', () => {
    expect(utilisationBps(1_530, 2_040)).toBe(7_500);
    expect(utilisationBps(60, 0)).toBe(0);
    expect(utilisationBps(120, 100)).toBe(12_000);
    expect(utilisationBps(1, 3)).toBe(3_333);
  });
});
