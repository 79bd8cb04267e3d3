import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, USERS, type SchedulingTestApp } from './scheduling-app.js';

/**
 * Every write that names a client, a staff member or a location (owned by the clients service and
 * identity) asks the owner first: an id it does not know is a 400 naming the field, and nothing is
 * written. The owners are stood in for by TestPlatformDirectory (scheduling-app.ts).
 */
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

const UNKNOWN = 'c9000000-0000-4000-8000-000000000099';
const NOBODY = '5a000000-0000-4000-8000-000000000099';
const NOWHERE = '10c00000-0000-4000-8000-000000000099';
const DELETED = CLIENT(90);

beforeAll(async () => {
  t = await startScheduling('references');
  ids = await seedCalendar(t);
  t.directory.deletedClients.add(DELETED);
});
afterAll(async () => t?.close());

const count = async (table: string) => (await t.sql(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

function expectRefused(res: { status: number; body: any }, field: string, message: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
}
function expectGqlRefused(res: any, field: string) {
  expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
}

describe('staff bookings', () => {
  const booking = (over: Record<string, unknown> = {}) => ({
    locationId: LOCATION,
    clientId: CLIENT(1),
    serviceId: ids.haircutId,
    staffId: STAFF.dana.id,
    startsAt: localTime('10:00', 10),
    ...over,
  });

  it('refuses a client the clients service does not know, or deleted, on REST and GraphQL; books nothing', async () => {
    const before = await count('appointments');
    expectRefused(await t.as('frontDesk').post('/api/appointments', booking({ clientId: UNKNOWN })), 'clientId', /not an active client/);
    expectRefused(await t.as('frontDesk').post('/api/appointments', booking({ clientId: DELETED })), 'clientId', /not an active client/);
    const gql = await t.gql('frontDesk', 'mutation($input: BookAppointmentInput!) { bookAppointment(input: $input) { id } }', {
      input: booking({ clientId: UNKNOWN }),
    });
    expectGqlRefused(gql, 'clientId');
    expect(await count('appointments')).toBe(before);
    expect(await count('allocations')).toBe(0);
  });

  it('answers an unknown client before a refused time (the checks run beside the engine, the answer keeps their order)', async () => {
    const night = booking({ clientId: UNKNOWN, startsAt: localTime('03:00', 10) });
    expect((await t.as('frontDesk').post('/api/appointments', { ...night, clientId: CLIENT(1) })).status).toBe(409);
    expectRefused(await t.as('frontDesk').post('/api/appointments', night), 'clientId', /not an active client/);
  });

  it('refuses a staff member identity does not know, or a client login as staff, naming the field of each service', async () => {
    expectRefused(await t.as('frontDesk').post('/api/appointments', booking({ staffId: NOBODY })), 'staffId', /not a staff member/);
    expectRefused(await t.as('frontDesk').post('/api/appointments', booking({ staffId: USERS.casey.id })), 'staffId', /not a staff member/);
    const visit = await t.as('frontDesk').post('/api/appointments', {
      ...booking({ serviceId: undefined, staffId: undefined, clientId: UNKNOWN }),
      services: [
        { serviceId: ids.haircutId, staffId: STAFF.dana.id },
        { serviceId: ids.massageId, staffId: NOBODY },
      ],
    });
    expectRefused(visit, 'clientId', /not an active client/);
    expectRefused(visit, 'services.1.staffId', /not a staff member/);
    expect(await count('appointments')).toBe(0);
  });

  it('books a known client with known staff, and refuses moving it to an unknown staff member', async () => {
    const booked = await t.as('frontDesk').post('/api/appointments', booking());
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const moved = await t.as('frontDesk').patch(`/api/appointments/${booked.body.id}`, { staffId: NOBODY });
    expectRefused(moved, 'staffId', /not a staff member/);
    expect((await t.as('frontDesk').get(`/api/appointments/${booked.body.id}`)).body.staffId).toBe(STAFF.dana.id);
  });

  it('refuses a recurring series for an unknown client', async () => {
    const body = { ...booking({ clientId: UNKNOWN, startsAt: localTime('15:00', 10) }), everyWeeks: 1, count: 3, source: 'staff' };
    expectRefused(await t.as('frontDesk').post('/api/appointment-series', body), 'clientId', /not an active client/);
    expect(await count('appointment_series')).toBe(0);
  });
});

describe('classes', () => {
  const yoga = (over: Record<string, unknown> = {}) => ({
    locationId: LOCATION,
    name: 'Yoga',
    instructorId: STAFF.jordan.id,
    startsAt: localTime('10:00', 12),
    durationMin: 45,
    capacity: 5,
    priceMinor: 1500,
    ...over,
  });

  it('refuses an unknown instructor or location when scheduling a class', async () => {
    expectRefused(await t.as('frontDesk').post('/api/classes', yoga({ instructorId: NOBODY })), 'instructorId', /not a staff member/);
    expectRefused(await t.as('frontDesk').post('/api/classes', yoga({ locationId: NOWHERE })), 'locationId', /not a location/);
    expect(await count('class_sessions')).toBe(0);
  });

  it('refuses enrolling a client the clients service does not know, on REST and GraphQL', async () => {
    const created = await t.as('frontDesk').post('/api/classes', yoga());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = created.body.sessions[0].id as string;
    expectRefused(
      await t.as('frontDesk').post(`/api/classes/${session}/enrolments`, { clientId: UNKNOWN }),
      'clientId',
      /not an active client/,
    );
    expectRefused(
      await t.as('frontDesk').post(`/api/classes/${session}/enrolments`, { clientId: DELETED }),
      'clientId',
      /not an active client/,
    );
    const gql = await t.gql('frontDesk', 'mutation($s: ID!, $c: ID!) { enrolInClass(sessionId: $s, clientId: $c) { id } }', {
      s: session,
      c: UNKNOWN,
    });
    expectGqlRefused(gql, 'clientId');
    expect(await count('class_enrolments')).toBe(0);
    expect((await t.as('frontDesk').post(`/api/classes/${session}/enrolments`, { clientId: CLIENT(2) })).status).toBe(201);
  });
});

describe('waitlist', () => {
  const entry = (over: Record<string, unknown> = {}) => ({
    locationId: LOCATION,
    clientId: CLIENT(3),
    serviceId: ids.haircutId,
    staffId: STAFF.dana.id,
    dateFrom: localTime('00:00', 20).slice(0, 10),
    dateTo: localTime('00:00', 20).slice(0, 10),
    ...over,
  });

  it('refuses an unknown client or staff member, on REST and GraphQL', async () => {
    expectRefused(await t.as('frontDesk').post('/api/waitlist', entry({ clientId: UNKNOWN })), 'clientId', /not an active client/);
    expectRefused(await t.as('frontDesk').post('/api/waitlist', entry({ staffId: NOBODY })), 'staffId', /not a staff member/);
    const gql = await t.gql('frontDesk', 'mutation($input: WaitlistInput!) { addToWaitlist(input: $input) { id } }', {
      input: entry({ clientId: DELETED }),
    });
    expectGqlRefused(gql, 'clientId');
    expect(await count('waitlist_entries')).toBe(0);
    expect((await t.as('frontDesk').post('/api/waitlist', entry())).status).toBe(201);
  });
});

describe('schedules, catalogue and booking design', () => {
  const week = (staffId: string, locationId = LOCATION) => ({
    staffId,
    locationId,
    intervals: [{ weekday: 1, start: '09:00', end: '17:00' }],
  });

  it('refuses hours, exceptions and time off for someone who is not staff, or at an unknown location', async () => {
    const before = await count('working_hours');
    expectRefused(await t.as('frontDesk').put('/api/working-hours', week(NOBODY)), 'staffId', /not a staff member/);
    expectRefused(await t.as('frontDesk').put('/api/working-hours', week(USERS.casey.id)), 'staffId', /not a staff member/);
    expectRefused(await t.as('frontDesk').put('/api/working-hours', week(STAFF.dana.id, NOWHERE)), 'locationId', /not a location/);
    expect(await count('working_hours')).toBe(before);
    const exception = { staffId: NOBODY, locationId: LOCATION, date: localTime('00:00', 30).slice(0, 10), hours: [] };
    expectRefused(await t.as('frontDesk').put('/api/schedule-exceptions', exception), 'staffId', /not a staff member/);
    const off = { staffId: NOBODY, startsAt: localTime('09:00', 30), endsAt: localTime('12:00', 30) };
    expectRefused(await t.as('frontDesk').post('/api/time-off', off), 'staffId', /not a staff member/);
    const gql = await t.gql('frontDesk', 'mutation($input: WorkingHoursInput!) { replaceWorkingHours(input: $input) { weekday } }', {
      input: week(NOBODY),
    });
    expectGqlRefused(gql, 'staffId');
  });

  it('refuses a service at an unknown location or performed by an unknown person, and a room at an unknown location', async () => {
    const service = { locationId: LOCATION, name: 'Beard trim', durationMin: 20, priceMinor: 2000, staff: [{ staffId: NOBODY }] };
    expectRefused(await t.as('frontDesk').post('/api/services', service), 'staff.0.staffId', /not a staff member/);
    expectRefused(
      await t.as('frontDesk').post('/api/services', { ...service, staff: [], locationId: NOWHERE }),
      'locationId',
      /not a location/,
    );
    const room = { locationId: NOWHERE, name: 'Room 9', type: 'treatment' };
    expectRefused(await t.as('owner').post('/api/rooms', room), 'locationId', /not a location/);
    await t.as('owner').put(`/api/booking-policies/${NOWHERE}`, { timeZone: 'America/Chicago' }).expect(404);
  });

  it('refuses offering an unknown person on the booking page', async () => {
    const design = (await t.as('owner').get('/api/booking-design').expect(200)).body;
    const res = await t.as('owner').put('/api/booking-design', {
      primaryColor: '#0f766e',
      backgroundColor: '#ffffff',
      offeredStaffIds: [STAFF.dana.id, NOBODY],
      version: design.version,
    });
    expectRefused(res, 'offeredStaffIds.1', /not a staff member/);
  });
});
