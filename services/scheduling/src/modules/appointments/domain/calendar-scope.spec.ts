import { describe, expect, it } from 'vitest';
import { calendarScope, canSeeAppointment } from './calendar-scope.js';

const me = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const own = { userId: me, role: 'staff', permissions: ['view_own_schedule'] };

describe('calendarScope', () => {
  it.each([
    {
      name: 'see-all, nobody asked → everyone',
      subject: { userId: me, role: 'staff', permissions: ['view_calendar'] },
      asked: undefined,
      scope: undefined,
    },
    {
      name: 'see-all, someone asked → them',
      subject: { userId: me, role: 'staff', permissions: ['view_appointments'] },
      asked: [other],
      scope: [other],
    },
    { name: 'admin → everyone', subject: { userId: me, role: 'admin', permissions: [] }, asked: [], scope: undefined },
    { name: 'own only, nobody asked → oneself', subject: own, asked: undefined, scope: [me] },
    { name: 'own only, oneself asked (twice) → oneself', subject: own, asked: [me, me], scope: [me] },
    {
      name: 'both permissions → see-all wins',
      subject: { userId: me, role: 'staff', permissions: ['view_own_schedule', 'view_calendar'] },
      asked: [other],
      scope: [other],
    },
  ])('$name', ({ subject, asked, scope }) => {
    expect(calendarScope(subject, asked)).toEqual(scope);
  });
  it('refuses view_own_schedule asking for someone else, and a caller with no calendar permission', () => {
    expect(() => calendarScope(own, [me, other])).toThrow(/only your own appointments/);
    expect(() => calendarScope({ userId: me, role: 'staff', permissions: ['view_clients'] }, undefined)).toThrow(/Forbidden/);
  });
});

describe('canSeeAppointment', () => {
  it('lets view_own_schedule see only appointments they perform', () => {
    expect(canSeeAppointment(own, [me])).toBe(true);
    expect(canSeeAppointment(own, [other])).toBe(false);
    expect(canSeeAppointment({ userId: me, role: 'staff', permissions: ['view_calendar'] }, [other])).toBe(true);
    expect(canSeeAppointment({ userId: me, role: 'staff', permissions: ['view_clients'] }, [me])).toBe(false);
  });
});
