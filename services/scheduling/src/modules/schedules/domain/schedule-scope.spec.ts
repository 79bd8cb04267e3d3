import { describe, expect, it } from 'vitest';
import { scheduleScope } from './schedule-scope.js';

const me = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';

describe('scheduleScope', () => {
  it('lets see-all holders and admins read anyone, or everyone', () => {
    expect(scheduleScope({ userId: me, role: 'staff', permissions: ['view_schedules'] }, other)).toEqual([other]);
    expect(scheduleScope({ userId: me, role: 'staff', permissions: ['edit_calendar'] }, undefined)).toBeUndefined();
    expect(scheduleScope({ userId: me, role: 'admin', permissions: [] }, undefined)).toBeUndefined();
  });
  it('confines view_own_schedule to one’s own schedule', () => {
    const own = { userId: me, role: 'staff', permissions: ['view_own_schedule'] };
    expect(scheduleScope(own, undefined)).toEqual([me]);
    expect(scheduleScope(own, me)).toEqual([me]);
    expect(() => scheduleScope(own, other)).toThrow(/only your own schedule/);
  });
});
