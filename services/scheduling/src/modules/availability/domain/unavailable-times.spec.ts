import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { LocationPolicy, StaffCalendar } from './availability-types.js';
import { allWeek, at, policy, staff, ZONE } from './test/fixtures.js';
import { unavailableIntervals } from './unavailable-times.js';

/** 'MM-DD HH:mm' local, so a stretch reads across midnight. */
const local = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toFormat('MM-dd HH:mm');

describe('unavailableIntervals', () => {
  it.each<{
    name: string;
    cal?: Partial<StaffCalendar>;
    pol?: Partial<LocationPolicy>;
    from: string;
    to: string;
    expected: [string, string, string][];
  }>([
    {
      name: 'before and after the working day',
      from: '2026-03-10 00:00',
      to: '2026-03-11 00:00',
      expected: [
        ['03-10 00:00', '03-10 09:00', 'Dana starts at 9 AM'],
        ['03-10 17:00', '03-11 00:00', 'Dana finishes at 5 PM'],
      ],
    },
    {
      name: 'a labelled break inside the window only',
      cal: { weeklyBreaks: [{ weekday: 2, start: '12:30', end: '13:00', label: 'Lunch' }] },
      from: '2026-03-10 11:00',
      to: '2026-03-10 14:00',
      expected: [['03-10 12:30', '03-10 13:00', 'Dana is on break (Lunch) 12:30 PM–1 PM']],
    },
    {
      name: 'a day off (no hours that weekday)',
      from: '2026-03-15 00:00',
      to: '2026-03-16 00:00',
      expected: [['03-15 00:00', '03-16 00:00', 'Dana is off today']],
    },
    {
      name: 'time off over two days merges across midnight',
      cal: { timeOff: [{ start: at('2026-03-10 00:00'), end: at('2026-03-12 00:00'), label: 'Vacation' }] },
      from: '2026-03-10 00:00',
      to: '2026-03-12 00:00',
      expected: [['03-10 00:00', '03-12 00:00', 'Dana is away (Vacation)']],
    },
    {
      name: 'time off for part of a day, then the usual end of day',
      cal: { timeOff: [{ start: at('2026-03-10 14:00'), end: at('2026-03-10 16:00'), label: 'Dentist' }] },
      from: '2026-03-10 09:00',
      to: '2026-03-10 18:00',
      expected: [
        ['03-10 14:00', '03-10 16:00', 'Dana is away (Dentist)'],
        ['03-10 17:00', '03-10 18:00', 'Dana finishes at 5 PM'],
      ],
    },
    {
      name: 'a date exception closing the day, with its label',
      cal: { exceptions: [{ date: '2026-03-10', hours: [], label: 'Training' }] },
      from: '2026-03-10 08:00',
      to: '2026-03-10 10:00',
      expected: [['03-10 08:00', '03-10 10:00', 'Dana is off today (Training)']],
    },
    {
      name: 'split shift: the gap says when work resumes',
      cal: {
        weeklyHours: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '14:00', end: '18:00' },
        ],
      },
      from: '2026-03-10 09:00',
      to: '2026-03-10 18:00',
      expected: [['03-10 12:00', '03-10 14:00', 'Dana starts at 2 PM']],
    },
    {
      name: 'the location’s hours come first where both apply',
      pol: { openingHours: allWeek('10:00', '16:00', [1, 2, 3, 4, 5, 6, 7]) },
      from: '2026-03-10 08:00',
      to: '2026-03-10 18:00',
      expected: [
        ['03-10 08:00', '03-10 10:00', 'Opens at 10 AM'],
        ['03-10 16:00', '03-10 18:00', 'Closes at 4 PM'],
      ],
    },
    {
      name: 'DST spring-forward Sunday: 9 AM is still 9 AM local and the day has 23 hours',
      cal: { weeklyHours: allWeek('09:00', '17:00', [7]) },
      from: '2026-03-08 00:00',
      to: '2026-03-09 00:00',
      expected: [
        ['03-08 00:00', '03-08 09:00', 'Dana starts at 9 AM'],
        ['03-08 17:00', '03-09 00:00', 'Dana finishes at 5 PM'],
      ],
    },
    {
      name: 'DST fall-back Sunday: the repeated hour lies inside the morning stretch',
      cal: { weeklyHours: allWeek('09:00', '17:00', [7]), weeklyBreaks: [{ weekday: 7, start: '12:00', end: '12:30' }] },
      from: '2026-11-01 00:00',
      to: '2026-11-02 00:00',
      expected: [
        ['11-01 00:00', '11-01 09:00', 'Dana starts at 9 AM'],
        ['11-01 12:00', '11-01 12:30', 'Dana is on break 12 PM–12:30 PM'],
        ['11-01 17:00', '11-02 00:00', 'Dana finishes at 5 PM'],
      ],
    },
    {
      name: 'a class the person teaches (the calendar does not draw classes), clipped to the window; appointments stay out',
      cal: {
        busy: [
          { start: at('2026-03-10 10:00'), end: at('2026-03-10 11:00'), label: 'Yoga Flow', kind: 'class' },
          { start: at('2026-03-10 11:00'), end: at('2026-03-10 12:00'), label: 'Booked', kind: 'appointment' },
          { start: at('2026-03-10 15:00'), end: at('2026-03-10 16:00'), label: 'Pilates', kind: 'class' },
        ],
      },
      from: '2026-03-10 09:00',
      to: '2026-03-10 15:30',
      expected: [
        ['03-10 10:00', '03-10 11:00', 'Dana is teaching Yoga Flow'],
        ['03-10 15:00', '03-10 15:30', 'Dana is teaching Pilates'],
      ],
    },
  ])('$name', ({ cal, pol, from, to, expected }) => {
    const out = unavailableIntervals(staff('dana', 'Dana', cal), { start: at(from), end: at(to) }, policy(pol), at('2026-03-01 08:00'));
    expect(out.map((u) => [local(u.start), local(u.end), u.reason])).toEqual(expected);
  });

  it('measures DST stretches in real time: the spring morning is 8 hours, the fall morning 10', () => {
    const cal = staff('dana', 'Dana', { weeklyHours: allWeek('09:00', '17:00', [7]) });
    const hoursOf = (day: string) => {
      const [first] = unavailableIntervals(cal, { start: at(`${day} 00:00`), end: at(`${day} 12:00`) }, policy(), at('2026-03-01 08:00'));
      return (first!.end.getTime() - first!.start.getTime()) / 3_600_000;
    };
    expect(hoursOf('2026-03-08')).toBe(8);
    expect(hoursOf('2026-11-01')).toBe(10);
    expect(hoursOf('2026-03-15')).toBe(9);
  });

  it('returns the engine’s reason codes and nothing for an empty window', () => {
    const out = unavailableIntervals(
      staff('dana', 'Dana'),
      { start: at('2026-03-10 08:00'), end: at('2026-03-10 18:00') },
      policy(),
      at('2026-03-01 08:00'),
    );
    expect(out.map((u) => u.code)).toEqual(['staff-not-started', 'staff-finished']);
    expect(
      unavailableIntervals(
        staff('dana', 'Dana'),
        { start: at('2026-03-10 08:00'), end: at('2026-03-10 08:00') },
        policy(),
        at('2026-03-01 08:00'),
      ),
    ).toEqual([]);
  });
});
