import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT,
  expectOneConflictShape,
  localTime,
  LOCATION,
  seedCalendar,
  STAFF,
  startScheduling,
  TZ,
  type SchedulingTestApp,
} from './scheduling-app.js';

let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('series');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const local = (iso: string) => DateTime.fromISO(iso, { zone: TZ });
const count = async (sql: string, params: unknown[] = []) =>
  (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

describe('recurring series', () => {
  // Staff source: the calendar may book any date (no notice window), so these fixed 2026 dates work whatever today is.
  const autumn = {
    locationId: LOCATION,
    clientId: CLIENT(1),
    serviceId: '',
    staffId: STAFF.dana.id,
    startsAt: local('2026-10-13T10:00').toUTC().toISO(),
    everyWeeks: 1,
    count: 10,
    source: 'staff',
  };

  it('a 10-week series across the 2026-11-01 DST change keeps 10:00 local: preview, then create', async () => {
    const body = { ...autumn, serviceId: ids.haircutId };
    const preview = await t.as('frontDesk').post('/api/appointment-series/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.occurrences).toHaveLength(10);
    expect(preview.body.occurrences.every((o: any) => o.ok && o.staffName === 'Dana Lee')).toBe(true);
    expect(preview.body.occurrences.map((o: any) => local(o.startsAt).setZone(TZ).toFormat('HH:mm'))).toEqual(Array(10).fill('10:00'));
    // The UTC hour moves with the offset: 15:00Z in CDT, 16:00Z in CST.
    expect(preview.body.occurrences.map((o: any) => new Date(o.startsAt).getUTCHours())).toEqual([15, 15, 15, 16, 16, 16, 16, 16, 16, 16]);
    expect(await count('appointments')).toBe(0);

    const created = await t.as('frontDesk').post('/api/appointment-series', body);
    expect(created.status).toBe(201);
    expect(created.body.skipped).toEqual([]);
    expect(created.body.series).toMatchObject({ everyWeeks: 1, count: 10, timeZone: TZ });
    const appts = created.body.appointments;
    expect(appts).toHaveLength(10);
    expect(appts.every((a: any) => a.seriesId === created.body.series.id && a.staffId === STAFF.dana.id)).toBe(true);
    expect(appts.map((a: any) => DateTime.fromISO(a.startsAt, { zone: TZ }).toFormat('ccc HH:mm'))).toEqual(Array(10).fill('Tue 10:00'));
    const events = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.booked.v1'`);
    expect(events).toHaveLength(10);
    expect(events.every((e: any) => e.envelope.payload.seriesId === created.body.series.id)).toBe(true);
  });

  it('an occurrence over an existing appointment: preview reports it, create is 409 with nothing written, skipConflicts books the rest', async () => {
    // Ahead of today, as a client-facing booking would be (notice and advance apply, alternatives are offered).
    const body = {
      locationId: LOCATION,
      clientId: CLIENT(2),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('10:00', 8),
      everyWeeks: 1,
      count: 5,
    };
    const fourth = localTime('10:00', 8 + 21);
    const blocker = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(9),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: fourth,
    });
    expect(blocker.status).toBe(201);

    const preview = await t.as('frontDesk').post('/api/appointment-series/preview', body);
    const refused = preview.body.occurrences.filter((o: any) => !o.ok);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ startsAt: new Date(fourth!).toISOString(), reason: 'Jordan Patel is with a client until 10:45 AM' });
    expect(refused[0].alternatives.length).toBeGreaterThan(0);

    const before = { appointments: await count('appointments'), series: await count('appointment_series'), outbox: await count('outbox') };
    const res = await t.as('frontDesk').post('/api/appointment-series', body);
    expect(res.status).toBe(409);
    expect(res.body.taken).toEqual([{ startsAt: new Date(fourth!).toISOString(), reason: 'Jordan Patel is with a client until 10:45 AM' }]);
    expectOneConflictShape(res);
    expect({ appointments: await count('appointments'), series: await count('appointment_series'), outbox: await count('outbox') }).toEqual(
      before,
    );

    const skipping = await t.as('frontDesk').post('/api/appointment-series', { ...body, skipConflicts: true });
    expect(skipping.status).toBe(201);
    expect(skipping.body.appointments).toHaveLength(4);
    expect(skipping.body.skipped).toEqual([
      { startsAt: new Date(fourth!).toISOString(), reason: 'Jordan Patel is with a client until 10:45 AM' },
    ]);
  });

  it('cancel "this and following": the chosen occurrence and the later ones, each with its cancelled event', async () => {
    const [series] = await t.sql(`SELECT id FROM appointment_series WHERE client_id = $1`, [CLIENT(1)]);
    const got = await t.as('viewer').get(`/api/appointment-series/${series.id}`);
    expect(got.status).toBe(200);
    const eighth = got.body.appointments[7];
    const res = await t
      .as('frontDesk')
      .post(`/api/appointment-series/${series.id}/cancel`, { fromAppointmentId: eighth.id, reason: 'Moving away' });
    expect(res.status).toBe(200);
    expect(res.body.cancelled.map((a: any) => a.id)).toEqual(got.body.appointments.slice(7).map((a: any) => a.id));
    const statuses = await t.sql(
      `SELECT status, count(*)::int AS n FROM appointments WHERE series_id = $1 GROUP BY status ORDER BY status`,
      [series.id],
    );
    expect(statuses).toEqual([
      { status: 'booked', n: 7 },
      { status: 'cancelled', n: 3 },
    ]);
    expect(await count(`outbox WHERE type = 'scheduling.appointment.cancelled.v1'`)).toBe(3);
    expect((await t.as('viewer').post(`/api/appointment-series/${series.id}/cancel`, { fromAppointmentId: eighth.id })).status).toBe(403);
  });

  it('bad input names the field', async () => {
    const body = { ...autumn, serviceId: ids.haircutId };
    const tooMany = await t.as('frontDesk').post('/api/appointment-series/preview', { ...body, count: 60 });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('count');
    const noEnd = await t.as('frontDesk').post('/api/appointment-series/preview', { ...body, count: undefined });
    expect(noEnd.status).toBe(400);
    expect(JSON.stringify(noEnd.body)).toContain('until');
    const both = await t.as('frontDesk').post('/api/appointment-series/preview', { ...body, services: [{ serviceId: ids.haircutId }] });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('services');
  });
});

