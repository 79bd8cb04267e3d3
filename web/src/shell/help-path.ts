import { matchPath } from 'react-router-dom';
import { isHelpTopic, type HelpTopic } from '../app/modules';

/** Where the header's help link goes from a screen: its guide, the index searched for its subject, or the index. */
export type HelpTarget = { topic: HelpTopic } | { search: string } | 'index';

/**
 * The guide of every staff route (route-table's STAFF_ROUTES; help-path.test.ts fails on a route
 * missing here, so a new screen has to choose its guide). Screens that share a guide say so:
 * booking design is part of the settings guide, the mobile agenda and client booking of the
 * appointments guide, the e-mail test of automations. Services has no topic of its own in the
 * spec, so it opens the index searched for "services".
 */
export const ROUTE_HELP: Readonly<Record<string, HelpTarget>> = {
  '/': 'index',
  '/dashboard': 'index',
  '/booking-test': { topic: 'appointments' },
  '/booking-design': { topic: 'settings' },
  '/appointments': { topic: 'appointments' },
  '/appointments-mobile': { topic: 'appointments' },
  '/services': { search: 'services' },
  '/clients': { topic: 'clients' },
  '/clients/:clientId': { topic: 'clients' },
  '/clients-import': { topic: 'clients' },
  '/staff': { topic: 'staff' },
  '/pos': { topic: 'pos' },
  '/products': { topic: 'products' },
  '/gift-certificates': { topic: 'gift-certificates' },
  '/rooms': { topic: 'rooms' },
  '/devices': { topic: 'devices' },
  '/classes': { topic: 'classes' },
  '/memberships': { topic: 'memberships' },
  '/reports': { topic: 'reports' },
  '/marketing': { topic: 'marketing' },
  '/automations': { topic: 'automations' },
  '/note-templates': { topic: 'note-templates' },
  '/phone': { topic: 'phone' },
  '/forms': { topic: 'forms' },
  '/documents': { topic: 'documents' },
  '/ai-messaging': { topic: 'ai-messaging' },
  '/payroll': { topic: 'payroll' },
  '/locations': { topic: 'locations' },
  '/permissions': { topic: 'permissions' },
  '/time-clock': { topic: 'time-clock' },
  '/email-test': { topic: 'automations' },
  '/settings': { topic: 'settings' },
  '/schedule': { topic: 'schedule' },
  '/staff-schedule': { topic: 'staff-schedule' },
  '/staff-schedule/:id': { topic: 'staff-schedule' },
  '/help': 'index',
  // On a guide, the link stays on it (handled below).
  '/help/:topic': 'index',
};

function pathOf(target: HelpTarget): string {
  if (target === 'index') return '/help';
  if ('topic' in target) return `/help/${target.topic}`;
  return `/help?${new URLSearchParams({ q: target.search }).toString()}`;
}

/** The help page for the screen at `pathname`: its guide when it has one, else the help index. */
export function helpPathFor(pathname: string): string {
  const onGuide = matchPath('/help/:topic', pathname);
  if (onGuide) return isHelpTopic(onGuide.params.topic) ? `/help/${onGuide.params.topic}` : '/help';
  for (const [pattern, target] of Object.entries(ROUTE_HELP)) {
    if (matchPath(pattern, pathname)) return pathOf(target);
  }
  return '/help';
}
