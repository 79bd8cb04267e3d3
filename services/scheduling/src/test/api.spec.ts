import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  appointmentViewSchema,
  policyRowSchema,
  resourceViewSchema,
  serviceViewSchema,
  slotsAnswerSchema,
  timeOffRowSchema,
  unavailableViewSchema,
  workingHoursRowSchema,
} from '@salon/contracts';
import { resolvableEntityTypes } from '@salon/nest-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT,
  expectOneConflictShape,
  LAKEVIEW,
  localTime,
  LOCATION,
  seedCalendar,
  STAFF,
  startScheduling,
  type SchedulingTestApp,
} from './scheduling-app.js';

let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('api');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });

  // Its federation references would be reads of its data by anyone who can call `_entities`: an
  // entity added here needs a read rule in its reference resolver (the rule of its REST route) and
  // a test like identity's and clients' "has a rule for every resolvable entity".
  it('resolves no entity of its own through _entities', async () => {
    expect(resolvableEntityTypes((await t.gql(null, '{ _service { sdl } }')).data._service.sdl as string)).toEqual([]);
  });
});

describe('a location’s time zone', () => {
  it('is identity’s, from the day the location is added, and follows a change there', async () => {
    const as = t.as('admin');
    const zoneOf = async () => policyRowSchema.parse((await as.get(`/api/booking-policies/${LAKEVIEW}`).expect(200)).body).timeZone;
    try {
      t.directory.locationZones.set(LAKEVIEW, 'America/New_York');
      expect(await zoneOf()).toBe('America/New_York');
      // A policy saved with another zone does not take the location to it: identity owns the zone.
      await as.put(`/api/booking-policies/${LAKEVIEW}`, { timeZone: 'America/Chicago' }).expect(200);
      expect(await zoneOf()).toBe('America/New_York');
      t.directory.locationZones.set(LAKEVIEW, 'America/Denver');
      expect(await zoneOf()).toBe('America/Denver');
    } finally {
      t.directory.locationZones.delete(LAKEVIEW);
    }
    // Identity without a zone for it (or unreachable): the policy's own copy stands in.
    expect(await zoneOf()).toBe('America/Chicago');
  });
});

describe('the booking policy’s cancellation fees', () => {
  it('saves the no-show and late-cancel fees and the card-on-file rule, refusing what is not a whole amount', async () => {
    const as = t.as('admin');
    const base = { timeZone: 'America/Chicago' };
    const saved = await as.put(`/api/booking-policies/${LAKEVIEW}`, {
      ...base,
      noShowFeeMinor: 2500,
      lateCancelFeeMinor: 0,
      requireCardOnline: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ noShowFeeMinor: 2500, lateCancelFeeMinor: 0, requireCardOnline: true });
    for (const [field, value, message] of [
      ['noShowFeeMinor', -1, 'must be at least 0'],
      ['lateCancelFeeMinor', 12.5, 'must be a whole number'],
      ['noShowFeeMinor', '25.00', 'number'],
      ['requireCardOnline', 'yes', 'must be true or false'],
    ] as const) {
      const res = await as.put(`/api/booking-policies/${LAKEVIEW}`, { ...base, [field]: value });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // Still as saved; a policy saved without them has no fees and asks no card.
    expect((await as.get(`/api/booking-policies/${LAKEVIEW}`).expect(200)).body).toMatchObject({
      noShowFeeMinor: 2500,
      requireCardOnline: true,
    });
    await as.put(`/api/booking-policies/${LAKEVIEW}`, base).expect(200);
    expect((await as.get(`/api/booking-policies/${LAKEVIEW}`).expect(200)).body).toMatchObject({
      noShowFeeMinor: null,
      lateCancelFeeMinor: null,
      requireCardOnline: false,
    });
    const gql = await t.gql(
      'admin',
      `mutation($l: ID!) { saveBookingPolicy(locationId: $l, input: { timeZone: "America/Chicago", noShowFeeMinor: 1000, requireCardOnline: null }) { noShowFeeMinor lateCancelFeeMinor requireCardOnline } }`,
      { l: LAKEVIEW },
    );
    expect(gql.data.saveBookingPolicy).toEqual({ noShowFeeMinor: 1000, lateCancelFeeMinor: null, requireCardOnline: false });
    await as.put(`/api/booking-policies/${LAKEVIEW}`, base).expect(200);
  });
});

describe('the wire contract (packages/contracts/src/scheduling)', () => {
  it('every answer parses with its contract schema', async () => {
    const as = t.as('admin');
    const window = `from=${localTime('00:00', 12)}&to=${localTime('23:59', 12)}`;
    serviceViewSchema.array().parse((await as.get(`/api/services?locationId=${LOCATION}`).expect(200)).body);
    serviceViewSchema.parse((await as.get(`/api/services/${ids.haircutId}`).expect(200)).body);
    resourceViewSchema.array().parse((await as.get(`/api/rooms?locationId=${LOCATION}`).expect(200)).body);
    workingHoursRowSchema.array().parse((await as.get(`/api/working-hours?locationId=${LOCATION}`).expect(200)).body);
    timeOffRowSchema.array().parse((await as.get(`/api/time-off?locationId=${LOCATION}&${window}`).expect(200)).body);
    policyRowSchema.parse((await as.get(`/api/booking-policies/${LOCATION}`).expect(200)).body);
    slotsAnswerSchema.parse(
      (await as.get(`/api/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&${window}`).expect(200)).body,
    );
    unavailableViewSchema.parse((await as.get(`/api/availability/unavailable?locationId=${LOCATION}&${window}`).expect(200)).body);
    const booked = await as.post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(3),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('10:00', 14),
    });
    expect(booked.status).toBe(201);
    appointmentViewSchema.parse(booked.body);
    const day14 = `from=${localTime('00:00', 14)}&to=${localTime('23:59', 14)}`;
    expect(
      appointmentViewSchema.array().parse((await as.get(`/api/appointments?locationId=${LOCATION}&${day14}`).expect(200)).body),
    ).toHaveLength(1);
  });
});

