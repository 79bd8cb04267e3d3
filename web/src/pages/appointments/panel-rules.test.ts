import { describe, expect, it } from 'vitest';
import { editFormOf, editPatch, rebookStart, undoPatch } from './panel-rules';

describe('details panel rules', () => {
  it('rebooks at the same wall time N weeks on, across the end of daylight saving time', () => {
    // Tue Oct 27 2026, 10:00 in Chicago (CDT) → four weeks on is Nov 24 (CST), still 10:00.
    expect(rebookStart('2026-10-27T15:00:00.000Z', 4)).toEqual({ date: '2026-11-24', startMin: 600 });
    expect(rebookStart('2026-11-24T16:30:00.000Z', 0)).toEqual({ date: '2026-11-24', startMin: 630 });
  });

  it('an edit sends only what changed; a new time as the salon-zone instant; emptied notes as null', () => {
    const before = editFormOf({ serviceId: 's1', staffId: 'dana', startsAt: '2026-11-24T16:00:00.000Z', notes: 'Bring photos' });
    expect(before).toEqual({ serviceId: 's1', staffId: 'dana', date: '2026-11-24', time: '10:00', notes: 'Bring photos' });
    expect(editPatch(before, { ...before })).toEqual({});
    expect(editPatch(before, { ...before, time: '11:15', staffId: 'jordan' })).toEqual({
      staffId: 'jordan',
      startsAt: '2026-11-24T17:15:00.000Z',
    });
    expect(editPatch(before, { ...before, serviceId: 's2', notes: '  ' })).toEqual({ serviceId: 's2', notes: null });
  });

  it('an undo puts back the old time, length and person, guarded by the version the move made', () => {
    const before = { startsAt: '2026-11-24T16:00:00.000Z', endsAt: '2026-11-24T16:45:00.000Z', staffId: 'dana' };
    expect(undoPatch(before, { staffId: 'jordan', version: 4 })).toEqual({ ...before, version: 4 });
    expect(undoPatch(before, { staffId: 'dana', version: 4 })).toEqual({
      startsAt: before.startsAt,
      endsAt: before.endsAt,
      version: 4,
    });
  });
});
