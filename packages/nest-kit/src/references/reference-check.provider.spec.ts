import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContractDriftError, ServiceToken } from '../auth/service-token.provider.js';
import { ValidationFailedError } from '../errors/app-errors.js';
import { PlatformDirectory } from './platform-directory.provider.js';
import { ReferenceCheck } from './reference-check.provider.js';

/** A service token that needs no signing key: the fake owners below do not check it. */
class TestServiceToken extends ServiceToken {
  constructor() {
    super(null as never);
  }
  override async bearer() {
    return 'Bearer test';
  }
}

const user = (role: string, isActive = true) => ({
  id: 'x',
  username: 'x',
  firstName: null,
  lastName: null,
  email: 'x@example.com',
  phone: null,
  role,
  profilePicture: null,
  isActive,
  permissionGroups: [],
});
const location = (id: string) => ({
  id,
  name: id,
  timeZone: 'America/Chicago',
  isDefault: false,
  isActive: true,
  address: null,
  phone: null,
});

let answers: Record<string, { status: number; body: unknown }>;
let asked: string[];
let server: Server;
let check: ReferenceCheck;
let directory: PlatformDirectory;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const answer = answers[req.url ?? ''] ?? { status: 404, body: { error: 'Not found' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  directory = new PlatformDirectory({ IDENTITY_URL: url, CLIENTS_URL: url, SCHEDULING_URL: url }, new TestServiceToken());
  check = new ReferenceCheck(directory);
});
afterAll(() => server?.close());
beforeEach(() => {
  asked = [];
  (directory as unknown as { locations: null }).locations = null;
  answers = {
    '/api/clients/c-live': { status: 200, body: { id: 'c-live', firstName: 'Ada' } },
    '/api/users/u-staff': { status: 200, body: user('staff') },
    '/api/users/u-admin': { status: 200, body: user('admin') },
    '/api/users/u-client': { status: 200, body: user('client') },
    '/api/users/u-gone': { status: 200, body: user('staff', false) },
    '/api/locations': { status: 200, body: [location('l-1'), location('l-2')] },
    '/api/services/s-live': { status: 200, body: { id: 's-live', name: 'Colour', active: true } },
    '/api/services/s-retired': { status: 200, body: { id: 's-retired', name: 'Perm', active: false } },
  };
});

async function refusal(refs: Parameters<ReferenceCheck['require']>[0]) {
  const error = await check.require(refs).then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof ValidationFailedError ? error.details : error;
}

describe('ReferenceCheck with the owners asked over HTTP', () => {
  it('accepts ids their owners know', async () => {
    await expect(
      check.require({
        clients: [{ field: 'clientId', id: 'c-live' }],
        staff: [
          { field: 'staffId', id: 'u-staff' },
          { field: 'services.1.staffId', id: 'u-admin' },
        ],
        locations: [{ field: 'locationId', id: 'l-2' }],
      }),
    ).resolves.toBeUndefined();
  });

  it('refuses, naming every field, ids their owners do not know or that are not what the field needs', async () => {
    expect(
      await refusal({
        clients: [{ field: 'clientId', id: 'c-unknown' }],
        staff: [
          { field: 'staffId', id: 'u-client' },
          { field: 'services.1.staffId', id: 'u-gone' },
          { field: 'services.2.staffId', id: 'u-nobody' },
        ],
        locations: [{ field: 'locationId', id: 'l-9' }],
      }),
    ).toEqual([
      { field: 'clientId', message: 'is not an active client (no such client, or it was deleted or merged)' },
      { field: 'staffId', message: 'is not a staff member' },
      { field: 'services.1.staffId', message: 'is not an active staff member' },
      { field: 'services.2.staffId', message: 'is not a staff member' },
      { field: 'locationId', message: 'is not a location of the business' },
    ]);
  });

  it('checks catalogue services with scheduling: unknown and retired ones are refused', async () => {
    await expect(check.require({ services: [{ field: 'serviceIds.0', id: 's-live' }] })).resolves.toBeUndefined();
    expect(
      await refusal({
        services: [
          { field: 'serviceIds.0', id: 's-retired' },
          { field: 'serviceIds.1', id: 's-nowhere' },
        ],
      }),
    ).toEqual([
      { field: 'serviceIds.0', message: 'is not an active service' },
      { field: 'serviceIds.1', message: 'is not a service of the catalogue' },
    ]);
  });

  it('asks once per id, and keeps the location list for a minute', async () => {
    await check.require({
      staff: [
        { field: 'a', id: 'u-staff' },
        { field: 'b', id: 'u-staff' },
      ],
      locations: [
        { field: 'c', id: 'l-1' },
        { field: 'd', id: 'l-2' },
      ],
    });
    await check.require({ locations: [{ field: 'e', id: 'l-1' }] });
    expect(asked.sort()).toEqual(['/api/locations', '/api/users/u-staff']);
  });

  it('fails closed with 503 when an owner cannot answer, and reports a contract drift as such', async () => {
    answers['/api/clients/c-live'] = { status: 500, body: { error: 'boom' } };
    const down = (await refusal({ clients: [{ field: 'clientId', id: 'c-live' }] })) as { status: number };
    expect(down.status).toBe(503);
    answers['/api/users/u-staff'] = { status: 200, body: { role: 'wizard', isActive: 'yes' } };
    expect(await refusal({ staff: [{ field: 'staffId', id: 'u-staff' }] })).toBeInstanceOf(ContractDriftError);
  });
});
