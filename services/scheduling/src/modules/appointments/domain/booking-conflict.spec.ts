import { describe, expect, it } from 'vitest';
import { takenMessage } from './booking-conflict.js';

describe('takenMessage', () => {
  it('names the staff member or the resource, in the location time zone', () => {
    const at = new Date('2030-03-12T19:00:00Z'); // 2:00 PM in Chicago (CDT)
    expect(takenMessage({ kind: 'staff', id: 'x', name: 'Dana Lee', at }, 'America/Chicago')).toBe('Dana Lee is already booked at 2:00 PM');
    expect(takenMessage({ kind: 'room', id: 'y', name: 'Room 2', at }, 'America/Chicago')).toBe('Room 2 is taken at 2:00 PM');
  });
});
