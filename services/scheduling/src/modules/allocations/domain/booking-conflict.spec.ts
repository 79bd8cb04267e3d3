import { bookingConflictBodySchema } from '@salon/contracts';
import { toErrorResponse } from '@salon/nest-kit';
import { describe, expect, it } from 'vitest';
import { BookingConflictError, isBookingRace, refusedTime, Taken, takenMessage, takenTime } from './booking-conflict.js';

describe('takenMessage', () => {
  it('names the staff member or the resource, in the location time zone', () => {
    const at = new Date('2030-03-12T19:00:00Z'); // 2:00 PM in Chicago (CDT)
    expect(takenMessage({ kind: 'staff', id: 'x', name: 'Dana Lee', at }, 'America/Chicago')).toBe('Dana Lee is already booked at 2:00 PM');
    expect(takenMessage({ kind: 'room', id: 'y', name: 'Room 2', at }, 'America/Chicago')).toBe('Room 2 is taken at 2:00 PM');
  });
});

describe('BookingConflictError', () => {
  const at = new Date('2030-03-12T19:00:00Z');
  it('answers the one 409 body {error, taken, alternatives}', () => {
    const e = new BookingConflictError(
      'Dana Lee is already booked at 2:00 PM',
      [takenTime({ kind: 'staff', id: 'x', name: 'Dana Lee', at }, 'America/Chicago')],
      [],
    );
    const r = toErrorResponse(e);
    expect(r.status).toBe(409);
    expect(bookingConflictBodySchema.parse(r.body)).toEqual({
      error: 'Dana Lee is already booked at 2:00 PM',
      taken: [{ startsAt: at.toISOString(), reason: 'Dana Lee is already booked at 2:00 PM', kind: 'staff', id: 'x', name: 'Dana Lee' }],
      alternatives: [],
    });
  });
  it('lists one refused time per date', () => {
    const body = toErrorResponse(
      new BookingConflictError('2 of 4 dates cannot be booked', [refusedTime(at, 'Closed'), refusedTime(at.toISOString(), 'Closed')]),
    ).body;
    expect(bookingConflictBodySchema.parse(body).taken).toHaveLength(2);
  });
  it('knows a lost race', () => {
    expect(isBookingRace(new Taken({ kind: 'room', id: 'r', name: 'Room 2', at }))).toBe(true);
    expect(isBookingRace({ code: '23P01' })).toBe(true);
    expect(isBookingRace({ code: '40P01' })).toBe(true);
    expect(isBookingRace(new Error('other'))).toBe(false);
  });
});
