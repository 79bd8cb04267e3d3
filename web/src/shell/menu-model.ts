import { CALENDAR_PERMISSIONS, PERMISSIONS, satisfies, type PermissionRequirement } from '@salon/contracts/permissions';
import type { GroupRef } from '@salon/contracts';

export interface MenuLink {
  kind: 'link';
  id: string;
  label: string;
  path: string;
  /** Further routes that belong to this entry (it is active and its group opens on them). */
  alsoPaths?: readonly string[];
}
export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

interface LinkDef {
  id: string;
  label: string;
  path: string;
  alsoPaths?: readonly string[];
  /** Needed by everyone (booking design). */
  requirement?: PermissionRequirement;
  adminOnly?: boolean;
  /** Needed by Basic Staff only; undefined = hidden from Basic Staff. */
  basic?: PermissionRequirement;
}
interface GroupDef {
  id: string;
  label: string;
  basic?: PermissionRequirement;
  children: LinkDef[];
}
type EntryDef = ({ kind: 'link' } & LinkDef) | ({ kind: 'group' } & GroupDef);

const BUSINESS_SETTINGS: PermissionRequirement = { anyOf: [PERMISSIONS.VIEW_BUSINESS_SETTINGS, PERMISSIONS.EDIT_BUSINESS_SETTINGS] };

/** The side menu of spec §2 with the Basic Staff rules of spec §6. */
export const MENU: readonly EntryDef[] = [
  { kind: 'link', id: 'dashboard', label: 'dashboard', path: '/dashboard', basic: PERMISSIONS.VIEW_DASHBOARD },
  {
    kind: 'link',
    id: 'appointments',
    label: 'appointments',
    path: '/appointments',
    alsoPaths: ['/appointments-mobile'],
    basic: { anyOf: CALENDAR_PERMISSIONS },
  },
  {
    kind: 'group',
    id: 'clients',
    label: 'clients',
    basic: PERMISSIONS.VIEW_CLIENTS,
    children: [
      {
        id: 'client-profiles',
        label: 'client profiles',
        path: '/clients',
        alsoPaths: ['/clients-import'],
        basic: PERMISSIONS.VIEW_CLIENTS,
      },
      { id: 'forms', label: 'forms', path: '/forms' },
      { id: 'documents', label: 'documents', path: '/documents' },
      { id: 'note-templates', label: 'note templates', path: '/note-templates' },
      { id: 'client-booking', label: 'client booking', path: '/booking-test' },
      { id: 'memberships', label: 'memberships', path: '/memberships' },
    ],
  },
  {
    kind: 'group',
    id: 'staff',
    label: 'staff',
    basic: { anyOf: [PERMISSIONS.VIEW_STAFF, PERMISSIONS.VIEW_TIME_CLOCK] },
    children: [
      { id: 'staff-list', label: 'staff', path: '/staff', basic: PERMISSIONS.VIEW_STAFF },
      {
        id: 'schedule',
        label: 'schedule',
        path: '/schedule',
        alsoPaths: ['/staff-schedule'],
        basic: { anyOf: [PERMISSIONS.VIEW_SCHEDULES, PERMISSIONS.VIEW_OWN_SCHEDULE] },
      },
      { id: 'time-clock', label: 'time clock', path: '/time-clock', basic: PERMISSIONS.VIEW_TIME_CLOCK },
    ],
  },
  {
    kind: 'group',
    id: 'services',
    label: 'services',
    basic: PERMISSIONS.VIEW_SERVICES,
    children: [
      { id: 'services-list', label: 'services', path: '/services', basic: PERMISSIONS.VIEW_SERVICES },
      { id: 'classes', label: 'classes', path: '/classes' },
      { id: 'devices', label: 'devices', path: '/devices' },
      { id: 'rooms', label: 'rooms', path: '/rooms' },
    ],
  },
  {
    kind: 'group',
    id: 'retail',
    label: 'retail',
    children: [
      { id: 'pos', label: 'POS', path: '/pos' },
      { id: 'gift-certificates', label: 'gift certificates & cards', path: '/gift-certificates' },
      { id: 'products', label: 'products', path: '/products' },
    ],
  },
  {
    // The original source spells this group 'isights'; the label formatter corrects it.
    kind: 'group',
    id: 'insights',
    label: 'isights',
    children: [
      { id: 'reports', label: 'reports', path: '/reports' },
      { id: 'payroll', label: 'payroll', path: '/payroll' },
    ],
  },
  {
    kind: 'group',
    id: 'business',
    label: 'business',
    children: [
      { id: 'locations', label: 'locations', path: '/locations' },
      { id: 'settings', label: 'profile & settings', path: '/settings' },
      { id: 'booking-design', label: 'booking design', path: '/booking-design', requirement: BUSINESS_SETTINGS },
      { id: 'permissions', label: 'permissions', path: '/permissions', adminOnly: true },
    ],
  },
  {
    kind: 'group',
    id: 'sms-email',
    label: 'SMS & email',
    children: [
      { id: 'automations', label: 'automations', path: '/automations' },
      { id: 'marketing', label: 'marketing', path: '/marketing' },
      { id: 'ai-messaging', label: 'AI messaging', path: '/ai-messaging' },
    ],
  },
  { kind: 'link', id: 'phone', label: 'phone', path: '/phone', basic: PERMISSIONS.VIEW_PHONE },
];

