import { describe, expect, it } from 'vitest';
import { toStaffCalendars } from './staff-calendars.js';

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const L = 'c0000000-0000-4000-8000-000000000003';

describe('toStaffCalendars', () => {
  const rows = {
    hours: [
      { staffId: A, locationId: L, weekday: 1, start: '09:00', end: '17:00', kind: 'work' as const, label: null },
      { staffId: A, locationId: L, weekday: 1, start: '12:00', end: '12:30', kind: 'break' as const, label: 'Lunch' },
      { staffId: B, locationId: L, weekday: 2, start: '10:00', end: '24:00', kind: 'work' as const, label: null },
    ],
    exceptions: [{ staffId: B, locationId: L, date: '2026-03-03', hours: [], label: null }],
    timeOff: [
      {
        id: 't1',
        staffId: A,
        locationId: null,
        startsAt: '2026-03-02T15:00:00.000Z',
        endsAt: '2026-03-02T16:00:00.000Z',
        label: null,
        kind: 'blocked',
      },
      {
        id: 't2',
        staffId: B,
        locationId: L,
        startsAt: '2026-03-03T15:00:00.000Z',
        endsAt: '2026-03-03T16:00:00.000Z',
        label: null,
        kind: 'time_off',
      },
    ],
    staffBusy: [
      {
        appointmentId: 'x1',
        holder: 'appointment' as const,
        label: null,
        resourceId: A,
        start: new Date('2026-03-02T17:00:00Z'),
        end: new Date('2026-03-02T17:30:00Z'),
      },
      {
        appointmentId: 'c1',
        holder: 'class' as const,
        label: 'Yoga',
        resourceId: B,
        start: new Date('2026-03-03T17:00:00Z'),
        end: new Date('2026-03-03T18:00:00Z'),
      },
      {
        appointmentId: 'c2',
        holder: 'class' as const,
        label: null,
        resourceId: B,
        start: new Date('2026-03-03T19:00:00Z'),
        end: new Date('2026-03-03T20:00:00Z'),
      },
    ],
  };

  it('gives each person only their own rows, in the order asked, with labels filled in', () => {
    const elsewhere = new Map([[A, [{ weekday: 3 as const, location: 'Uptown' }]]]);
    const [a, b] = toStaffCalendars([A, B], ['Ana', 'Ben'], elsewhere, rows as never);
    expect(a).toMatchObject({
      staffId: A,
      name: 'Ana',
      weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }],
      weeklyBreaks: [{ weekday: 1, start: '12:00', end: '12:30', label: 'Lunch' }],
      exceptions: [],
      timeOff: [{ label: 'Blocked' }],
      busy: [{ label: 'Booked', kind: 'appointment', id: 'x1' }],
      elsewhere: [{ weekday: 3, location: 'Uptown' }],
    });
    expect(b).toMatchObject({
      staffId: B,
      weeklyHours: [{ weekday: 2, start: '10:00', end: '24:00' }],
      weeklyBreaks: [],
      exceptions: [{ date: '2026-03-03', hours: [] }],
      timeOff: [{ label: 'Time off' }],
      busy: [
        { label: 'Yoga', kind: 'class' },
        { label: 'Class', kind: 'class' },
      ],
      elsewhere: [],
    });
  });

  it('answers an empty calendar for a person with no rows', () => {
    const [c] = toStaffCalendars(['d0000000-0000-4000-8000-000000000004'], ['Cy'], new Map(), {
      hours: [],
      exceptions: [],
      timeOff: [],
      staffBusy: [],
    });
    expect(c).toMatchObject({ weeklyHours: [], weeklyBreaks: [], exceptions: [], timeOff: [], busy: [], elsewhere: [] });
  });
});
