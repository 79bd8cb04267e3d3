import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@salon/contracts/permissions';
import { buildMenu, flattenMenu, formatMenuLabel, groupOfPath, isBasicStaff, linkMatches, type MenuEntry } from './menu-model';

const shape = (menu: MenuEntry[]) => menu.map((e) => (e.kind === 'link' ? e.label : { [e.label]: e.children.map((c) => c.label) }));

describe('menu labels', () => {
  it('capitalises each word', () => {
    expect(formatMenuLabel('client profiles')).toBe('Client Profiles');
    expect(formatMenuLabel('gift certificates & cards')).toBe('Gift Certificates & Cards');
    expect(formatMenuLabel('SMS & email')).toBe('SMS & Email');
    expect(formatMenuLabel('POS')).toBe('POS');
  });
  it("shows 'isights' as 'insights'", () => {
    expect(formatMenuLabel('isights')).toBe('Insights');
    expect(formatMenuLabel('sales isights')).toBe('Sales Insights');
  });
});

describe('full menu', () => {
  it('gives an admin every entry in the spec order', () => {
    const menu = buildMenu({ role: 'admin', permissions: [], groups: [] });
    expect(shape(menu)).toEqual([
      'Dashboard',
      'Appointments',
      { Clients: ['Client Profiles', 'Forms', 'Documents', 'Note Templates', 'Client Booking', 'Memberships'] },
      { Staff: ['Staff', 'Schedule', 'Time Clock'] },
      { Services: ['Services', 'Classes', 'Devices', 'Rooms'] },
      { Retail: ['POS', 'Gift Certificates & Cards', 'Products'] },
      { Insights: ['Reports', 'Payroll'] },
      { Business: ['Locations', 'Profile & Settings', 'Booking Design', 'Permissions'] },
      { 'SMS & Email': ['Automations', 'Marketing', 'AI Messaging'] },
      'Phone',
    ]);
  });

  it('shows other staff everything but Permissions, and Booking Design only with business settings', () => {
    const none = buildMenu({ role: 'staff', permissions: [], groups: [{ name: 'Front Desk' }] });
    const business = none.find((e) => e.kind === 'group' && e.id === 'business');
    expect(business && business.kind === 'group' && business.children.map((c) => c.label)).toEqual(['Locations', 'Profile & Settings']);
    expect(flattenMenu(none)).toHaveLength(26);
    for (const p of ['view_business_settings', 'edit_business_settings']) {
      const m = buildMenu({ role: 'staff', permissions: [p], groups: [] });
      expect(flattenMenu(m).map((l) => l.label)).toContain('Booking Design');
      expect(flattenMenu(m).map((l) => l.label)).not.toContain('Permissions');
    }
    const all = buildMenu({ role: 'staff', permissions: [...ALL_PERMISSIONS], groups: [] });
    expect(flattenMenu(all).map((l) => l.label)).not.toContain('Permissions');
  });
});

describe('Basic Staff menu', () => {
  const basicGroups = [{ name: 'Basic Staff' }];

  it('recognises the group by name', () => {
    expect(isBasicStaff('staff', basicGroups)).toBe(true);
    expect(isBasicStaff('staff', [{ name: 'basic staff' }])).toBe(true);
    expect(isBasicStaff('staff', [{ name: 'Basic' }])).toBe(false);
    expect(isBasicStaff('admin', basicGroups)).toBe(false);
  });

  it('matches the demo basic user', () => {
    const menu = buildMenu({
      role: 'staff',
      permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'],
      groups: basicGroups,
    });
    expect(shape(menu)).toEqual([
      'Dashboard',
      'Appointments',
      { Clients: ['Client Profiles'] },
      { Staff: ['Staff'] },
      { Services: ['Services'] },
    ]);
  });

  it('follows each permission rule of spec §6', () => {
    const menu = buildMenu({
      role: 'staff',
      permissions: ['update_appointments', 'view_time_clock', 'view_own_schedule', 'view_phone', 'view_business_settings'],
      groups: basicGroups,
    });
    expect(shape(menu)).toEqual(['Appointments', { Staff: ['Schedule', 'Time Clock'] }, 'Phone']);
  });

  it('hides everything without permissions', () => {
    expect(buildMenu({ role: 'staff', permissions: [], groups: basicGroups })).toEqual([]);
  });

  it('hides Staff when only schedules are held (group needs view_staff or view_time_clock)', () => {
    const menu = buildMenu({ role: 'staff', permissions: ['view_schedules'], groups: basicGroups });
    expect(menu).toEqual([]);
  });
});

describe('group auto-open', () => {
  it('finds the group of the current route', () => {
    const menu = buildMenu({ role: 'admin', permissions: [], groups: [] });
    expect(groupOfPath(menu, '/time-clock')).toBe('staff');
    expect(groupOfPath(menu, '/clients/42')).toBe('clients');
    expect(groupOfPath(menu, '/booking-test')).toBe('clients');
    expect(groupOfPath(menu, '/permissions')).toBe('business');
    expect(groupOfPath(menu, '/dashboard')).toBeNull();
  });

  it('opens the group for routes of a group that are not menu entries themselves', () => {
    const menu = buildMenu({ role: 'admin', permissions: [], groups: [] });
    expect(groupOfPath(menu, '/staff-schedule')).toBe('staff');
    expect(groupOfPath(menu, '/staff-schedule/7')).toBe('staff');
    expect(groupOfPath(menu, '/clients-import')).toBe('clients');
    expect(groupOfPath(menu, '/appointments-mobile')).toBeNull();
    const appointments = flattenMenu(menu).find((l) => l.id === 'appointments')!;
    expect(linkMatches(appointments, '/appointments-mobile')).toBe(true);
    expect(linkMatches(appointments, '/appointments')).toBe(true);
    expect(linkMatches(appointments, '/booking-test')).toBe(false);
  });
});
