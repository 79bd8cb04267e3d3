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
}

export function startFakePlatform(data: FakePlatformData, port = 0): Promise<FakePlatform> {
  const requests: FakePlatform['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const client = /^\/api\/clients\/([^/?]+)$/.exec(req.url ?? '');
    const user = /^\/api\/users\/([^/?]+)$/.exec(req.url ?? '');
    const body =
      req.url === '/api/business-settings' ? { businessName: data.business, timeZone: 'America/Chicago' }
      : req.url === '/api/locations' ? data.locations
      : client ? data.clients[decodeURIComponent(client[1]!)]
      : user ? data.users?.[decodeURIComponent(user[1]!)]
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
