import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT,
  localTime,
  LAKEVIEW,
  LOCATION,
  seedCalendar,
  STAFF,
  startScheduling,
  TZ,
  type SchedulingTestApp,
} from './scheduling-app.js';

// The staff calendar's API: shading with reasons, view_own_schedule, resize, cheap polling.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('calendar');
  ids = await seedCalendar(t);
  for (let d = 1; d <= 7; d++) {
    await t.sql(
      `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time, kind, label) VALUES ($1, $2, $3, '12:30', '13:00', 'break', 'Lunch')`,
      [STAFF.dana.id, LOCATION, d],
    );
  }
});
afterAll(async () => t?.close());

const localDate = (daysAhead: number) => DateTime.now().setZone(TZ).plus({ days: daysAhead }).toISODate()!;
const book = async (staffId: string, startsAt: string, client = 1) => {
  const res = await t.as('frontDesk').post('/api/appointments', {
    locationId: LOCATION,
    clientId: CLIENT(client),
    serviceId: ids.haircutId,
    staffId,
    startsAt,
    source: 'staff',
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number; startsAt: string; endsAt: string };
};

describe('GET /api/availability/unavailable', () => {
  it('gives each staff member’s unavailable stretches with the engine’s reasons, ordered by name', async () => {
    const day = localDate(9);
    const res = await t.as('viewer').get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}`);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe(TZ);
    expect(res.body.staff.map((s: any) => s.name)).toEqual(['Dana Lee', 'Jordan Patel']);
    const dana = res.body.staff[0].intervals.map((i: any) => [i.startsAt, i.endsAt, i.reason]);
    expect(dana).toEqual([
      [new Date(localTime('00:00', 9)).toISOString(), new Date(localTime('09:00', 9)).toISOString(), 'Dana Lee starts at 9 AM'],
      [
        new Date(localTime('12:30', 9)).toISOString(),
        new Date(localTime('13:00', 9)).toISOString(),
        'Dana Lee is on break (Lunch) 12:30 PM–1 PM',
      ],
      [new Date(localTime('18:00', 9)).toISOString(), new Date(localTime('00:00', 10)).toISOString(), 'Dana Lee finishes at 6 PM'],
    ]);
    expect(res.body.staff[1].intervals.map((i: any) => i.reason)).toEqual(['Jordan Patel starts at 9 AM', 'Jordan Patel finishes at 6 PM']);
  });

  it('says a person who works at the other location that weekday is there, not off', async () => {
    const day = localDate(9);
    const weekday = DateTime.fromISO(day).weekday;
    await t.sql(`DELETE FROM working_hours WHERE staff_id = $1 AND location_id = $2 AND weekday = $3`, [
      STAFF.jordan.id,
      LOCATION,
      weekday,
    ]);
    await t.sql(`INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) VALUES ($1, $2, $3, '10:00', '16:00')`, [
      STAFF.jordan.id,
      LAKEVIEW,
      weekday,
    ]);
    try {
      const res = await t
        .as('viewer')
        .get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}&staffIds=${STAFF.jordan.id}`);
      expect(res.status).toBe(200);
      expect(res.body.staff[0].intervals.map((i: any) => i.reason)).toEqual(['Jordan Patel is at Lakeview today']);
    } finally {
      await t.sql(`DELETE FROM working_hours WHERE staff_id = $1 AND location_id = $2`, [STAFF.jordan.id, LAKEVIEW]);
      await t.sql(
        `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) VALUES ($1, $2, $3, '09:00', '18:00')`,
        [STAFF.jordan.id, LOCATION, weekday],
      );
    }
  });

  it('shows time off with its label', async () => {
    const res = await t.as('admin').post('/api/time-off', {
      staffId: STAFF.jordan.id,
      locationId: LOCATION,
      startsAt: localTime('14:00', 9),
      endsAt: localTime('16:00', 9),
      label: 'Dentist',
    });
    expect(res.status).toBe(201);
    const un = await t
      .as('viewer')
      .get(
        `/api/availability/unavailable?locationId=${LOCATION}&from=${localTime('09:00', 9)}&to=${localTime('18:00', 9)}&staffIds=${STAFF.jordan.id}`,
      );
    expect(un.status).toBe(200);
    expect(un.body.staff).toHaveLength(1);
    expect(un.body.staff[0].intervals).toEqual([
      {
        startsAt: new Date(localTime('14:00', 9)).toISOString(),
        endsAt: new Date(localTime('16:00', 9)).toISOString(),
        code: 'staff-time-off',
        reason: 'Jordan Patel is away (Dentist)',
      },
    ]);
  });

  it('shades the time a person teaches a class, with its name (the calendar does not draw it as an appointment)', async () => {
    const made = await t.as('admin').post('/api/classes', {
      locationId: LOCATION,
      name: 'Yoga Flow',
      instructorId: STAFF.jordan.id,
      startsAt: localTime('10:00', 10),
      durationMin: 60,
      capacity: 8,
    });
    expect(made.status).toBe(201);
    const un = await t
      .as('viewer')
      .get(
        `/api/availability/unavailable?locationId=${LOCATION}&from=${localTime('09:00', 10)}&to=${localTime('12:00', 10)}&staffIds=${STAFF.jordan.id}`,
      );
    expect(un.body.staff[0].intervals).toEqual([
      {
        startsAt: new Date(localTime('10:00', 10)).toISOString(),
        endsAt: new Date(localTime('11:00', 10)).toISOString(),
        code: 'staff-busy',
        reason: 'Jordan Patel is teaching Yoga Flow',
      },
    ]);
  });

  it('confines view_own_schedule to oneself and checks its input', async () => {
    const day = localDate(9);
    const own = await t.as('danaOwn').get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}`);
    expect(own.status).toBe(200);
    expect(own.body.staff.map((s: any) => s.staffId)).toEqual([STAFF.dana.id]);
    expect(
      (await t.as('danaOwn').get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}&staffIds=${STAFF.jordan.id}`))
        .status,
    ).toBe(403);
    expect((await t.as('outsider').get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}`)).status).toBe(403);
    expect((await t.as(null).get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}`)).status).toBe(401);
    const bad = await t.as('viewer').get(`/api/availability/unavailable?locationId=${LOCATION}&from=soon&to=${day}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('from');
    const badStaff = await t.as('viewer').get(`/api/availability/unavailable?locationId=${LOCATION}&from=${day}&to=${day}&staffIds=nope`);
    expect(badStaff.status).toBe(400);
  });
});

describe('view_own_schedule on appointments', () => {
  it('lists only one’s own, refuses asking for someone else, and hides others’ appointments', async () => {
    const mine = await book(STAFF.dana.id, localTime('10:00', 20), 11);
    const theirs = await book(STAFF.jordan.id, localTime('10:00', 20), 12);
    const window = `from=${localTime('00:00', 20)}&to=${localTime('23:59', 20)}&locationId=${LOCATION}`;
    const own = await t.as('danaOwn').get(`/api/appointments?${window}`);
    expect(own.status).toBe(200);
    expect(own.body.map((a: any) => a.id)).toEqual([mine.id]);
    expect((await t.as('danaOwn').get(`/api/appointments?${window}&staffId=${STAFF.dana.id}`)).body.map((a: any) => a.id)).toEqual([
      mine.id,
    ]);
    expect((await t.as('danaOwn').get(`/api/appointments?${window}&staffId=${STAFF.jordan.id}`)).status).toBe(403);
    expect((await t.as('danaOwn').get(`/api/appointments/${mine.id}`)).status).toBe(200);
    expect((await t.as('danaOwn').get(`/api/appointments/${theirs.id}`)).status).toBe(403);
    const all = await t.as('viewer').get(`/api/appointments?${window}`);
    expect(all.body.map((a: any) => a.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await t.as('viewer').get(`/api/appointments/${theirs.id}`)).status).toBe(200);
  });
});

describe('resize (PATCH endsAt / durationMin)', () => {
  it('refuses a longer time that runs into a break, with the reason and alternatives', async () => {
    const a = await book(STAFF.dana.id, localTime('11:00', 21), 21);
    const res = await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { durationMin: 120, version: a.version });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Dana Lee is on break (Lunch) 12:30 PM–1 PM; the service would run 11 AM–1 PM');
    expect(Array.isArray(res.body.alternatives)).toBe(true);
    const unchanged = await t.as('viewer').get(`/api/appointments/${a.id}`);
    expect(unchanged.body.endsAt).toBe(a.endsAt);
  });

  it('refuses a longer time that runs into another appointment, naming it', async () => {
    const first = await book(STAFF.jordan.id, localTime('09:00', 21), 22);
    await book(STAFF.jordan.id, localTime('10:00', 21), 23);
    const res = await t.as('frontDesk').patch(`/api/appointments/${first.id}`, { endsAt: localTime('10:30', 21) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^Jordan Patel is with a client until/);
  });

  it('resizes within free time: new end, allocations remade, rescheduled event with endsAt; a later move keeps the length', async () => {
    const a = await book(STAFF.dana.id, localTime('14:00', 21), 24);
    const res = await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { endsAt: localTime('15:30', 21), version: a.version });
    expect(res.status).toBe(200);
    expect(res.body.startsAt).toBe(a.startsAt);
    expect(res.body.endsAt).toBe(new Date(localTime('15:30', 21)).toISOString());
    expect(res.body.version).toBe(a.version + 1);
    const [hold] = await t.sql(
      `SELECT upper(period) AS e FROM allocations WHERE appointment_id = $1 AND resource_kind = 'staff' AND active`,
      [a.id],
    );
    expect(new Date(hold!.e).toISOString()).toBe(new Date(localTime('15:30', 21)).toISOString());
    const [ev] = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.rescheduled.v1' AND aggregate_id = $1`, [
      a.id,
    ]);
    expect(ev!.envelope.payload).toMatchObject({
      appointmentId: a.id,
      startsAt: a.startsAt,
      endsAt: new Date(localTime('15:30', 21)).toISOString(),
    });
    const moved = await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { startsAt: localTime('16:00', 21) });
    expect(moved.status).toBe(200);
    expect(moved.body.endsAt).toBe(new Date(localTime('17:30', 21)).toISOString());
    // The freed end is bookable again: the database holds agree with the new times.
    await book(STAFF.dana.id, localTime('15:00', 21), 25);
  });

  it('rejects unclear lengths with 400 naming the field', async () => {
    const a = await book(STAFF.dana.id, localTime('09:00', 22), 26);
    const both = await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { durationMin: 60, endsAt: localTime('10:00', 22) });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('durationMin');
    const before = await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { endsAt: localTime('08:30', 22) });
    expect(before.status).toBe(400);
    expect(JSON.stringify(before.body)).toContain('endsAt');
  });
});

describe('cheap polling of the list', () => {
  it('answers 304 while nothing changed and 200 with a new ETag after a change', async () => {
    const a = await book(STAFF.jordan.id, localTime('15:00', 23), 31);
    const path = `/api/appointments?from=${localTime('00:00', 23)}&to=${localTime('23:59', 23)}&locationId=${LOCATION}`;
    const first = await t.as('viewer').get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"a-[0-9a-f]{32}"$/);
    const again = await t.as('viewer').get(path).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await t.as('frontDesk').patch(`/api/appointments/${a.id}`, { status: 'confirmed' });
    const changed = await t.as('viewer').get(path).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.find((x: any) => x.id === a.id).status).toBe('confirmed');
    // Another caller's scope is another list: Dana's own (empty) list does not match everyone's tag.
    expect(
      (
        await t
          .as('danaOwn')
          .get(path)
          .set('If-None-Match', changed.headers.etag as string)
      ).status,
    ).toBe(200);
  });
});