/** Spec §2: each word capitalised; the misspelling 'isights' shown as 'insights'. */
export function formatMenuLabel(label: string): string {
  return label
    .replace(/isights/gi, (m) => (m[0] === 'I' ? 'Insights' : 'insights'))
    .split(' ')
    .map((w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export const BASIC_STAFF_GROUP = 'basic staff';

/** Spec §6: staff in a permission group named 'Basic Staff' get the reduced menu. */
export function isBasicStaff(role: string, groups: readonly Pick<GroupRef, 'name'>[] | null | undefined): boolean {
  if (role === 'admin') return false;
  return (groups ?? []).some((g) => g.name.trim().toLowerCase() === BASIC_STAFF_GROUP);
}

export interface MenuSubject {
  role: string;
  permissions: readonly string[];
  groups: readonly Pick<GroupRef, 'name'>[];
}

export function buildMenu(subject: MenuSubject): MenuEntry[] {
  const basic = isBasicStaff(subject.role, subject.groups);
  const can = (r?: PermissionRequirement) => satisfies(subject, r);
  const visibleLink = (d: LinkDef): boolean => {
    if (d.adminOnly && subject.role !== 'admin') return false;
    if (!can(d.requirement)) return false;
    if (basic) return d.basic !== undefined && can(d.basic);
    return true;
  };
  const toLink = (d: LinkDef): MenuLink => ({
    kind: 'link',
    id: d.id,
    label: formatMenuLabel(d.label),
    path: d.path,
    ...(d.alsoPaths ? { alsoPaths: d.alsoPaths } : {}),
  });

  const out: MenuEntry[] = [];
  for (const e of MENU) {
    if (e.kind === 'link') {
      if (visibleLink(e)) out.push(toLink(e));
      continue;
    }
    if (basic && (e.basic === undefined || !can(e.basic))) continue;
    const children = e.children.filter(visibleLink).map(toLink);
    if (children.length === 0) continue;
    out.push({ kind: 'group', id: e.id, label: formatMenuLabel(e.label), children });
  }
  return out;
}

/** Whether a menu path is the current route (a path matches itself and its sub-paths). */
export function pathMatches(menuPath: string, pathname: string): boolean {
  if (menuPath === '/dashboard' && pathname === '/') return true;
  return pathname === menuPath || pathname.startsWith(`${menuPath}/`);
}

/** Whether the current route belongs to a menu entry: its own path or one of its further routes. */
export function linkMatches(link: Pick<MenuLink, 'path' | 'alsoPaths'>, pathname: string): boolean {
  return pathMatches(link.path, pathname) || (link.alsoPaths ?? []).some((p) => pathMatches(p, pathname));
}

/** The id of the group holding the current route, for auto-opening (spec §2). */
export function groupOfPath(menu: readonly MenuEntry[], pathname: string): string | null {
  for (const e of menu) {
    if (e.kind === 'group' && e.children.some((c) => linkMatches(c, pathname))) return e.id;
  }
  return null;
}

/** All links of a menu, flattened (dashboard quick links). */
export function flattenMenu(menu: readonly MenuEntry[]): MenuLink[] {
  return menu.flatMap((e) => (e.kind === 'link' ? [e] : e.children));
}
