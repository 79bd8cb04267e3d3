import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdInsert } from '../modules/allocations/persistence/allocation.repository.js';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('double_booking');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

/** 50 POSTs at once over real HTTP, each on its own connection. */
async function fire(bodies: object[]): Promise<{ status: number; body: any }[]> {
  return Promise.all(
    bodies.map(async (body) => {
      const res = await fetch(`${t.url}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token('frontDesk')}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
}

describe('no double booking, through the public API', () => {
  it('50 concurrent bookings of one staff slot: exactly one 201, 49 × 409 naming who was taken', async () => {
    const startsAt = localTime('14:00');
    const results = await fire(
      Array.from({ length: 50 }, (_, i) => ({
        locationId: LOCATION,
        clientId: CLIENT(i + 1),
        serviceId: ids.haircutId,
        staffId: STAFF.dana.id,
        startsAt,
      })),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      // The database's refusal ("… already booked at 2:00 PM") or, for requests that read the
      // calendar after the winner committed, the engine's ("… with a client until 2:45 PM").
      expect(r.body.error).toMatch(/^Dana Lee is (already booked at 2:00 PM|with a client until 2:45 PM)$/);
      expect(Array.isArray(r.body.alternatives)).toBe(true);
    }
    expect(refused.some((r) => r.body.alternatives.length > 0)).toBe(true);
    expect(created[0].body).toMatchObject({
      staffId: STAFF.dana.id,
      status: 'booked',
      priceMinor: 5500,
      currency: 'USD',
      serviceName: 'Haircut',
    });
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM appointments`);
    expect(n).toBe(1);
    const events = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.booked.v1'`);
    expect(events).toHaveLength(1);
  });

  it('a room of capacity 1 shared by two staff: concurrent bookings for different staff → exactly one', async () => {
    const startsAt = localTime('10:00', 9);
    const results = await fire(
      Array.from({ length: 20 }, (_, i) => ({
        locationId: LOCATION,
        clientId: CLIENT(100 + i),
        serviceId: ids.massageId,
        staffId: i % 2 ? STAFF.dana.id : STAFF.jordan.id,
        startsAt,
      })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    // The other staff member's losing bookings are refused for the room, not for themselves.
    expect(refused.every((r) => /^(Room 2|Dana Lee|Jordan Patel) is /.test(r.body.error))).toBe(true);
    expect(refused.some((r) => r.body.error.startsWith('Room 2 is'))).toBe(true);
  });

  it('the database refuses an overlapping hold even when the application is bypassed', async () => {
    const [a] = await t.sql(
      `SELECT appointment_id, resource_id, lower(period) AS s, upper(period) AS e FROM allocations WHERE resource_kind = 'staff' LIMIT 1`,
    );
    const row = holdInsert(
      { appointmentId: a.appointment_id },
      { kind: 'staff', resourceId: a.resource_id, place: 1, from: new Date(a.s), to: new Date(a.e) },
    );
    await expect(t.sql(row.sql, row.params)).rejects.toMatchObject({ code: '23P01' });
  });
});

describe('capacity, cancel, reschedule', () => {
  it('a capacity-2 room accepts two bookings at once, not three', async () => {
    const t2 = await startScheduling('capacity');
    try {
      const s = await seedCalendar(t2, { roomCapacity: 2 });
      const [third] = await t2.sql(`SELECT gen_random_uuid() AS id`);
      t2.directory.people.set(third.id, { role: 'staff', isActive: true });
      await t2.sql(
        `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) SELECT $1, $2, d, '09:00', '18:00' FROM generate_series(1, 7) d`,
        [third.id, LOCATION],
      );
      const startsAt = localTime('11:00');
      const staff = [STAFF.dana.id, STAFF.jordan.id, third.id];
      const results = await Promise.all(
        staff.map((staffId, i) =>
          t2
            .as('frontDesk')
            .post('/api/appointments', { locationId: LOCATION, clientId: CLIENT(200 + i), serviceId: s.massageId, staffId, startsAt }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409]);
      const slots = await t2.sql(`SELECT slot FROM allocations WHERE resource_kind = 'room' ORDER BY slot`);
      expect(slots.map((r) => r.slot)).toEqual([1, 2]);
    } finally {
      await t2.close();
    }
  });

  it('cancelling frees the slot; a late cancel is flagged by policy', async () => {
    const startsAt = localTime('16:00');
    const first = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(300),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt,
    });
    expect(first.status).toBe(201);
    const again = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(301),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/Jordan Patel/);
    const cancel = await t
      .as('frontDesk')
      .patch(`/api/appointments/${first.body.id}`, { status: 'cancelled', cancelReason: 'Client is ill' });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', cancelReason: 'Client is ill', lateCancel: false });
    const retry = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(301),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt,
    });
    expect(retry.status).toBe(201);
    const ev = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.cancelled.v1'`);
    expect(ev[0].envelope.payload).toMatchObject({ appointmentId: first.body.id, reason: 'Client is ill', lateCancel: false });
  });

  it('reschedules into a free time, refuses a taken one (409), and walks the lifecycle', async () => {
    const a = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(400),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('09:00', 10),
    });
    const b = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(401),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('11:00', 10),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const clash = await t.as('frontDesk').patch(`/api/appointments/${a.body.id}`, { startsAt: localTime('11:15', 10) });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/Dana Lee/);
    const moved = await t.as('frontDesk').patch(`/api/appointments/${a.body.id}`, { startsAt: localTime('12:00', 10) });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ startsAt: new Date(localTime('12:00', 10)).toISOString(), version: 2 });
    // The old time is free again.
    const reuse = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(402),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('09:00', 10),
    });
    expect(reuse.status).toBe(201);
    for (const status of ['confirmed', 'checked-in', 'in-service', 'completed']) {
      const r = await t.as('frontDesk').patch(`/api/appointments/${b.body.id}`, { status });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(status);
    }
    const bad = await t.as('frontDesk').patch(`/api/appointments/${b.body.id}`, { status: 'cancelled' });
    expect(bad.status).toBe(409);
    expect(bad.body.error).toBe('A completed appointment cannot become cancelled');
    const types = (await t.sql(`SELECT type FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [b.body.id])).map((r) => r.type);
    expect(types).toEqual([
      'scheduling.appointment.booked.v1',
      'scheduling.appointment.checked-in.v1',
      'scheduling.appointment.completed.v1',
    ]);
  });
});
