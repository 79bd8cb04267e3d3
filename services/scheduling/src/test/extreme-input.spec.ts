import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

/**
 * Issue 10, findings 8, 11 and 13: input at the edges of what the types hold is a 400 naming the
 * field (never a 500 from the database), the public catalogue shows only what is bookable online,
 * and a message says what is wrong.
 */
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('extreme');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const visitor = { firstName: 'Ana', phone: '+1 312 555 0101' };
const fields = (body: { details?: { field: string }[] }) => (body.details ?? []).map((d) => d.field);

describe('dates far outside the calendar', () => {
  for (const [year, from, to] of [
    ['9999', '9999-12-30', '9999-12-31'],
    ['0001', '0001-01-01', '0001-01-02'],
    ['9999 (instants)', '9999-12-31T00:00:00Z', '9999-12-31T23:59:00Z'],
  ]) {
    it(`public availability in year ${year}, anonymously, is a 400 naming from and to`, async () => {
      for (const path of [
        `/api/online-booking/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&from=${from}&to=${to}`,
        `/api/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&from=${from}&to=${to}`,
        `/api/availability?locationId=${LOCATION}&serviceIds=${ids.haircutId}&from=${from}&to=${to}`,
      ]) {
        const res = await t.as(null).get(path);
        expect(res.status, path).toBe(400);
        expect(fields(res.body), path).toEqual(expect.arrayContaining(['from', 'to']));
      }
    });
  }

  it('a public booking in year 9999 or 0001, anonymously, is a 400 naming startsAt', async () => {
    for (const startsAt of ['9999-12-31T15:00:00Z', '0001-01-01T15:00:00Z', '+275760-09-13T00:00:00Z']) {
      const res = await t.as(null).post('/api/online-booking/appointments', {
        locationId: LOCATION,
        serviceId: ids.haircutId,
        staffId: STAFF.dana.id,
        startsAt,
        client: visitor,
      });
      expect(res.status, startsAt).toBe(400);
      expect(fields(res.body)).toEqual(['startsAt']);
    }
    expect(t.platform.clients).toHaveLength(0);
  });

  it('staff bookings, time off, classes and the waitlist refuse year 9999 naming the field', async () => {
    const staff = t.as('admin');
    const booking = await staff.post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(1),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: '9999-12-31T15:00:00Z',
    });
    expect([booking.status, fields(booking.body)]).toEqual([400, ['startsAt']]);
    const timeOff = await staff.post('/api/time-off', {
      staffId: STAFF.dana.id,
      locationId: LOCATION,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '9999-12-31T00:00:00Z',
    });
    expect([timeOff.status, fields(timeOff.body)]).toEqual([400, ['endsAt']]);
    const list = await staff.get(`/api/appointments?locationId=${LOCATION}&from=0001-01-01T00:00:00Z&to=0001-01-02T00:00:00Z`);
    expect([list.status, fields(list.body)]).toEqual([400, ['from', 'to']]);
    const waitlist = await staff.post('/api/waitlist', {
      locationId: LOCATION,
      clientId: CLIENT(1),
      serviceId: ids.haircutId,
      dateFrom: '9999-12-30',
      dateTo: '9999-12-31',
    });
    expect([waitlist.status, fields(waitlist.body)]).toEqual([400, ['dateFrom', 'dateTo']]);
  });
});

describe('numbers beyond their column', () => {
  const service = { locationId: LOCATION, name: 'Gold facial', durationMin: 60, priceMinor: 9000 };

  it('priceMinor over 2^31 is a 400 naming priceMinor, not a 500', async () => {
    for (const priceMinor of [2 ** 31, 2 ** 53, 1e300]) {
      const res = await t.as('admin').post('/api/services', { ...service, priceMinor });
      expect(res.status, String(priceMinor)).toBe(400);
      expect(fields(res.body)).toEqual(['priceMinor']);
    }
    const perStaff = await t.as('admin').post('/api/services', { ...service, staff: [{ staffId: STAFF.dana.id, priceMinor: 2 ** 31 }] });
    expect([perStaff.status, fields(perStaff.body)]).toEqual([400, ['staff.0.priceMinor']]);
    const deposit = await t.as('admin').post('/api/services', { ...service, deposit: { type: 'fixed', amountMinor: 2 ** 31 } });
    expect([deposit.status, fields(deposit.body)]).toEqual([400, ['deposit.amountMinor']]);
    const processing = await t.as('admin').post('/api/services', { ...service, processing: { startAfterMin: 2 ** 31, durationMin: 10 } });
    expect(processing.status).toBe(400);
    expect(fields(processing.body)).toContain('processing.startAfterMin');
  });

  it('booking policy minutes beyond an int4 are a 400', async () => {
    const res = await t.as('admin').put(`/api/booking-policies/${LOCATION}`, { timeZone: 'America/Chicago', minNoticeMin: 2 ** 31 });
    expect([res.status, fields(res.body)]).toEqual([400, ['minNoticeMin']]);
  });
});

