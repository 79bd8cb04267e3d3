import { describe, expect, it } from 'vitest';
import { todaySummary, type DayAppointment } from './today-summary';

const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;
const appt = (id: string, status: string, hhmm: string, clientName: string | null = null): DayAppointment => ({
  id,
  status,
  startsAt: at(hhmm),
  clientName,
});

describe('todaySummary', () => {
  const now = new Date(at('15:00'));
  const day = [
    appt('a', 'completed', '14:00'),
    appt('b', 'checked-in', '14:45'),
    appt('c', 'cancelled', '15:30'),
    appt('d', 'no-show', '13:00'),
    appt('e', 'confirmed', '16:00', 'Ana Ruiz'),
    appt('f', 'booked', '15:15', 'Ben Ode'),
    appt('g', 'booked', '14:30', 'Late Lou'),
  ];

  it('counts what is on the books, who arrived and who is still to come', () => {
    expect(todaySummary(day, now)).toMatchObject({ booked: 5, arrived: 2, completed: 1, stillToCome: 2 });
  });

  it('names the next expected client, not one already late or cancelled', () => {
    expect(todaySummary(day, now).next).toMatchObject({ id: 'f', clientName: 'Ben Ode' });
  });

  it('is empty on a day without appointments', () => {
    expect(todaySummary([], now)).toEqual({ booked: 0, arrived: 0, completed: 0, stillToCome: 0, next: null });
  });
});
