import { describe, expect, it } from 'vitest';
import { nextFreeWindow, slotCell } from './next-free';

describe('nextFreeWindow', () => {
  it('starts now on today (no passed time), at the local midnight of a later day, and looks two weeks ahead', () => {
    const now = new Date('2026-11-23T15:00:00Z'); // 9 AM in Chicago
    expect(nextFreeWindow('2026-11-23', now)).toEqual({ from: now.toISOString(), to: '2026-12-07T06:00:00.000Z' });
    expect(nextFreeWindow('2026-11-25', now).from).toBe('2026-11-25T06:00:00.000Z');
    expect(nextFreeWindow('2026-11-20', now).from).toBe(now.toISOString());
  });
});

describe('slotCell', () => {
  it('places a slot at its local date and minute', () => {
    expect(slotCell('2026-11-24T16:15:00.000Z')).toEqual({ date: '2026-11-24', startMin: 10 * 60 + 15 });
    // Late evening UTC is still the same afternoon in Chicago.
    expect(slotCell('2026-11-24T23:30:00.000Z')).toEqual({ date: '2026-11-24', startMin: 17 * 60 + 30 });
  });
});
