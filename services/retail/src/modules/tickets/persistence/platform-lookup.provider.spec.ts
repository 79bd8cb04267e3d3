import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractDriftError, ServiceToken } from '@salon/nest-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetailConfig } from '../../../config.js';
import { appointmentLines } from '../use-cases/tickets.use-case.js';
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

const APPOINTMENT = 'a1000000-0000-4000-8000-000000000001';
// A two-service visit as scheduling answers GET /api/appointments/{id} (its contract, @salon/contracts).
const visit = {
  id: APPOINTMENT,
  locationId: 'loc-1',
  clientId: 'c-1',
  status: 'completed',
  startsAt: '2026-11-23T15:00:00.000Z',
  endsAt: '2026-11-23T17:45:00.000Z',
  serviceId: 's-colour',
  serviceName: 'Colour + Blow-dry',
  staffId: 'st-jordan',
  priceMinor: 15500,
  currency: 'USD',
  service: {
    id: 's-colour',
    name: 'Colour + Blow-dry',
    category: 'Hair',
    durationMin: 150,
    priceMinor: 15500,
    currency: 'USD',
    segments: [
      { id: 's-colour', name: 'Colour', category: 'Hair', durationMin: 120, priceMinor: 12000, currency: 'USD' },
      { id: 's-blow', name: 'Blow-dry', category: 'Hair', durationMin: 30, priceMinor: 3500, currency: 'USD' },
    ],
  },
  resources: [],
  notes: null,
  cancelReason: null,
  lateCancel: false,
  source: 'staff',
  bookedBy: null,
  version: 3,
  seriesId: null,
  segments: [
    { position: 0, serviceId: 's-colour', staffId: 'st-jordan', startsAt: '2026-11-23T15:00:00.000Z', endsAt: '2026-11-23T17:00:00.000Z' },
    { position: 1, serviceId: 's-blow', staffId: 'st-dana', startsAt: '2026-11-23T17:00:00.000Z', endsAt: '2026-11-23T17:30:00.000Z' },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T17:45:00.000Z',
};

let answers: Record<string, unknown>;
let seen: string[];
let server: Server;
let lookup: PlatformLookup;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const path = (req.url ?? '').split('?')[0]!;
    const body = answers[path];
    res
      .writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lookup = new PlatformLookup(
    { SCHEDULING_URL: url, IDENTITY_URL: url, DEFAULT_TIME_ZONE: 'America/Chicago' } as RetailConfig,
    new TestServiceToken(),
  );
});
afterAll(() => server?.close());
beforeEach(() => {
  seen = [];
  answers = {
    [`/api/appointments/${APPOINTMENT}`]: visit,
    '/api/appointments': [visit],
    '/api/locations': [
      { id: 'loc-1', name: 'Downtown', timeZone: 'America/Chicago', isDefault: true, isActive: true, address: null, phone: null },
      { id: 'loc-2', name: 'Coast', timeZone: 'America/Los_Angeles', isDefault: false, isActive: true, address: null, phone: null },
    ],
  };
  (lookup as unknown as { zones: null }).zones = null;
});

describe('PlatformLookup (checkout)', () => {
  it("reads scheduling's appointment and turns its booked services into lines with their performers", async () => {
    const appointment = await lookup.appointment(APPOINTMENT);
    expect(appointment).not.toBeNull();
    expect(appointmentLines(appointment!).map((l) => [l.name, l.unitPriceMinor, l.staffId, l.appointmentId])).toEqual([
      ['Colour', 12000, 'st-jordan', APPOINTMENT],
      ['Blow-dry', 3500, 'st-dana', APPOINTMENT],
    ]);
  });

  it('answers null for an appointment scheduling does not have', async () => {
    expect(await lookup.appointment('a1000000-0000-4000-8000-000000000009')).toBeNull();
  });

  it('asks for a day of appointments by location and instants', async () => {
    const list = await lookup.appointmentsBetween('loc-1', new Date('2026-11-23T06:00:00Z'), new Date('2026-11-24T06:00:00Z'));
    expect(list).toHaveLength(1);
    expect(seen[0]).toBe('/api/appointments?locationId=loc-1&from=2026-11-23T06%3A00%3A00.000Z&to=2026-11-24T06%3A00%3A00.000Z');
  });

  it("reads the location's no-show and late-cancel fees from scheduling's booking policy", async () => {
    answers['/api/booking-policies/loc-1'] = {
      locationId: 'loc-1',
      timeZone: 'America/Chicago',
      slotIntervalMin: 15,
      minNoticeMin: 60,
      maxAdvanceDays: 90,
      lateCancelHours: 24,
      openingHours: null,
      noShowFeeMinor: 2500,
      lateCancelFeeMinor: null,
      requireCardOnline: true,
    };
    expect(await lookup.feePolicy('loc-1')).toEqual({ noShowFeeMinor: 2500, lateCancelFeeMinor: null });
    answers['/api/booking-policies/loc-1'] = { noShowFeeMinor: '25.00', lateCancelFeeMinor: null };
    await expect(lookup.feePolicy('loc-1')).rejects.toBeInstanceOf(ContractDriftError);
  });

  it('fails loudly, naming the field, when scheduling drifts from its contract', async () => {
    answers[`/api/appointments/${APPOINTMENT}`] = { ...visit, service: { ...visit.service, priceMinor: '155.00' } };
    const error = await lookup.appointment(APPOINTMENT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractDriftError);
    expect((error as Error).message).toMatch(/service\.priceMinor: Invalid input: expected number, received string/);
  });

  it("reads a location's zone from identity, falling back to the default", async () => {
    expect(await lookup.timeZoneOf('loc-2')).toBe('America/Los_Angeles');
    expect(await lookup.timeZoneOf('loc-unknown')).toBe('America/Chicago');
    delete answers['/api/locations'];
    (lookup as unknown as { zones: null }).zones = null;
    // Identity not answering: the desk still works, in the default zone.
    expect(await lookup.timeZoneOf('loc-2')).toBe('America/Chicago');
  });

  it("reads where a receipt comes from in identity: the business's name, the location's name, address and phone", async () => {
    answers['/api/business-settings'] = {
      businessName: 'Willow & Sage',
      businessLogo: null,
      timeZone: 'America/Chicago',
      currency: 'USD',
      phone: '+15555550100',
      email: null,
      website: null,
    };
    (answers['/api/locations'] as { address: string | null }[])[1]!.address = '1 Ocean Ave';
    expect(await lookup.placeOf('loc-2')).toEqual({
      businessName: 'Willow & Sage',
      locationName: 'Coast',
      locationAddress: '1 Ocean Ave',
      locationPhone: '+15555550100',
      timeZone: 'America/Los_Angeles',
    });
    // No guessed name on a receipt: identity not answering fails the receipt, saying so.
    delete answers['/api/business-settings'];
    await expect(lookup.placeOf('loc-2')).rejects.toThrow();
  });
});
