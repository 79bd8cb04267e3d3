import { describe, expect, it } from 'vitest';
import { appointmentChanges, bookedEntry, type ChangeLogSubject } from './appointment-changes.js';

const base: ChangeLogSubject = {
  startsAt: '2026-11-24T16:00:00.000Z',
  endsAt: '2026-11-24T16:45:00.000Z',
  staffId: 'dana',
  serviceName: 'Haircut',
  status: 'booked',
  cancelReason: null,
  notes: null,
};

describe('appointment change log lines', () => {
  it('logs nothing when nothing differs (the same instant written differently is the same time)', () => {
    expect(appointmentChanges(base, { ...base, startsAt: '2026-11-24T10:00:00-06:00', endsAt: '2026-11-24T10:45:00-06:00' })).toEqual([]);
  });

  it('a move that keeps the length logs the time only; to another person also the staff', () => {
    const moved = { ...base, startsAt: '2026-11-24T17:00:00.000Z', endsAt: '2026-11-24T17:45:00.000Z', staffId: 'jordan' };
    expect(appointmentChanges(base, moved)).toEqual([
      { what: 'time', from: base.startsAt, to: moved.startsAt },
      { what: 'staff', from: 'dana', to: 'jordan' },
    ]);
  });

  it('a resize logs the length in minutes; a new service logs its name', () => {
    expect(appointmentChanges(base, { ...base, endsAt: '2026-11-24T17:00:00.000Z', serviceName: 'Colour' })).toEqual([
      { what: 'length', from: '45', to: '60' },
      { what: 'service', from: 'Haircut', to: 'Colour' },
    ]);
  });

  it('a cancellation logs the status and its reason; blank notes count as none', () => {
    expect(appointmentChanges({ ...base, notes: '  ' }, { ...base, status: 'cancelled', cancelReason: 'Sick' })).toEqual([
      { what: 'status', from: 'booked', to: 'cancelled' },
      { what: 'cancel-reason', from: null, to: 'Sick' },
    ]);
    expect(appointmentChanges(base, { ...base, notes: 'Bring photos' })).toEqual([{ what: 'notes', from: null, to: 'Bring photos' }]);
  });

  it('the booked line names the path and the time', () => {
    expect(bookedEntry('online', base.startsAt)).toEqual({ what: 'booked', from: 'online', to: base.startsAt });
  });
});
