import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractDriftError, ServiceToken } from '@salon/nest-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessagingConfig } from '../../../config.js';
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

const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
// Identity and clients as their contracts (@salon/contracts) have them; a test may replace an answer.
const conforming: Record<string, unknown> = {
  '/api/business-settings': {
    businessName: 'Maple Street Salon',
    businessLogo: null,
    timeZone: 'America/Chicago',
    currency: 'USD',
    phone: '+13125550100',
    email: null,
    website: null,
  },
  '/api/locations': [
    { id: 'loc-nyc', name: 'New York', timeZone: 'America/New_York', isDefault: false, isActive: true, address: null, phone: null },
  ],
  '/api/clients/c-1': {
    id: 'c-1',
    firstName: 'Ana',
    phone: '+13125550101',
    email: 'ana@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
};
let answers: Record<string, unknown>;
let server: Server;
let lookup: PlatformLookup;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = answers[req.url ?? ''];
    res
      .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lookup = new PlatformLookup({ IDENTITY_URL: url, CLIENTS_URL: url } as MessagingConfig, new TestServiceToken());
});
afterAll(() => server?.close());
beforeEach(() => {
  answers = { ...conforming };
  (lookup as unknown as { business: null }).business = null;
});

describe('PlatformLookup (messaging)', () => {
  it('reads conforming answers: contact and consent, the business and the location zone and phone', async () => {
    expect(await lookup.clientContact('c-1')).toEqual({
      firstName: 'Ana',
      phone: '+13125550101',
      email: 'ana@example.com',
      smsConsent: true,
      emailConsent: false,
    });
    expect(await lookup.clientContact('gone')).toBeNull();
    expect(await lookup.businessAt('loc-nyc')).toEqual({
      businessName: 'Maple Street Salon',
      timeZone: 'America/New_York',
      phone: '+13125550100',
    });
  });

  it('refuses a client whose consent drifted from the clients contract, naming the field', async () => {
    answers['/api/clients/c-1'] = { ...(conforming['/api/clients/c-1'] as object), smsConsent: true };
    const failure = lookup.clientContact('c-1');
    await expect(failure).rejects.toBeInstanceOf(ContractDriftError);
    await expect(failure).rejects.toThrow(/\/api\/clients\/c-1 answered a body that breaks its contract: smsConsent: /);
  });

  it("refuses identity's business settings when a field the contract requires is gone, naming it", async () => {
    answers['/api/business-settings'] = { name: 'Maple Street Salon', timeZone: 'America/Chicago', phone: null };
    await expect(lookup.businessAt(null)).rejects.toThrow(
      /\/api\/business-settings answered a body that breaks its contract: businessName: /,
    );
  });
});
