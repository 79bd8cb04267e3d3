import { describe, expect, it } from 'vitest';
import { allowedTransitions, canReschedule, checkTransition, holdsResources, isLateCancel } from './appointment-status.js';

describe('appointment status machine', () => {
  it('walks the happy path booked → confirmed → checked-in → in-service → completed', () => {
    expect(checkTransition('booked', 'confirmed')).toEqual({ ok: true });
    expect(checkTransition('confirmed', 'checked-in')).toEqual({ ok: true });
    expect(checkTransition('checked-in', 'in-service')).toEqual({ ok: true });
    expect(checkTransition('in-service', 'completed')).toEqual({ ok: true });
  });

  it('cancels or marks no-show before service, never after completion', () => {
    expect(checkTransition('booked', 'cancelled').ok).toBe(true);
    expect(checkTransition('confirmed', 'no-show').ok).toBe(true);
    expect(checkTransition('completed', 'cancelled')).toEqual({ ok: false, message: 'A completed appointment cannot become cancelled' });
    expect(checkTransition('in-service', 'no-show').ok).toBe(false);
    expect(checkTransition('booked', 'booked')).toEqual({ ok: false, message: 'The appointment is already booked' });
    expect(checkTransition('booked', 'in-service')).toEqual({
      ok: false,
      message: 'A booked appointment cannot become in service (it can become confirmed, checked in, cancelled, no show)',
    });
  });

  it('terminal statuses have no way out and release their resources', () => {
    for (const s of ['completed', 'cancelled', 'no-show'] as const) expect(allowedTransitions(s)).toEqual([]);
    expect(holdsResources('cancelled')).toBe(false);
    expect(holdsResources('no-show')).toBe(false);
    expect(holdsResources('completed')).toBe(true);
    expect(canReschedule('confirmed')).toBe(true);
    expect(canReschedule('checked-in')).toBe(false);
  });

  it('flags a late cancellation by the policy hours', () => {
    const start = new Date('2030-03-10T15:00:00Z');
    expect(isLateCancel(start, new Date('2030-03-09T14:59:00Z'), 24)).toBe(false);
    expect(isLateCancel(start, new Date('2030-03-09T15:01:00Z'), 24)).toBe(true);
    expect(isLateCancel(start, new Date('2030-03-10T16:00:00Z'), 24)).toBe(true);
    expect(isLateCancel(start, new Date('2030-03-10T14:00:00Z'), 0)).toBe(false);
  });
});
