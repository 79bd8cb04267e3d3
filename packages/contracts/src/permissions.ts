/**
 * Permission names (spec §6) and the one rule that evaluates a requirement against a user.
 * Web route guards, the side menu, nest-kit's guard and the gateway all call `satisfies`, so a
 * rule cannot drift between client and server.
 */

export const PERMISSIONS = {
  VIEW_DASHBOARD: 'view_dashboard',
  VIEW_CALENDAR: 'view_calendar',
  EDIT_CALENDAR: 'edit_calendar',
  VIEW_APPOINTMENTS: 'view_appointments',
  CREATE_APPOINTMENTS: 'create_appointments',
  EDIT_APPOINTMENTS: 'edit_appointments',
  UPDATE_APPOINTMENTS: 'update_appointments',
  VIEW_CLIENTS: 'view_clients',
  CREATE_CLIENTS: 'create_clients',
  EDIT_CLIENTS: 'edit_clients',
  IMPORT_CLIENTS: 'import_clients',
  EXPORT_CLIENTS: 'export_clients',
  DELETE_CLIENTS: 'delete_clients',
  MANAGE_NOTE_TEMPLATES: 'manage_note_templates',
  VIEW_STAFF: 'view_staff',
  VIEW_TIME_CLOCK: 'view_time_clock',
  VIEW_SCHEDULES: 'view_schedules',
  VIEW_OWN_SCHEDULE: 'view_own_schedule',
  VIEW_SERVICES: 'view_services',
  VIEW_PHONE: 'view_phone',
  VIEW_BUSINESS_SETTINGS: 'view_business_settings',
  EDIT_BUSINESS_SETTINGS: 'edit_business_settings',
  VIEW_POS: 'view_pos',
  USE_POS: 'use_pos',
  REFUND_PAYMENTS: 'refund_payments',
  APPLY_LARGE_DISCOUNTS: 'apply_large_discounts',
  CHARGE_FEES: 'charge_fees',
  EDIT_PRICES: 'edit_prices',
  MANAGE_TIME_CLOCK: 'manage_time_clock',
  MANAGE_PAYROLL: 'manage_payroll',
  VIEW_PRODUCTS: 'view_products',
  EDIT_PRODUCTS: 'edit_products',
  MANAGE_STOCK: 'manage_stock',
  VIEW_REPORTS: 'view_reports',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export interface PermissionDefinition {
  name: PermissionName;
  label: string;
  category: string;
  description: string;
}

/** The catalogue shown on the admin's permissions page, grouped by category. */
export const PERMISSION_CATALOG: readonly PermissionDefinition[] = [
  { name: 'view_dashboard', label: 'View dashboard', category: 'Dashboard', description: "See the dashboard with today's overview" },
  { name: 'view_calendar', label: 'View calendar', category: 'Appointments', description: 'See the appointment calendar' },
  { name: 'edit_calendar', label: 'Edit calendar', category: 'Appointments', description: 'Move, resize and block time on the calendar' },
  { name: 'view_appointments', label: 'View appointments', category: 'Appointments', description: 'See appointment details' },
  { name: 'create_appointments', label: 'Create appointments', category: 'Appointments', description: 'Book new appointments' },
  { name: 'edit_appointments', label: 'Edit appointments', category: 'Appointments', description: 'Change booked appointments' },
  {
    name: 'update_appointments',
    label: 'Update appointment status',
    category: 'Appointments',
    description: 'Check in, complete, cancel or mark no-show',
  },
  { name: 'view_clients', label: 'View clients', category: 'Clients', description: 'See client profiles' },
  { name: 'create_clients', label: 'Create clients', category: 'Clients', description: 'Add new clients' },
  { name: 'edit_clients', label: 'Edit clients', category: 'Clients', description: 'Change profiles, tags, alerts, consent and notes' },
  { name: 'import_clients', label: 'Import clients', category: 'Clients', description: 'Import clients from a file' },
  { name: 'export_clients', label: 'Export clients', category: 'Clients', description: 'Download every client with notes and tags' },
  {
    name: 'delete_clients',
    label: 'Delete and merge clients',
    category: 'Clients',
    description: 'Delete or anonymise clients and merge duplicates',
  },
  { name: 'manage_note_templates', label: 'Manage note templates', category: 'Clients', description: 'Build and change note templates' },
  { name: 'view_staff', label: 'View staff', category: 'Staff', description: 'See the staff list' },
  { name: 'view_time_clock', label: 'View time clock', category: 'Staff', description: 'Use and see the time clock' },
  { name: 'view_schedules', label: 'View schedules', category: 'Staff', description: "See everyone's working hours" },
  { name: 'view_own_schedule', label: 'View own schedule', category: 'Staff', description: 'See only your own working hours' },
  { name: 'view_services', label: 'View services', category: 'Services', description: 'See the service catalogue' },
  { name: 'view_phone', label: 'Use phone', category: 'Phone', description: 'Use the phone feature' },
  {
    name: 'view_business_settings',
    label: 'View business settings',
    category: 'Business',
    description: 'See business settings and booking design',
  },
  {
    name: 'edit_business_settings',
    label: 'Edit business settings',
    category: 'Business',
    description: 'Change business settings and booking design',
  },
  { name: 'view_pos', label: 'View sales', category: 'Retail', description: 'See tickets, payments and sales history' },
  { name: 'use_pos', label: 'Use the POS', category: 'Retail', description: 'Open tickets, check out appointments and take payments' },
  { name: 'refund_payments', label: 'Refund payments', category: 'Retail', description: 'Refund all or part of a payment, with a reason' },
  {
    name: 'apply_large_discounts',
    label: 'Discount above the limit',
    category: 'Retail',
    description: "Give a discount larger than the location's discount limit",
  },
  { name: 'charge_fees', label: 'Charge fees', category: 'Retail', description: 'Add fees to a ticket' },
  {
    name: 'edit_prices',
    label: 'Edit prices',
    category: 'Retail',
    description: 'Change the price of a booked or catalogue item, or ring up an item at a typed price',
  },
  {
    name: 'manage_time_clock',
    label: 'Manage time sheets',
    category: 'Staff',
    description: "See everyone's time sheets, correct shifts with a reason and approve a period",
  },
  {
    name: 'manage_payroll',
    label: 'Run payroll',
    category: 'Insights',
    description: "Set pay rules, draft, finalise and export payroll runs and see everyone's earnings",
  },
  { name: 'view_products', label: 'View products', category: 'Retail', description: 'See products, their stock and its movements' },
  { name: 'edit_products', label: 'Edit products', category: 'Retail', description: 'Add, change, import and export products' },
  {
    name: 'manage_stock',
    label: 'Manage stock',
    category: 'Retail',
    description: 'Receive purchase orders, adjust, transfer and count stock',
  },
  {
    name: 'view_reports',
    label: 'View reports',
    category: 'Insights',
    description: "See the business's reports (sales, appointments, clients, staff, retail) and the dashboard's sales figures",
  },
];

export const ALL_PERMISSIONS: readonly PermissionName[] = PERMISSION_CATALOG.map((p) => p.name);

export function isPermissionName(value: string): value is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** Either opens the POS and its sales (view_pos to look, use_pos to check out). */
export const POS_PERMISSIONS: readonly PermissionName[] = ['view_pos', 'use_pos'];

/** Either opens /products (view_products to look, edit_products or manage_stock to change). */
export const PRODUCT_PERMISSIONS: readonly PermissionName[] = ['view_products', 'edit_products', 'manage_stock'];

/** Reading products and their stock: the products screen, and the desk ringing one up or scanning it. */
export const PRODUCT_LOOKUP_PERMISSIONS: readonly PermissionName[] = [...PRODUCT_PERMISSIONS, 'use_pos'];

/** The six permissions any one of which opens the calendar (spec §2, §6). */
export const CALENDAR_PERMISSIONS: readonly PermissionName[] = [
  'view_calendar',
  'edit_calendar',
  'view_appointments',
  'create_appointments',
  'edit_appointments',
  'update_appointments',
];

/**
 * What scheduling's API requires for each appointment action. Its resolvers and controllers require
 * exactly these, and the web hides what a user may not do by the same requirement.
 */
export const APPOINTMENT_ACTIONS = {
  /** See everyone's calendar (view_own_schedule alone sees one's own column). */
  seeAll: { anyOf: ['view_calendar', 'view_appointments'] },
  /** Book an appointment, a series or a waitlist entry. */
  book: 'create_appointments',
  /** Move, resize, edit, change the status of or cancel an appointment. */
  change: { anyOf: ['edit_appointments', 'update_appointments'] },
} as const satisfies Record<string, PermissionRequirement>;

export const ROLES = ['admin', 'staff', 'client'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route, menu entry, resolver or controller may require (spec §5):
 * a single permission, an any-of list, an all-of list, or a resource plus action
 * (checked as `action_resource`). No requirement allows.
 */
export type PermissionRequirement =
  string | { anyOf: readonly string[] } | { allOf: readonly string[] } | { resource: string; action: string };

export interface PermissionSubject {
  role: Role | string;
  permissions: readonly string[];
}

export function satisfies(subject: PermissionSubject, requirement?: PermissionRequirement | null): boolean {
  if (subject.role === 'admin') return true;
  if (requirement === undefined || requirement === null) return true;
  const held = new Set(subject.permissions);
  if (typeof requirement === 'string') return held.has(requirement);
  if ('anyOf' in requirement) return requirement.anyOf.length === 0 || requirement.anyOf.some((p) => held.has(p));
  if ('allOf' in requirement) return requirement.allOf.every((p) => held.has(p));
  return held.has(`${requirement.action}_${requirement.resource}`);
}

/** Human text naming what a requirement asks for, used in 403 messages. */
export function describeRequirement(requirement: PermissionRequirement): string {
  if (typeof requirement === 'string') return requirement;
  if ('anyOf' in requirement) return `any of ${requirement.anyOf.join(', ')}`;
  if ('allOf' in requirement) return `all of ${requirement.allOf.join(', ')}`;
  return `${requirement.action}_${requirement.resource}`;
}

/** Spec §4: groups whose name contains 'basic' always refetch their permissions. */
export function isBasicGroupName(name: string): boolean {
  return name.toLowerCase().includes('basic');
}