describe('text with control characters or without end', () => {
  it('a NUL in a service or room name is a 400 naming the field', async () => {
    const svc = await t
      .as('admin')
      .post('/api/services', { locationId: LOCATION, name: 'Hair\u0000cut', durationMin: 30, priceMinor: 100 });
    expect([svc.status, svc.body.details]).toEqual([400, [{ field: 'name', message: 'must not contain control characters' }]]);
    const room = await t.as('admin').post('/api/rooms', { locationId: LOCATION, name: 'Room\u0000', type: 'treatment' });
    expect([room.status, fields(room.body)]).toEqual([400, ['name']]);
  });

  it('a NUL in a visitor’s name is a 400 naming client.firstName, and no client is made', async () => {
    const res = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: '2030-01-07T16:00:00Z',
      client: { ...visitor, firstName: 'A\u0000na' },
    });
    expect([res.status, fields(res.body)]).toEqual([400, ['client.firstName']]);
    expect(t.platform.clients).toHaveLength(0);
  });

  it('a 90,000-character room type (the test app parses bodies up to 100 kB) is a 400 naming type; every string has a limit', async () => {
    const room = await t.as('admin').post('/api/rooms', { locationId: LOCATION, name: 'Room 7', type: 'x'.repeat(90_000) });
    expect([room.status, room.body.details]).toEqual([400, [{ field: 'type', message: 'must be at most 60 characters' }]]);
    const roomType = await t
      .as('admin')
      .post('/api/services', { locationId: LOCATION, name: 'Wrap', durationMin: 30, priceMinor: 100, roomType: 'x'.repeat(90_000) });
    expect([roomType.status, fields(roomType.body)]).toEqual([400, ['roomType']]);
    const devices = await t
      .as('admin')
      .post('/api/services', { locationId: LOCATION, name: 'Wrap', durationMin: 30, priceMinor: 100, deviceTypes: ['x'.repeat(90_000)] });
    expect([devices.status, fields(devices.body)]).toEqual([400, ['deviceTypes.0']]);
  });

  it('a wrong type says what was expected, not "is required"', async () => {
    const res = await t.as('admin').post('/api/rooms', { locationId: LOCATION, name: 42, type: 'treatment' });
    expect(res.body.details).toEqual([{ field: 'name', message: 'must be a string' }]);
    const missing = await t.as('admin').post('/api/rooms', { locationId: LOCATION, type: 'treatment' });
    expect(missing.body.details).toEqual([{ field: 'name', message: 'is required' }]);
  });
});

describe('the public service by id', () => {
  it('answers 404 for inactive services and services not offered online; staff still read them', async () => {
    const [hidden] = await t.sql(
      `INSERT INTO services (location_id, name, duration_min, price_minor, online_bookable) VALUES ($1, 'Back room only', 30, 100, false) RETURNING id`,
      [LOCATION],
    );
    const [retired] = await t.sql(
      `INSERT INTO services (location_id, name, duration_min, price_minor, active) VALUES ($1, 'Retired', 30, 100, false) RETURNING id`,
      [LOCATION],
    );
    for (const id of [hidden.id, retired.id]) {
      expect((await t.as(null).get(`/api/services/${id}`)).status).toBe(404);
      expect((await t.as('casey').get(`/api/services/${id}`)).status).toBe(404);
      expect((await t.as('outsider').get(`/api/services/${id}`)).status).toBe(404);
      expect((await t.as('admin').get(`/api/services/${id}`)).status).toBe(200);
      expect((await t.as('frontDesk').get(`/api/services/${id}`)).status).toBe(200);
    }
    expect((await t.as(null).get(`/api/services/${ids.haircutId}`)).status).toBe(200);
  });
});
