import { describe, expect, it } from 'vitest';
import { expandWorkingTime } from './working-time.js';
import { allWeek, at, staff, ZONE } from './test/fixtures.js';

const iso = (rs: { start: Date; end: Date }[]) => rs.map((r) => `${r.start.toISOString()}/${r.end.toISOString()}`);

describe('expandWorkingTime', () => {
  it.each([
    {
      name: 'Saturday before spring forward (CST, UTC-6)',
      day: '2026-03-07',
      next: '2026-03-08',
      expected: ['2026-03-07T15:00:00.000Z/2026-03-07T23:00:00.000Z'],
    },
    {
      name: 'spring-forward Sunday (CDT, UTC-5)',
      day: '2026-03-08',
      next: '2026-03-09',
      expected: ['2026-03-08T14:00:00.000Z/2026-03-08T22:00:00.000Z'],
    },
    {
      name: 'Saturday before fall back (CDT)',
      day: '2026-10-31',
      next: '2026-11-01',
      expected: ['2026-10-31T14:00:00.000Z/2026-10-31T22:00:00.000Z'],
    },
    {
      name: 'fall-back Sunday (CST)',
      day: '2026-11-01',
      next: '2026-11-02',
      expected: ['2026-11-01T15:00:00.000Z/2026-11-01T23:00:00.000Z'],
    },
  ])('$name: 9:00-17:00 local', ({ day, next, expected }) => {
    const s = staff('d', 'Dana', { weeklyHours: allWeek('09:00', '17:00', [1, 2, 3, 4, 5, 6, 7]) });
    expect(iso(expandWorkingTime(s, { start: at(`${day} 00:00`), end: at(`${next} 00:00`) }, ZONE))).toEqual(expected);
  });

  it.each([
    { name: 'overnight hours on spring-forward day last 5 real hours', day: '2026-03-08', end: '06:00', hours: 5 },
    { name: 'overnight hours on fall-back day last 5 real hours', day: '2026-11-01', end: '04:00', hours: 5 },
  ])('$name', ({ day, end, hours }) => {
    const s = staff('d', 'Dana', { weeklyHours: allWeek('00:00', end, [7]) });
    const [r] = expandWorkingTime(s, { start: at(`${day} 00:00`), end: at(`${day} 12:00`) }, ZONE);
    expect((r!.end.getTime() - r!.start.getTime()) / 3_600_000).toBe(hours);
  });

  it('removes breaks, time off and applies exceptions, clipped to the range', () => {
    const s = staff('d', 'Dana', {
      weeklyBreaks: [{ weekday: 2, start: '12:00', end: '13:00' }],
      exceptions: [{ date: '2026-03-11', hours: [] }],
      timeOff: [{ start: at('2026-03-10 15:00'), end: at('2026-03-10 16:00'), label: 'Dentist' }],
    });
    const out = expandWorkingTime(s, { start: at('2026-03-10 10:00'), end: at('2026-03-12 00:00') }, ZONE);
    expect(iso(out)).toEqual(
      iso([
        { start: at('2026-03-10 10:00'), end: at('2026-03-10 12:00') },
        { start: at('2026-03-10 13:00'), end: at('2026-03-10 15:00') },
        { start: at('2026-03-10 16:00'), end: at('2026-03-10 17:00') },
      ]),
    );
  });
});