describe('open booking API and permissions', () => {
  it('serves the bookable catalogue and availability without a token', async () => {
    const services = await t.as(null).get(`/api/services?locationId=${LOCATION}`);
    expect(services.status).toBe(200);
    expect(services.body.map((s: any) => s.name).sort()).toEqual(['Haircut', 'Massage 60']);
    const day = localTime('00:00', 12).slice(0, 10);
    const slots = await t
      .as(null)
      .get(
        `/api/availability?locationId=${LOCATION}&serviceId=${ids.massageId}&from=${localTime('09:00', 12)}&to=${localTime('12:00', 12)}&staffId=${STAFF.dana.id}`,
      );
    expect(slots.status).toBe(200);
    expect(slots.body.timeZone).toBe('America/Chicago');
    expect(slots.body.slots[0]).toMatchObject({
      startsAt: new Date(localTime('09:00', 12)).toISOString(),
      staffId: STAFF.dana.id,
      staffName: 'Dana Lee',
      resources: [{ id: ids.roomId, kind: 'room', name: 'Room 2' }],
    });
    expect(day).toMatch(/^\d{4}-/);
    const bad = await t.as(null).get(`/api/availability?locationId=${LOCATION}&serviceId=nope&from=x&to=y`);
    expect(bad.status).toBe(400);
  });

  it('shows view_own_schedule holders only their own hours', async () => {
    const own = await t.as('danaOwn').get(`/api/working-hours?locationId=${LOCATION}`);
    expect(own.status).toBe(200);
    const rows = JSON.stringify(own.body);
    expect(rows).toContain(STAFF.dana.id);
    expect(rows).not.toContain(STAFF.jordan.id);
    const others = await t.as('danaOwn').get(`/api/working-hours?locationId=${LOCATION}&staffId=${STAFF.jordan.id}`);
    expect(others.status).toBe(403);
    const all = await t.as('viewer').get(`/api/working-hours?locationId=${LOCATION}`);
    expect(JSON.stringify(all.body)).toContain(STAFF.jordan.id);
  });

  it('enforces permissions on appointments and catalogue edits', async () => {
    const body = {
      locationId: LOCATION,
      clientId: CLIENT(1),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('15:00'),
    };
    expect((await t.as(null).post('/api/appointments', body)).status).toBe(401);
    expect((await t.as('viewer').post('/api/appointments', body)).status).toBe(403);
    expect((await t.as('outsider').get(`/api/appointments?from=${localTime('00:00')}&to=${localTime('23:00')}`)).status).toBe(403);
    const created = await t.as('admin').post('/api/appointments', body);
    expect(created.status).toBe(201);
    const list = await t.as('viewer').get(`/api/appointments?from=${localTime('00:00')}&to=${localTime('23:59')}&locationId=${LOCATION}`);
    expect(list.status).toBe(200);
    expect(list.body.map((a: any) => a.id)).toContain(created.body.id);
    expect((await t.as('viewer').patch(`/api/appointments/${created.body.id}`, { status: 'confirmed' })).status).toBe(403);
    expect((await t.as('frontDesk').post('/api/rooms', { locationId: LOCATION, name: 'Room 9', type: 'treatment' })).status).toBe(403);
    expect((await t.as('admin').post('/api/rooms', { locationId: LOCATION, name: 'Room 9', type: 'treatment' })).status).toBe(201);
    const invalid = await t.as('frontDesk').post('/api/appointments', { ...body, clientId: 'not-a-uuid', startsAt: 'tomorrow' });
    expect(invalid.status).toBe(400);
  });

  it('refuses a time outside working hours with 409 and alternatives', async () => {
    const res = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(2),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('20:00'),
    });
    expect(res.status).toBe(409);
    expect(typeof res.body.error).toBe('string');
    expect(Array.isArray(res.body.alternatives)).toBe(true);
    expectOneConflictShape(res);
    expect(res.body.taken[0]).toMatchObject({ startsAt: new Date(localTime('20:00')).toISOString(), reason: res.body.error });
  });

  it('refuses a visit of several services with the same 409 body', async () => {
    const res = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(2),
      startsAt: localTime('20:00'),
      services: [{ serviceId: ids.haircutId, staffId: STAFF.dana.id }, { serviceId: ids.massageId }],
    });
    expectOneConflictShape(res);
  });

  it('answers a booking exactly as reading it back does (the answer is built from what was written)', async () => {
    const single = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(5),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('11:00', 12),
      notes: 'Fringe only',
    });
    expect(single.status).toBe(201);
    expect(single.body).toEqual((await t.as('frontDesk').get(`/api/appointments/${single.body.id}`)).body);
    const visit = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(5),
      startsAt: localTime('13:00', 12),
      services: [{ serviceId: ids.haircutId, staffId: STAFF.dana.id }, { serviceId: ids.massageId }],
    });
    expect(visit.status).toBe(201);
    expect(visit.body.segments).toHaveLength(2);
    expect(visit.body.resources).toHaveLength(1);
    expect(visit.body).toEqual((await t.as('frontDesk').get(`/api/appointments/${visit.body.id}`)).body);
  });

  it('answers the same conflict over GraphQL: extensions carry code, taken and alternatives', async () => {
    const input = {
      locationId: LOCATION,
      clientId: CLIENT(2),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('20:00'),
    };
    const res = await t.gql('frontDesk', 'mutation($input: BookAppointmentInput!) { bookAppointment(input: $input) { id } }', { input });
    const rest = await t.as('frontDesk').post('/api/appointments', input);
    expect(res.errors[0].message).toBe(rest.body.error);
    expect(res.errors[0].extensions).toMatchObject({ code: 'CONFLICT', taken: rest.body.taken, alternatives: rest.body.alternatives });
  });

  it('creates a service with per-staff price and snapshots the price at booking', async () => {
    const svc = await t.as('admin').post('/api/services', {
      locationId: LOCATION,
      name: 'Colour',
      category: 'Hair',
      durationMin: 120,
      priceMinor: 12000,
      processing: { startAfterMin: 30, durationMin: 45 },
      staff: [{ staffId: STAFF.jordan.id, priceMinor: 15000 }],
    });
    expect(svc.status).toBe(201);
    const booked = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(3),
      serviceId: svc.body.id,
      staffId: STAFF.jordan.id,
      startsAt: localTime('10:00', 11),
    });
    expect(booked.status).toBe(201);
    expect(booked.body.priceMinor).toBe(15000);
    // Processing frees Jordan: a haircut fits in the gap (10:30-11:15).
    const inGap = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(4),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('10:30', 11),
    });
    expect(inGap.status).toBe(201);
    await t.as('admin').put(`/api/services/${svc.body.id}`, {
      locationId: LOCATION,
      name: 'Colour',
      durationMin: 120,
      priceMinor: 99999,
      processing: { startAfterMin: 30, durationMin: 45 },
    });
    const again = await t.as('viewer').get(`/api/appointments/${booked.body.id}`);
    expect(again.body.priceMinor).toBe(15000);
  });
});
