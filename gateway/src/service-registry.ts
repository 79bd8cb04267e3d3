import type { GatewayConfig } from './config.js';

export type ServiceName = keyof GatewayConfig['serviceUrls'];

export interface ServiceDefinition {
  name: ServiceName;
  /** GraphQL endpoint path on the service; every service is a Federation 2 subgraph. */
  graphqlPath: string;
  /** REST path prefixes the service owns; a prefix matches itself and everything below it. */
  restPrefixes: readonly string[];
}

export interface ServiceEntry extends ServiceDefinition {
  /** Base URL, or null when the service is not deployed (its REST paths answer 503). */
  url: string | null;
}

/** The one table of which service owns which paths. */
export const SERVICES: readonly ServiceDefinition[] = [
  {
    name: 'identity',
    graphqlPath: '/graphql',
    restPrefixes: ['/api/auth', '/api/users', '/api/business-settings', '/api/locations'],
  },
  {
    name: 'scheduling',
    graphqlPath: '/graphql',
    restPrefixes: [
      '/api/appointments',
      '/api/appointment-series',
      '/api/waitlist',
      '/api/services',
      '/api/availability',
      '/api/classes',
      '/api/rooms',
      '/api/devices',
      '/api/staff-schedules',
      '/api/working-hours',
      '/api/schedule-exceptions',
      '/api/time-off',
      '/api/booking-policies',
      '/api/online-booking',
      '/api/booking-design',
      '/api/calendar-feeds',
    ],
  },
  {
    name: 'clients',
    graphqlPath: '/graphql',
    restPrefixes: ['/api/clients', '/api/client-imports', '/api/note-templates'],
  },
  {
    name: 'retail',
    graphqlPath: '/graphql',
    restPrefixes: [
      '/api/tickets',
      '/api/checkout-appointments',
      '/api/pos-settings',
      '/api/payments',
      '/api/sales-history',
      '/api/saved-payment-methods',
      '/api/card-readers',
      '/api/webhooks/stripe',
      '/api/products',
      '/api/stock-movements',
      '/api/stock-adjustments',
      '/api/stock-transfers',
      '/api/stock-counts',
      '/api/purchase-orders',
      '/api/gift-certificates',
      '/api/gift-cards',
      '/api/prepaid-plans',
      '/api/memberships',
      '/api/booking-deposits',
      '/api/cancellation-fees',
      '/api/online-gift-cards',
    ],
  },
  {
    name: 'messaging',
    graphqlPath: '/graphql',
    restPrefixes: ['/api/messages', '/api/webhooks/twilio', '/api/webhooks/ses', '/api/marketing'],
  },
  {
    name: 'payroll',
    graphqlPath: '/graphql',
    // `/api/staff` holds only `/api/staff/{id}/earnings` (staff themselves are identity's users).
    restPrefixes: ['/api/payroll', '/api/staff', '/api/staff-earnings', '/api/pay-rules', '/api/time-clock', '/api/reports'],
  },
  {
    name: 'documents',
    graphqlPath: '/graphql',
    restPrefixes: ['/api/forms', '/api/documents'],
  },
];

/** True when `path` is `prefix` itself or lies below it (`/api/users` matches `/api/users/42`, not `/api/usersx`). */
export function pathHasPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && path.charAt(prefix.length) === '/');
}

export class ServiceRegistry {
  readonly entries: readonly ServiceEntry[];
  /** Longest prefix first, so a more specific prefix always wins. */
  private readonly routes: { prefix: string; service: ServiceEntry }[];

  constructor(urls: GatewayConfig['serviceUrls'], definitions: readonly ServiceDefinition[] = SERVICES) {
    this.entries = definitions.map((definition) => ({ ...definition, url: urls[definition.name] ?? null }));
    this.routes = this.entries
      .flatMap((service) => service.restPrefixes.map((prefix) => ({ prefix, service })))
      .sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /** The service owning a REST path (deployed or not), or null when no service does. */
  ownerOf(path: string): ServiceEntry | null {
    for (const route of this.routes) if (pathHasPrefix(path, route.prefix)) return route.service;
    return null;
  }

  get(name: ServiceName): ServiceEntry {
    const entry = this.entries.find((e) => e.name === name);
    if (!entry) throw new Error(`Unknown service ${name}`);
    return entry;
  }

  /** Services that have a URL, i.e. join the supergraph. */
  deployed(): (ServiceEntry & { url: string })[] {
    return this.entries.filter((e): e is ServiceEntry & { url: string } => e.url !== null);
  }

  /** Subgraph endpoints for composition: name + full GraphQL URL. */
  subgraphs(): { name: ServiceName; url: string }[] {
    return this.deployed().map((e) => ({ name: e.name, url: `${e.url}${e.graphqlPath}` }));
  }
}
