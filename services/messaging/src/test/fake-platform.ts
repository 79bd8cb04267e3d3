import { createServer, type Server } from 'node:http';

/**
 * Stands in for the clients service (GET /api/clients/{id}) and identity (business settings,
 * locations, users) in messaging's tests of client messages; records every request and its
 * Authorization header.
 */
export interface FakePlatform {
  url: string;
  requests: { path: string; authorization: string | undefined }[];
  stop(): Promise<void>;
}

export interface FakePlatformData {
  business: string;
  locations: object[];
  clients: Record<string, object>;
  users?: Record<string, object>;
  /** Scheduling's public booking page (/api/online-booking): the salon's look. */
  look?: { primaryColor: string; backgroundColor: string; logoUrl: string | null };
}

/** Identity's answers as its contract has them (@salon/contracts identity/*), with what a test leaves out filled in. */
const businessSettings = (businessName: string) => ({
  businessName,
  businessLogo: null,
  timeZone: 'America/Chicago',
  currency: 'USD',
  phone: null,
  email: null,
  website: null,
});
const location = (given: object) => ({
  name: 'Salon',
  timeZone: 'America/Chicago',
  isDefault: false,
  isActive: true,
  address: null,
  phone: null,
  ...given,
});

const listed = (c: object) => ({
  birthday: null,
  tags: [],
  preferredLocationId: null,
  preferredStaffId: null,
  lastVisitAt: null,
  phone: null,
  email: null,
  smsConsent: { granted: false, changedAt: null, method: null, changedBy: null },
  emailConsent: { granted: false, changedAt: null, method: null, changedBy: null },
  ...c,
});
/** The clients service's keyset page (`after`: the clients whose id sorts after it, in id order). */
function clientPage(clients: Record<string, object>, after: string, limit: number) {
  const all = Object.entries(clients).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const page = all.filter(([id]) => id > after).slice(0, limit);
  return { data: page.map(([id, c]) => listed({ id, ...c })), total: all.length };
}

export function startFakePlatform(data: FakePlatformData, port = 0): Promise<FakePlatform> {
  const requests: FakePlatform['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const client = /^\/api\/clients\/([^/?]+)$/.exec(req.url ?? '');
    const user = /^\/api\/users\/([^/?]+)$/.exec(req.url ?? '');
    // The client list (marketing's segments page through it): every client, with the profile fields a test leaves out.
    const list = /^\/api\/clients\?/.test(req.url ?? '') ? new URL(req.url!, 'http://x').searchParams : null;
    const body = list
      ? clientPage(data.clients, list.get('after') ?? '', Number(list.get('limit') ?? 20))
      : req.url === '/api/business-settings'
        ? businessSettings(data.business)
        : req.url === '/api/locations'
          ? data.locations.map(location)
          : req.url === '/api/online-booking' && data.look
            ? {
                businessName: data.business,
                design: { headline: null, intro: null, policies: null, allowAnyStaff: true, ...data.look },
                locations: [],
              }
            : client && data.clients[decodeURIComponent(client[1]!)]
              ? listed(data.clients[decodeURIComponent(client[1]!)]!)
              : user
                ? data.users?.[decodeURIComponent(user[1]!)]
                : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${bound}`, requests, stop: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
