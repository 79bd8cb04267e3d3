import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdInsert } from '../modules/allocations/persistence/allocation.repository.js';
import {
  CLIENT,
  expectOneConflictShape,
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
  t = await startScheduling('classes');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const yoga = (over: Record<string, unknown> = {}) => ({
  locationId: LOCATION,
  name: 'Yoga Flow',
  instructorId: STAFF.dana.id,
  startsAt: localTime('10:00'),
  durationMin: 60,
  capacity: 10,
  priceMinor: 2000,
  ...over,
});

async function createClass(body: Record<string, unknown>) {
  const res = await t.as('frontDesk').post('/api/classes', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.sessions[0];
}

/** Concurrent POSTs over real HTTP, each on its own connection. */
async function enrolAll(sessionId: string, clients: string[]): Promise<{ status: number; body: any }[]> {
  return Promise.all(
    clients.map(async (clientId) => {
      const res = await fetch(`${t.url}/api/classes/${sessionId}/enrolments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token('frontDesk')}` },
        body: JSON.stringify({ clientId }),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
}

describe('enrolment under concurrency', () => {
  let session: any;

  it('30 concurrent enrolments into a capacity-10 class: exactly 10 seats, 20 waiting with distinct places', async () => {
    session = await createClass(yoga());
    const results = await enrolAll(
      session.id,
      Array.from({ length: 30 }, (_, i) => CLIENT(i + 1)),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const enrolled = results.filter((r) => r.body.status === 'enrolled');
    const waiting = results.filter((r) => r.body.status === 'waitlisted');
    expect(enrolled).toHaveLength(10);
    expect(waiting).toHaveLength(20);
    expect(waiting.map((r) => r.body.waitlistPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const detail = await t.as('viewer').get(`/api/classes/${session.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ enrolledCount: 10, waitlistedCount: 20, capacity: 10 });
    const events = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.class.enrolled.v1' AND aggregate_id = $1`, [
      session.id,
    ]);
    expect(events.filter((e) => e.envelope.payload.waitlisted)).toHaveLength(20);
  });

  it('a second enrolment of the same client is refused', async () => {
    const [again] = await enrolAll(session.id, [CLIENT(1)]);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already (enrolled in|on the waitlist for) Yoga Flow/);
  });

  it('cancelling a seat promotes the first waitlisted client in the same transaction, with the event in the outbox', async () => {
    const before = (await t.as('viewer').get(`/api/classes/${session.id}`)).body;
    const first = before.enrolments.find((e: any) => e.waitlistPosition === 1);
    const seat = before.enrolments.find((e: any) => e.status === 'enrolled');
    const res = await t.as('frontDesk').post(`/api/classes/${session.id}/enrolments/${seat.id}/cancel`);
    expect(res.status).toBe(201);
    expect(res.body.enrolment).toMatchObject({ id: seat.id, status: 'cancelled' });
    expect(res.body.promoted).toHaveLength(1);
    expect(res.body.promoted[0]).toMatchObject({ id: first.id, clientId: first.clientId, status: 'enrolled', waitlistPosition: null });
    const [event] = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.class.waitlist-promoted.v1' AND aggregate_id = $1`, [
      session.id,
    ]);
    expect(event.envelope.payload).toMatchObject({ classSessionId: session.id, enrolmentId: first.id, clientId: first.clientId });
    const cancelled = await t.sql(
      `SELECT envelope FROM outbox WHERE type = 'scheduling.class.enrolment-cancelled.v1' AND aggregate_id = $1`,
      [session.id],
    );
    expect(cancelled.map((e) => e.envelope.payload.clientId)).toEqual([seat.clientId]);
    const after = (await t.as('viewer').get(`/api/classes/${session.id}`)).body;
    expect(after).toMatchObject({ enrolledCount: 10, waitlistedCount: 19 });
    const places = after.enrolments.filter((e: any) => e.status === 'waitlisted').map((e: any) => e.waitlistPosition);
    expect(places).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it('raising the capacity promotes from the waitlist in order; lowering it below the seats taken is refused', async () => {
    const before = (await t.as('viewer').get(`/api/classes/${session.id}`)).body;
    const nextTwo = before.enrolments
      .filter((e: any) => e.status === 'waitlisted')
      .slice(0, 2)
      .map((e: any) => e.id);
    const raised = await t.as('frontDesk').patch(`/api/classes/${session.id}`, { capacity: 12 });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ capacity: 12, enrolledCount: 12, waitlistedCount: 17 });
    expect(raised.body.enrolments.filter((e: any) => nextTwo.includes(e.id)).map((e: any) => e.status)).toEqual(['enrolled', 'enrolled']);
    const lowered = await t.as('frontDesk').patch(`/api/classes/${session.id}`, { capacity: 5 });
    expect(lowered.status).toBe(400);
    expect(lowered.body.error).toMatch(/capacity: 12 clients have a seat/);
  });

  it('attendance is marked only once the class has started', async () => {
    const seat = (await t.as('viewer').get(`/api/classes/${session.id}`)).body.enrolments.find((e: any) => e.status === 'enrolled');
    const early = await t.as('frontDesk').patch(`/api/classes/${session.id}/enrolments/${seat.id}`, { status: 'attended' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('Attendance can be marked once the class has started');
    await t.sql(
      `UPDATE class_sessions SET starts_at = now() - interval '10 minutes', ends_at = now() + interval '50 minutes' WHERE id = $1`,
      [session.id],
    );
    const marked = await t.as('frontDesk').patch(`/api/classes/${session.id}/enrolments/${seat.id}`, { status: 'attended' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: seat.id, status: 'attended' });
    const bad = await t.as('frontDesk').patch(`/api/classes/${session.id}/enrolments/${seat.id}`, { status: 'asleep' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/status/);
  });
});

describe('a class and appointments never overlap', () => {
  it("refuses a class over the instructor's appointment (409 naming them), and an appointment over a class", async () => {
    const appt = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(100),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('14:00', 9),
    });
    expect(appt.status).toBe(201);
    const clash = await t.as('frontDesk').post('/api/classes', yoga({ instructorId: STAFF.jordan.id, startsAt: localTime('14:30', 9) }));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^Jordan Patel is with a client until 2:45 PM$/);
    expect(clash.body.taken).toHaveLength(1);
    expectOneConflictShape(clash);

    const pilates = await createClass(yoga({ name: 'Pilates', instructorId: STAFF.dana.id, startsAt: localTime('15:00', 9) }));
    const overClass = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(101),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('15:30', 9),
    });
    expect(overClass.status).toBe(409);
    expect(overClass.body.error).toMatch(/^Dana Lee /);
    // The class holds the instructor in the database too: a hold bypassing the engine is refused.
    const bypass = holdInsert(
      { appointmentId: appt.body.id },
      { kind: 'staff', resourceId: STAFF.dana.id, place: 1, from: new Date(localTime('15:15', 9)), to: new Date(localTime('15:45', 9)) },
    );
    await expect(t.sql(bypass.sql, bypass.params)).rejects.toMatchObject({ code: '23P01' });
    expect(pilates.status).toBe('scheduled');
  });

  it('refuses a class in a room taken by an appointment, and a massage in a room taken by a class', async () => {
    const massage = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(102),
      serviceId: ids.massageId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('10:00', 10),
    });
    expect(massage.status).toBe(201);
    const clash = await t.as('frontDesk').post('/api/classes', yoga({ roomId: ids.roomId, startsAt: localTime('10:30', 10) }));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^Room 2 is taken until 11:15 AM$/);

    await createClass(yoga({ name: 'Stretch', roomId: ids.roomId, startsAt: localTime('13:00', 10) }));
    const inRoom = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(103),
      serviceId: ids.massageId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('13:30', 10),
    });
    expect(inRoom.status).toBe(409);
    expect(inRoom.body.error).toMatch(/^Room 2 is /);
  });

  it('a weekly series reports every conflicting date before saving anything', async () => {
    const appt = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(104),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('17:00', 18),
    });
    expect(appt.status).toBe(201);
    const body = yoga({
      name: 'Evening Barre',
      instructorId: STAFF.jordan.id,
      startsAt: localTime('17:00', 11),
      repeat: { everyWeeks: 1, count: 3 },
    });
    const refused = await t.as('frontDesk').post('/api/classes', body);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^1 of 3 dates are not free/);
    expectOneConflictShape(refused);
    expect(refused.body.taken).toEqual([
      { startsAt: new Date(localTime('17:00', 18)).toISOString(), reason: expect.stringMatching(/^Jordan Patel is with a client/) },
    ]);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM class_sessions WHERE name = 'Evening Barre'`);
    expect(n).toBe(0);

    const ok = await t.as('frontDesk').post('/api/classes', { ...body, startsAt: localTime('16:00', 11) });
    expect(ok.status).toBe(201);
    expect(ok.body.sessions).toHaveLength(3);
    expect(new Set(ok.body.sessions.map((s: any) => s.seriesId))).toEqual(new Set([ok.body.seriesId]));
    expect(ok.body.seriesId).toEqual(expect.any(String));
  });

  it('cancelling a class cancels its places, frees the instructor and says so in one event', async () => {
    const session = await createClass(yoga({ name: 'Spin', instructorId: STAFF.jordan.id, startsAt: localTime('09:00', 12), capacity: 1 }));
    await enrolAll(session.id, [CLIENT(200), CLIENT(201)]);
    const res = await t.as('frontDesk').post(`/api/classes/${session.id}/cancel`, { reason: 'Instructor ill' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.enrolments.map((e: any) => e.status)).toEqual(['cancelled', 'cancelled']);
    const [event] = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.class.cancelled.v1' AND aggregate_id = $1`, [
      session.id,
    ]);
    expect(event.envelope.payload.reason).toBe('Instructor ill');
    expect([...event.envelope.payload.clientIds].sort()).toEqual([CLIENT(200), CLIENT(201)]);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM allocations WHERE class_session_id = $1`, [session.id]);
    expect(n).toBe(0);
    const booked = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(202),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('09:00', 12),
    });
    expect(booked.status).toBe(201);
    const late = await enrolAll(session.id, [CLIENT(203)]);
    expect(late[0]).toMatchObject({ status: 409, body: { error: 'Spin was cancelled' } });
  });

  it('moving a class re-validates it against others, ignoring its own holds', async () => {
    const session = await createClass(yoga({ name: 'Core', startsAt: localTime('11:00', 13) }));
    const nudged = await t
      .as('frontDesk')
      .patch(`/api/classes/${session.id}`, { startsAt: localTime('11:30', 13), version: session.version });
    expect(nudged.status).toBe(200);
    expect(nudged.body).toMatchObject({ startsAt: new Date(localTime('11:30', 13)).toISOString(), version: 2 });
    const appt = await t.as('frontDesk').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(300),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('14:00', 13),
    });
    expect(appt.status).toBe(201);
    const clash = await t.as('frontDesk').patch(`/api/classes/${session.id}`, { startsAt: localTime('13:30', 13) });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^Dana Lee is with a client/);
    const stale = await t.as('frontDesk').patch(`/api/classes/${session.id}`, { name: 'Core 2', version: 1 });
    expect(stale.status).toBe(409);
  });
});

describe('validation and permissions', () => {
  it('names the bad field (400)', async () => {
    const res = await t.as('frontDesk').post('/api/classes', yoga({ capacity: 0 }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/capacity/);
    const past = await t.as('frontDesk').post('/api/classes', yoga({ startsAt: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/startsAt: must be in the future/);
    const noEnd = await t.as('frontDesk').post('/api/classes', yoga({ repeat: { everyWeeks: 1 } }));
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.error).toMatch(/repeat\.count/);
    const from = new Date().toISOString();
    const list = await t.as('viewer').get(`/api/classes?locationId=${LOCATION}&from=${from}`);
    expect(list.status).toBe(400);
    expect(list.body.error).toMatch(/to/);
  });

  it('needs a viewing permission to list, a planning one to create, a booking one to enrol (403 otherwise)', async () => {
    const q = `locationId=${LOCATION}&from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 30 * 86_400_000).toISOString())}`;
    expect((await t.as('outsider').get(`/api/classes?${q}`)).status).toBe(403);
    expect((await t.as(null).get(`/api/classes?${q}`)).status).toBe(401);
    const listed = await t.as('viewer').get(`/api/classes?${q}`);
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body[0]).toEqual(expect.objectContaining({ enrolledCount: expect.any(Number), waitlistedCount: expect.any(Number) }));
    const session = listed.body.find((s: any) => s.name === 'Core');
    expect((await t.as('outsider').get(`/api/classes/${session.id}`)).status).toBe(403);
    expect((await t.as('viewer').post('/api/classes', yoga({ startsAt: localTime('09:00', 20) }))).status).toBe(403);
    expect((await t.as('viewer').patch(`/api/classes/${session.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await t.as('viewer').post(`/api/classes/${session.id}/cancel`, {})).status).toBe(403);
    expect((await t.as('viewer').post(`/api/classes/${session.id}/enrolments`, { clientId: CLIENT(900) })).status).toBe(403);
    expect((await t.as('admin').post(`/api/classes/${session.id}/enrolments`, { clientId: CLIENT(900) })).status).toBe(201);
  });

  it('lists upcoming classes publicly with seats left and no roster', async () => {
    const q = `locationId=${LOCATION}&from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 30 * 86_400_000).toISOString())}`;
    const res = await t.as(null).get(`/api/classes/public?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((c: any) => c.enrolments === undefined && typeof c.seatsLeft === 'number')).toBe(true);
    expect(res.body.some((c: any) => c.name === 'Spin')).toBe(false);
    expect(res.body.find((c: any) => c.name === 'Pilates')).toMatchObject({ instructorName: 'Dana Lee', seatsLeft: 10 });
  });
});
