import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractDriftError, ServiceToken } from '@salon/nest-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchedulingConfig } from '../../../config.js';
import { PlatformLookup } from './platform-lookup.provider.js';

/** A service token that needs no signing key: the fake services below do not check it. */
class TestServiceToken extends ServiceToken {
  constructor() {
    super(null as never);
  }
  override async bearer() {
    return 'Bearer test';
  }
}

// Identity and clients as their contracts (@salon/contracts) have them; a test may replace an answer.
const conforming: Record<string, unknown> = {
  '/api/business-settings': {
    businessName: 'Maple Street Salon',
    businessLogo: null,
    timeZone: 'America/Chicago',
    currency: 'USD',
    phone: null,
    email: null,
    website: null,
  },
  '/api/locations': [
    { id: 'loc-2', name: 'Uptown', timeZone: 'America/Chicago', isDefault: false, isActive: true, address: null, phone: null },
    {
      id: 'loc-1',
      name: 'Downtown',
      timeZone: 'America/Chicago',
      isDefault: true,
      isActive: true,
      address: '1 Main St',
      phone: '+13125550100',
    },
    { id: 'loc-3', name: 'Closed', timeZone: 'America/Chicago', isDefault: false, isActive: false, address: null, phone: null },
  ],
  '/api/users/u-1': {
    id: 'u-1',
    username: 'casey',
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'client@demo.salon',
    phone: '+13125550199',
    role: 'client',
    profilePicture: null,
    isActive: true,
    permissionGroups: [],
  },
  '/api/users/s-1': {
    id: 's-1',
    username: 'dana',
    firstName: 'Dana',
    lastName: 'Lee',
    email: 'dana@demo.salon',
    phone: null,
    role: 'staff',
    profilePicture: 'https://example.com/dana.jpg',
    bio: 'Colour specialist.',
    isActive: true,
    permissionGroups: [],
  },
  '/api/clients/find-or-create': { clientId: 'c-1', created: true },
  '/api/clients/online-visitors': { clientId: 'v-1', matchedClientId: 'c-1' },
};
/** Status and body per `METHOD path`, for the answers that are not a plain 200 above. */
let replies: Record<string, [number, unknown]>;
let answers: Record<string, unknown>;
let server: Server;
let lookup: PlatformLookup;

beforeAll(async () => {
  server = createServer((req, res) => {
    const reply = replies[`${req.method} ${req.url}`];
    if (reply) return void res.writeHead(reply[0], { 'content-type': 'application/json' }).end(JSON.stringify(reply[1]));
    const body = answers[req.url ?? ''];
    res
      .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lookup = new PlatformLookup({ IDENTITY_URL: url, CLIENTS_URL: url } as SchedulingConfig, new TestServiceToken());
});
afterAll(() => server?.close());
beforeEach(() => {
  answers = { ...conforming };
  replies = {};
  (lookup as unknown as { cached: null }).cached = null;
});

describe('PlatformLookup (online booking)', () => {
  it('reads conforming answers: the active locations, default first, and the business name', async () => {
    const business = await lookup.business();
    expect(business.businessName).toBe('Maple Street Salon');
    expect(business.locations.map((l) => l.id)).toEqual(['loc-1', 'loc-2']);
    expect(business.locations[0]).toEqual({
      id: 'loc-1',
      name: 'Downtown',
      timeZone: 'America/Chicago',
      address: '1 Main St',
      phone: '+13125550100',
    });
    expect(await lookup.userContact('u-1')).toEqual({
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'client@demo.salon',
      phone: '+13125550199',
      role: 'client',
    });
    expect(await lookup.findOrCreateClient({ firstName: 'Ana' })).toEqual({ clientId: 'c-1', created: true });
  });

  it("refuses identity's locations when they drift from the contract, naming the field", async () => {
    answers['/api/locations'] = [
      { id: 'loc-1', name: 'Downtown', zone: 'America/Chicago', isDefault: true, isActive: true, address: null, phone: null },
    ];
    const failure = lookup.business();
    await expect(failure).rejects.toBeInstanceOf(ContractDriftError);
    await expect(failure).rejects.toThrow(/\/api\/locations answered a body that breaks its contract: 0\.timeZone: /);
  });

  it("reads a staff member's introduction (name, bio, photo) from identity's User, and refuses a bio that drifted", async () => {
    expect(await lookup.staffIntroduction('s-1')).toEqual({
      name: 'Dana Lee',
      bio: 'Colour specialist.',
      profilePicture: 'https://example.com/dana.jpg',
    });
    answers['/api/users/s-1'] = { ...(conforming['/api/users/s-1'] as object), bio: 42 };
    await expect(lookup.staffIntroduction('s-1')).rejects.toThrow(/\/api\/users\/s-1 answered a body that breaks its contract: bio: /);
  });

  it("refuses a user whose role drifted out of the contract's roles", async () => {
    answers['/api/users/u-1'] = { ...(conforming['/api/users/u-1'] as object), role: 'owner' };
    await expect(lookup.userContact('u-1')).rejects.toThrow(/\/api\/users\/u-1 answered a body that breaks its contract: role: /);
  });

  it("refuses clients' find-or-create answer when it drifts, naming the field", async () => {
    answers['/api/clients/find-or-create'] = { id: 'c-1', created: true };
    await expect(lookup.findOrCreateClient({ firstName: 'Ana' })).rejects.toThrow(/answered a body that breaks its contract: clientId: /);
  });

  it("a visitor's profile: the clients service's answer, its field problems named under client., its drift refused", async () => {
    expect(await lookup.createVisitorProfile('v-1', { firstName: 'Ana', phone: '312' })).toEqual({
      clientId: 'v-1',
      matchedClientId: 'c-1',
    });
    replies['POST /api/clients/online-visitors'] = [
      400,
      { error: 'phone: bad', details: [{ field: 'phone', message: 'must be a valid phone number' }] },
    ];
    await expect(lookup.createVisitorProfile('v-1', { firstName: 'Ana', phone: '312' })).rejects.toMatchObject({
      details: [{ field: 'client.phone', message: 'must be a valid phone number' }],
    });
    replies = {};
    answers['/api/clients/online-visitors'] = { clientId: 'v-1', created: false };
    await expect(lookup.createVisitorProfile('v-1', { firstName: 'Ana' })).rejects.toThrow(/breaks its contract: matchedClientId: /);
  });

  it('discards and confirms a visitor profile; a confirmation the clients service refuses is null, not its words', async () => {
    replies['DELETE /api/clients/online-visitors/v-1'] = [204, null];
    await expect(lookup.discardVisitorProfile('v-1')).resolves.toBeUndefined();
    replies['DELETE /api/clients/online-visitors/v-1'] = [503, { error: 'down' }];
    await expect(lookup.discardVisitorProfile('v-1')).rejects.toThrow(/answered 503/);
    replies['POST /api/clients/online-visitors/v-1/confirm'] = [200, { id: 'c-1', firstName: 'Paula' }];
    expect(await lookup.confirmVisitorProfile('v-1', 'c-1')).toBe('c-1');
    replies['POST /api/clients/online-visitors/v-1/confirm'] = [409, { error: 'Paula Reyes was already merged into another client' }];
    expect(await lookup.confirmVisitorProfile('v-1', 'c-1')).toBeNull();
    replies['POST /api/clients/online-visitors/v-1/confirm'] = [404, { error: 'Client v-1 not found' }];
    expect(await lookup.confirmVisitorProfile('v-1', 'c-1')).toBeNull();
  });
});