describe('multi-service visit', () => {
  const visit = (clientN: number, startsAt: string) => ({
    locationId: LOCATION,
    clientId: CLIENT(clientN),
    startsAt,
    services: [
      { serviceId: ids.haircutId, staffId: STAFF.dana.id },
      { serviceId: ids.massageId, staffId: STAFF.jordan.id },
    ],
  });

  it('books both segments in sequence with two staff; the price is the sum of the snapshots', async () => {
    const res = await t.as('frontDesk').post('/api/appointments', visit(20, localTime('11:00', 12)));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ priceMinor: 5500 + 9000, serviceName: 'Haircut + Massage 60', staffId: STAFF.dana.id });
    expect(
      res.body.segments.map((s: any) => [
        s.position,
        s.serviceId,
        s.staffId,
        DateTime.fromISO(s.startsAt, { zone: TZ }).toFormat('HH:mm'),
        DateTime.fromISO(s.endsAt, { zone: TZ }).toFormat('HH:mm'),
      ]),
    ).toEqual([
      [1, ids.haircutId, STAFF.dana.id, '11:00', '11:45'],
      [2, ids.massageId, STAFF.jordan.id, '11:45', '12:45'],
    ]);
    const holds = await t.sql(
      `SELECT resource_kind, resource_id, lower(period) AS s, upper(period) AS e FROM allocations WHERE appointment_id = $1 ORDER BY lower(period), resource_kind`,
      [res.body.id],
    );
    expect(holds.map((h: any) => [h.resource_kind, h.resource_id])).toEqual([
      ['staff', STAFF.dana.id],
      ['room', ids.roomId],
      ['staff', STAFF.jordan.id],
    ]);
    const [event] = await t.sql(`SELECT envelope FROM outbox WHERE aggregate_id = $1`, [res.body.id]);
    expect(event.envelope.payload.segments).toHaveLength(2);
  });

  it('the visit and single bookings of the second staff member’s time, all at once: exactly one commits, no partial visit', async () => {
    const start = localTime('14:00', 13);
    const jordanAt = new Date(new Date(start).getTime() + 45 * 60_000).toISOString();
    const bodies = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? visit(30 + i, start)
        : { locationId: LOCATION, clientId: CLIENT(30 + i), serviceId: ids.haircutId, staffId: STAFF.jordan.id, startsAt: jordanAt },
    );
    const results = await Promise.all(
      bodies.map(async (body): Promise<{ status: number; body: any }> => {
        const res = await fetch(`${t.url}/api/appointments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token('frontDesk')}` },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      }),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    const day = {
      from: new Date(new Date(start).getTime() - 6 * 3_600_000).toISOString(),
      to: new Date(new Date(start).getTime() + 6 * 3_600_000).toISOString(),
    };
    const dana = await t.sql(
      `SELECT count(*)::int AS n FROM allocations WHERE resource_id = $1 AND active AND period && tstzrange($2, $3)`,
      [STAFF.dana.id, day.from, day.to],
    );
    // Dana is held only if the visit won: a losing visit leaves no half of itself behind.
    expect(dana[0].n).toBe(won[0]!.body.segments.length > 1 ? 1 : 0);
    const overlaps = await t.sql(
      `SELECT count(*)::int AS n FROM allocations a JOIN allocations b ON a.id < b.id AND a.resource_kind = b.resource_kind AND a.resource_id = b.resource_id AND a.slot = b.slot AND a.active AND b.active AND a.period && b.period`,
    );
    expect(overlaps[0].n).toBe(0);
  });

  it('availability for a sequence: GET /api/availability?serviceIds=a,b (and serviceId still works)', async () => {
    const day = DateTime.now().setZone(TZ).plus({ days: 14 }).toISODate();
    const res = await t
      .as(null)
      .get(
        `/api/availability?locationId=${LOCATION}&serviceIds=${ids.haircutId},${ids.massageId}&staffIds=${STAFF.dana.id},${STAFF.jordan.id}&from=${day}&to=${day}`,
      );
    expect(res.status).toBe(200);
    expect(res.body.slots.length).toBeGreaterThan(0);
    const first = res.body.slots[0];
    expect(first.segments.map((s: any) => [s.serviceName, s.staffName])).toEqual([
      ['Haircut', 'Dana Lee'],
      ['Massage 60', 'Jordan Patel'],
    ]);
    expect(new Date(first.segments[1].startsAt).getTime() - new Date(first.segments[0].startsAt).getTime()).toBe(45 * 60_000);
    const single = await t.as(null).get(`/api/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&from=${day}&to=${day}`);
    expect(single.status).toBe(200);
    expect(single.body.slots.length).toBeGreaterThan(0);
    const bad = await t.as(null).get(`/api/availability?locationId=${LOCATION}&serviceIds=nope&from=${day}&to=${day}`);
    expect(bad.status).toBe(400);
  });
});
