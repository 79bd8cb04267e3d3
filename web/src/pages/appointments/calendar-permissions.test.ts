import { describe, expect, it } from 'vitest';
import { abilitiesOf, checkoutPath, checkoutReady } from './calendar-permissions';

describe('calendar abilities', () => {
  it('Basic Staff (view only) may neither book nor change; the front desk may both; admin passes', () => {
    const basic = { role: 'staff', permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'] };
    expect(abilitiesOf(basic)).toEqual({ book: false, change: false, checkout: false, chargeFees: false });
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'create_appointments', 'update_appointments'] })).toEqual({
      book: true,
      change: true,
      checkout: false,
      chargeFees: false,
    });
    expect(abilitiesOf({ role: 'staff', permissions: ['edit_appointments'] })).toEqual({
      book: false,
      change: true,
      checkout: false,
      chargeFees: false,
    });
    expect(abilitiesOf({ role: 'admin', permissions: [] })).toEqual({ book: true, change: true, checkout: true, chargeFees: true });
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'use_pos'] })).toEqual({
      book: false,
      change: false,
      checkout: true,
      chargeFees: false,
    });
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'view_pos'] }).checkout).toBe(false);
  });
});

describe('checkout from the calendar', () => {
  it.each([
    [{ status: 'completed', paidAt: null }, true],
    [{ status: 'in-service' }, true],
    [{ status: 'booked', paidAt: null }, true],
    [{ status: 'completed', paidAt: '2026-11-20T17:05:00.000Z' }, false],
    [{ status: 'cancelled', paidAt: null }, false],
    [{ status: 'no-show', paidAt: null }, false],
  ])('%o ready: %s', (a, ready) => {
    expect(checkoutReady(a)).toBe(ready);
  });

  it('goes to /pos with the appointment as a query parameter', () => {
    expect(checkoutPath('4b0c0a8e-0c5b-4b7e-9a51-2f1d3c4e5f60')).toBe('/pos?appointment=4b0c0a8e-0c5b-4b7e-9a51-2f1d3c4e5f60');
  });
});

describe('fees from the calendar', () => {
  it('charging a no-show or late-cancel fee takes charge_fees', () => {
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'charge_fees'] }).chargeFees).toBe(true);
  });
});
