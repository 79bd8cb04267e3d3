import { describe, expect, it } from 'vitest';
import { changeAuthor, describeChange, newestFirst, type ChangeLine } from './appointment-changes';

const names = new Map([
  ['dana', 'Dana Lee'],
  ['jordan', 'Jordan Patel'],
]);
const line = (what: ChangeLine['what'], from: string | null, to: string | null): ChangeLine => ({
  at: '2026-11-23T15:00:00.000Z',
  by: 'u1',
  byKind: 'user',
  byName: 'Riley Front',
  what,
  from,
  to,
});

describe('the change log in words', () => {
  it('names who made each change', () => {
    expect(changeAuthor({ byKind: 'user', byName: 'Riley Front' })).toBe('Riley Front');
    expect(changeAuthor({ byKind: 'client', byName: null })).toBe('The client');
    expect(changeAuthor({ byKind: 'user', byName: null })).toBe('A staff member');
  });

  it('says what each change did, in the salon’s time zone', () => {
    expect(describeChange(line('booked', 'online', '2026-11-24T16:00:00.000Z'), names)).toBe('Booked online for Nov 24, 2026, 10:00 AM');
    expect(describeChange(line('time', '2026-11-24T16:00:00.000Z', '2026-11-24T17:00:00.000Z'), names)).toBe(
      'Moved from 10:00 AM to 11:00 AM',
    );
    expect(describeChange(line('time', '2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z'), names)).toBe(
      'Moved from Nov 24, 2026, 10:00 AM to Nov 25, 2026, 10:00 AM',
    );
    expect(describeChange(line('staff', 'dana', 'jordan'), names)).toBe('Staff changed from Dana Lee to Jordan Patel');
    expect(describeChange(line('length', '45', '90'), names)).toBe('Length changed from 45 min to 1 hour 30 min');
    expect(describeChange(line('service', 'Haircut', 'Colour'), names)).toBe('Service changed from Haircut to Colour');
    expect(describeChange(line('status', 'checked-in', 'no-show'), names)).toBe('Status changed from Checked in to No-show');
    expect(describeChange(line('cancel-reason', null, 'Sick'), names)).toBe('Cancel reason: Sick');
    expect(describeChange(line('notes', null, 'Bring photos'), names)).toBe('Notes added: Bring photos');
    expect(describeChange(line('notes', 'x', null), names)).toBe('Notes removed');
  });

  it('lists the newest first, keeping the written order within one instant reversed', () => {
    const a = { ...line('booked', 'staff', null), at: '2026-11-20T10:00:00.000Z' };
    const b = line('status', 'booked', 'cancelled');
    const c = line('cancel-reason', null, 'Sick');
    expect(newestFirst([a, b, c])).toEqual([c, b, a]);
  });
});
