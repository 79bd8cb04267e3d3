import { describe, expect, it } from 'vitest';
import { STAFF_ROUTES, canOpenRoute, findStaffRoute } from './route-table';

const staff = (...permissions: string[]) => ({ role: 'staff', permissions });
const admin = { role: 'admin', permissions: [] };
const route = (p: string) => {
  const r = findStaffRoute(p);
  if (!r) throw new Error(`no route ${p}`);
  return r;
};

describe('staff route table', () => {
  it('holds every staff route of spec §2', () => {
    const paths = STAFF_ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/dashboard',
      '/booking-test',
      '/booking-design',
      '/appointments',
      '/appointments-mobile',
      '/services',
      '/clients',
      '/clients/:clientId',
      '/clients-import',
      '/staff',
      '/pos',
      '/products',
      '/gift-certificates',
      '/rooms',
      '/devices',
      '/classes',
      '/memberships',
      '/reports',
      '/marketing',
      '/automations',
      '/note-templates',
      '/phone',
      '/forms',
      '/documents',
      '/ai-messaging',
      '/payroll',
      '/locations',
      '/permissions',
      '/time-clock',
      '/email-test',
      '/settings',
      '/schedule',
      '/staff-schedule',
      '/staff-schedule/:id',
      '/help',
      '/help/:topic',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('booking design needs view or edit business settings', () => {
    expect(canOpenRoute(route('/booking-design'), staff())).toBe(false);
    expect(canOpenRoute(route('/booking-design'), staff('view_business_settings'))).toBe(true);
    expect(canOpenRoute(route('/booking-design'), staff('edit_business_settings'))).toBe(true);
  });

  it('appointments need any of the six calendar permissions', () => {
    for (const p of [
      'view_calendar',
      'edit_calendar',
      'view_appointments',
      'create_appointments',
      'edit_appointments',
      'update_appointments',
    ]) {
      expect(canOpenRoute(route('/appointments'), staff(p))).toBe(true);
      expect(canOpenRoute(route('/appointments-mobile'), staff(p))).toBe(true);
    }
    expect(canOpenRoute(route('/appointments'), staff('view_clients'))).toBe(false);
  });

  it('permissions is admin only', () => {
    expect(canOpenRoute(route('/permissions'), staff('view_business_settings', 'edit_business_settings'))).toBe(false);
    expect(canOpenRoute(route('/permissions'), admin)).toBe(true);
  });

  it('admin passes every route; the dashboard and settings need nothing', () => {
    for (const r of STAFF_ROUTES) expect(canOpenRoute(r, admin)).toBe(true);
    expect(canOpenRoute(route('/dashboard'), staff())).toBe(true);
    expect(canOpenRoute(route('/settings'), staff())).toBe(true);
  });
});
