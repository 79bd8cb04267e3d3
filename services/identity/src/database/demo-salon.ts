import { ALL_PERMISSIONS } from '@salon/contracts';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../modules/sessions/domain/password-hasher.js';

export const DEMO_PASSWORD = 'demo-salon';

const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#8b5cf6"/><path d="M20 44c8-2 10-10 12-22 2 12 4 20 12 22" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="32" cy="18" r="4" fill="#fff"/></svg>',
).toString('base64')}`;

const GROUPS: Record<string, { description: string; permissions: readonly string[] }> = {
  'Full Access Staff': { description: 'Managers and senior staff: every staff permission', permissions: ALL_PERMISSIONS },
  'Basic Staff': {
    description: 'New team members: their own day and nothing more',
    permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'],
  },
  Stylists: {
    description: 'Service providers who run their own book',
    permissions: [
      'view_dashboard',
      'view_calendar',
      'edit_calendar',
      'view_appointments',
      'create_appointments',
      'update_appointments',
      'view_clients',
      'edit_clients',
      'view_own_schedule',
      'view_services',
      'view_time_clock',
    ],
  },
  'Front Desk': {
    description: 'Reception: the whole calendar, clients, the phone and checkout',
    permissions: [
      'view_dashboard',
      'view_calendar',
      'edit_calendar',
      'view_appointments',
      'create_appointments',
      'edit_appointments',
      'update_appointments',
      'view_clients',
      'create_clients',
      'edit_clients',
      'view_staff',
      'view_schedules',
      'view_services',
      'view_phone',
      'view_business_settings',
      'view_pos',
      'use_pos',
      'view_time_clock',
      'view_products',
    ],
  },
};

const PEOPLE = [
  { email: 'admin@demo.salon', firstName: 'Avery', lastName: 'Morgan', role: 'admin', phone: '+1 312 555 0100', groups: [] },
  {
    email: 'staff@demo.salon',
    firstName: 'Sam',
    lastName: 'Rivera',
    role: 'staff',
    phone: '+1 312 555 0101',
    groups: ['Full Access Staff'],
  },
  { email: 'basic@demo.salon', firstName: 'Blake', lastName: 'Chen', role: 'staff', phone: '+1 312 555 0102', groups: ['Basic Staff'] },
  { email: 'client@demo.salon', firstName: 'Casey', lastName: 'Nguyen', role: 'client', phone: '+1 312 555 0199', groups: [] },
  {
    email: 'dana@demo.salon',
    firstName: 'Dana',
    lastName: 'Lee',
    role: 'staff',
    phone: '+1 312 555 0103',
    groups: ['Stylists'],
    bio: 'Colour specialist with ten years behind the chair. Dana loves lived-in blondes, glossy brunettes and a cut that grows out well.',
  },
  {
    email: 'jordan@demo.salon',
    firstName: 'Jordan',
    lastName: 'Patel',
    role: 'staff',
    phone: '+1 312 555 0104',
    groups: ['Stylists'],
    bio: 'Precision cuts and barbering. Jordan trained in London and will happily talk you through what suits your hair.',
  },
  { email: 'riley@demo.salon', firstName: 'Riley', lastName: 'Kim', role: 'staff', phone: '+1 312 555 0105', groups: ['Stylists'] },
  { email: 'morgan@demo.salon', firstName: 'Morgan', lastName: 'Diaz', role: 'staff', phone: '+1 312 555 0106', groups: ['Stylists'] },
  { email: 'taylor@demo.salon', firstName: 'Taylor', lastName: 'Brooks', role: 'staff', phone: '+1 312 555 0107', groups: ['Front Desk'] },
] as const;

/**
 * The demo salon of `npm start`: two locations (Downtown is the default), staff in four groups,
 * and the four demo logins of the README. Runs once: a database that already has the demo admin
 * is left as it is, so anything changed while trying the product survives a restart.
 */
export async function seedDemoSalon(dataSource: DataSource): Promise<{ seeded: boolean }> {
  return dataSource.transaction(async (m) => {
    await m.query(`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
    const existing = await m.query(`SELECT 1 FROM users WHERE email = 'admin@demo.salon'`);
    if (existing.length) return { seeded: false };
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await m.query(
      `UPDATE business_settings SET business_name = $1, business_logo = $2, phone = $3, email = $4, website = $5, time_zone = 'America/Chicago', currency = 'USD' WHERE id = 1`,
      ['Willow & Sage Salon and Spa', LOGO, '+1 312 555 0100', 'hello@demo.salon', 'https://demo.salon'],
    );
    await m.query(
      `INSERT INTO locations (name, time_zone, is_default, is_active, address, phone) VALUES
        ('Downtown', 'America/Chicago', true, true, '125 N Wabash Ave, Chicago, IL 60602', '+1 312 555 0110'),
        ('Lakeview', 'America/Chicago', false, true, '2930 N Broadway, Chicago, IL 60657', '+1 312 555 0120')
       ON CONFLICT DO NOTHING`,
    );
    const groupIds = new Map<string, string>();
    for (const [name, group] of Object.entries(GROUPS)) {
      const [row] = await m.query(
        `INSERT INTO permission_groups (name, description, permissions) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description RETURNING id`,
        [name, group.description, [...group.permissions]],
      );
      groupIds.set(name, row.id);
    }
    for (const person of PEOPLE) {
      const [user] = await m.query(
        `INSERT INTO users (email, username, first_name, last_name, phone, role, password_hash, phone_verified_at, bio) VALUES ($1, $2, $3, $4, $5, $6, $7, now(), $8) RETURNING id`,
        [
          person.email,
          person.email.split('@')[0],
          person.firstName,
          person.lastName,
          person.phone,
          person.role,
          passwordHash,
          'bio' in person ? person.bio : null,
        ],
      );
      for (const group of person.groups) {
        await m.query(`INSERT INTO permission_group_members (group_id, user_id) VALUES ($1, $2)`, [groupIds.get(group), user.id]);
      }
    }
    return { seeded: true };
  });
}
