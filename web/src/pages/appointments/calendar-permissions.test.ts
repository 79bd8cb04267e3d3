import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './calendar-permissions';

describe('calendar abilities', () => {
  it('Basic Staff (view only) may neither book nor change; the front desk may both; admin passes', () => {
    const basic = { role: 'staff', permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'] };
    expect(abilitiesOf(basic)).toEqual({ book: false, change: false, chargeFees: false });
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'create_appointments', 'update_appointments'] })).toEqual({
      book: true,
      change: true,
      chargeFees: false,
    });
    expect(abilitiesOf({ role: 'staff', permissions: ['edit_appointments'] })).toEqual({ book: false, change: true, chargeFees: false });
    expect(abilitiesOf({ role: 'admin', permissions: [] })).toEqual({ book: true, change: true, chargeFees: true });
  });

  it('charging a no-show or late-cancel fee takes charge_fees', () => {
    expect(abilitiesOf({ role: 'staff', permissions: ['view_calendar', 'charge_fees'] }).chargeFees).toBe(true);
  });
});
