import { randomUUID } from 'node:crypto';
import { bookingClaimViewSchema, bookingConfirmationSchema } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { openSecret } from '@salon/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VisitorProfilesUseCase } from '../modules/online-booking/use-cases/visitor-profiles.use-case.js';
import { localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// The rules of docs/security-notes/booking-id.md: who an online booking belongs to.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  // Every test books from one address: the per-address limit is not what is tested here.
  t = await startScheduling('online_identity', { ONLINE_BOOKINGS_PER_IP_PER_HOUR: '500' });
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const bookAs = (client: Record<string, unknown>, startsAt: string, staffId = STAFF.dana.id) =>
  t.as(null).post('/api/online-booking/appointments', { locationId: LOCATION, serviceId: ids.haircutId, staffId, startsAt, client });

const clientOf = async (appointmentId: string) =>
  (await t.sql(`SELECT client_id FROM appointments WHERE id = $1`, [appointmentId]))[0].client_id as string;

const claimEvents = async (appointmentId: string) =>
  (
    await t.sql(
      `SELECT envelope FROM outbox WHERE type = 'scheduling.booking-claim.requested.v1' AND envelope->'payload'->>'appointmentId' = $1`,
      [appointmentId],
    )
  ).map((r) => r.envelope);

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('who an online booking belongs to', () => {
  it('a refused booking creates no client profile', async () => {
    const startsAt = localTime('10:00', 9);
    await bookAs({ firstName: 'Visitor 1', phone: '+1 312 555 0301' }, startsAt).expect(201);
    const before = t.platform.live().length;
    const taken = await bookAs({ firstName: 'Visitor 2', phone: '+1 312 555 0302' }, startsAt);
    expect(taken.status).toBe(409);
    const tooSoon = await bookAs({ firstName: 'Early', phone: '+1 312 555 0399' }, new Date(Date.now() + 10 * 60_000).toISOString());
    expect(tooSoon.status).toBe(409);
    const offGrid = await bookAs({ firstName: 'Odd', phone: '+1 312 555 0398' }, localTime('10:07', 12));
    expect(offGrid.status).toBe(409);
    const badInput = await bookAs({ firstName: 'Bad', email: 'not-an-address' }, localTime('12:00', 12));
    expect(badInput.status).toBe(400);
    expect(badInput.body.details).toEqual([{ field: 'client.email', message: 'must be a valid e-mail address' }]);
    // Eight visitors race for one time: one profile, the winner's.
    const race = localTime('15:00', 12);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) => bookAs({ firstName: `Racer ${n}`, phone: `+1 312 555 03${10 + n}` }, race)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(t.platform.live().length).toBe(before + 1);
    expect(t.platform.clients.length).toBe(before + 1);
    // The losers' undo log is cleared without asking the clients service anything.
    expect(await t.sql(`SELECT 1 FROM visitor_profiles WHERE appointment_id IS NULL`)).toHaveLength(0);
  });

  it('many visitors booking different times at once all book, each on a profile of their own', async () => {
    const times = Array.from({ length: 8 }, (_, i) => localTime(`${9 + i}:00`, 17));
    const results = await Promise.all(
      [STAFF.dana.id, STAFF.jordan.id].flatMap((staffId, s) =>
        times.map((startsAt, i) => bookAs({ firstName: `Crowd ${s}-${i}`, phone: `+1 312 555 06${s}${i}` }, startsAt, staffId)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    const owners = await t.sql(`SELECT DISTINCT client_id FROM appointments WHERE id = ANY($1::uuid[])`, [
      results.map((r) => r.body.appointment.id),
    ]);
    expect(owners).toHaveLength(16);
  });

  it('answers a known and an unknown contact the same way', async () => {
    await bookAs({ firstName: 'Kim', phone: '+1 312 555 0410' }, localTime('09:00', 10), STAFF.jordan.id).expect(201);
    const known = await bookAs(
      { firstName: 'Someone', phone: '(312) 555-0410', bookedBefore: true },
      localTime('10:00', 10),
      STAFF.jordan.id,
    );
    const unknown = await bookAs(
      { firstName: 'Someone', phone: '(312) 555-0411', bookedBefore: true },
      localTime('11:00', 10),
      STAFF.jordan.id,
    );
    expect([known.status, unknown.status]).toEqual([201, 201]);
    expect(Object.keys(bookingConfirmationSchema.strict().parse(known.body))).toEqual(Object.keys(unknown.body));
    expect(known.body).not.toHaveProperty('clientCreated');
    // Apart from the appointment and its own random forms key, nothing tells the two apart.
    expect({ ...known.body, appointment: null, formsKey: null }).toEqual({ ...unknown.body, appointment: null, formsKey: null });
    expect(known.body.formsKey).toMatch(/^[\w-]{43}$/);
    // Only the known contact's client is sent a link; the visitor is told nothing either way.
    expect(await claimEvents(known.body.appointment.id)).toHaveLength(1);
    expect(await claimEvents(unknown.body.appointment.id)).toHaveLength(0);
  });

  it('a new name and e-mail with an existing client’s phone books on a new profile with exactly what the visitor typed', async () => {
    const first = await bookAs(
      { firstName: 'Maria', lastName: 'Lopez', phone: '+1 312 555 0420', email: 'maria@example.com' },
      localTime('09:00', 11),
    ).expect(201);
    const maria = await clientOf(first.body.appointment.id);
    const second = await bookAs(
      { firstName: 'Lucia', lastName: 'Lopez', phone: '(312) 555-0420', email: 'lucia@example.com' },
      localTime('11:00', 11),
    ).expect(201);
    const lucia = await clientOf(second.body.appointment.id);
    expect(lucia).not.toBe(maria);
    expect(t.platform.live().find((c) => c.clientId === lucia)).toMatchObject({
      madeFor: 'visitor',
      firstName: 'Lucia',
      lastName: 'Lopez',
      phone: '(312) 555-0420',
      email: 'lucia@example.com',
    });
    // Maria's profile is untouched; she was not asked to confirm anything (Lucia did not say she had booked before).
    expect(t.platform.live().find((c) => c.clientId === maria)).toMatchObject({ firstName: 'Maria', email: 'maria@example.com' });
    expect(await claimEvents(second.body.appointment.id)).toHaveLength(0);
  });

  it('“I’ve booked here before”: a link to the matched client’s contact on file; following it moves the booking to that client', async () => {
    const first = await bookAs({ firstName: 'Paula', lastName: 'Reyes', phone: '+1 312 555 0430' }, localTime('09:00', 13)).expect(201);
    const paula = await clientOf(first.body.appointment.id);
    const again = await bookAs(
      { firstName: 'Paula', lastName: 'R', phone: '312-555-0430', email: 'paula@example.com', bookedBefore: true },
      localTime('11:00', 13),
    ).expect(201);
    const visitorProfile = await clientOf(again.body.appointment.id);
    expect(visitorProfile).not.toBe(paula);

    const [event] = await claimEvents(again.body.appointment.id);
    // The link goes to Paula (messaging reads her contact on file); the token travels sealed.
    expect(event.payload).toMatchObject({ clientId: paula, serviceName: 'Haircut', startsAt: again.body.appointment.startsAt });
    expect(typeof event.payload.token).toBe('object');
    const token = openSecret(event.payload.token, process.env.EVENT_SECRET_KEY!);

    const view = await t.as(null).get(`/api/online-booking/claims/${token}`).expect(200);
    expect(bookingClaimViewSchema.parse(view.body)).toMatchObject({ status: 'open', serviceName: 'Haircut', staffName: 'Dana Lee' });
    const confirmed = await t.as(null).post(`/api/online-booking/claims/${token}/confirm`).expect(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect(await clientOf(again.body.appointment.id)).toBe(paula);
    expect(t.platform.clients.find((c) => c.clientId === visitorProfile)?.mergedInto).toBe(paula);
    const [row] = await t.sql(`SELECT version FROM appointments WHERE id = $1`, [again.body.appointment.id]);
    expect(row.version).toBeGreaterThan(1); // calendars polling by version see the change
    // A second press answers the same; a made-up link is not valid.
    expect((await t.as(null).post(`/api/online-booking/claims/${token}/confirm`).expect(200)).body.status).toBe('confirmed');
    const bogus = await t.as(null).get(`/api/online-booking/claims/${'x'.repeat(32)}`);
    expect(bogus.status).toBe(404);
    expect(bogus.body.error).toBe('This link is not valid');
  });

  it('an expired link attaches nothing', async () => {
    await bookAs({ firstName: 'Omar', phone: '+1 312 555 0440' }, localTime('09:00', 14)).expect(201);
    const again = await bookAs({ firstName: 'Omar', phone: '+1 312 555 0440', bookedBefore: true }, localTime('11:00', 14)).expect(201);
    const visitorProfile = await clientOf(again.body.appointment.id);
    const [event] = await claimEvents(again.body.appointment.id);
    const token = openSecret(event.payload.token, process.env.EVENT_SECRET_KEY!);
    await t.sql(`UPDATE booking_claims SET expires_at = now() - interval '1 minute' WHERE id = $1`, [event.payload.claimId]);
    expect((await t.as(null).get(`/api/online-booking/claims/${token}`).expect(200)).body.status).toBe('expired');
    const refused = await t.as(null).post(`/api/online-booking/claims/${token}/confirm`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/expired/);
    expect(await clientOf(again.body.appointment.id)).toBe(visitorProfile);
  });

  it('a booking that fails after its profile was asked for discards it at once, or the sweep does', async () => {
    const before = t.platform.live().length;
    t.platform.loseNextAnswer = true;
    const lost = await bookAs({ firstName: 'Lost', phone: '+1 312 555 0450' }, localTime('09:00', 15));
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(t.platform.live().length).toBe(before);
    expect(await t.sql(`SELECT 1 FROM appointments WHERE starts_at = $1`, [localTime('09:00', 15)])).toHaveLength(0);
    expect(await t.sql(`SELECT 1 FROM visitor_profiles WHERE appointment_id IS NULL`)).toHaveLength(0);

    // The clients service is down for the undo too: the log keeps the profile until the sweep.
    t.platform.loseNextAnswer = true;
    t.platform.discardDown = true;
    await bookAs({ firstName: 'Stranded', phone: '+1 312 555 0451' }, localTime('09:00', 15));
    expect(t.platform.live().length).toBe(before + 1);
    const sweep = t.app.get(VisitorProfilesUseCase);
    expect(await sweep.undoUnbooked(new Date())).toBe(0); // not before the grace period: its booking may still be under way
    t.platform.discardDown = false;
    expect(await sweep.undoUnbooked(new Date(Date.now() + 6 * 60_000))).toBe(1);
    expect(t.platform.live().length).toBe(before);
    expect(await t.sql(`SELECT 1 FROM visitor_profiles WHERE appointment_id IS NULL`)).toHaveLength(0);
    // A committed booking's profile is never discarded by the sweep.
    const kept = await bookAs({ firstName: 'Kept', phone: '+1 312 555 0452' }, localTime('11:00', 15)).expect(201);
    expect(await sweep.undoUnbooked(new Date(Date.now() + 60 * 60_000))).toBe(0);
    const keptProfile = await clientOf(kept.body.appointment.id);
    expect(t.platform.live().some((c) => c.clientId === keptProfile)).toBe(true);
  });

  it('the desk’s one-click merge of the visitor’s profile moves the booking to the client (clients.client.merged.v1)', async () => {
    const booked = await bookAs({ firstName: 'Vera', phone: '+1 312 555 0460' }, localTime('09:00', 16)).expect(201);
    const visitorProfile = await clientOf(booked.body.appointment.id);
    const survivor = randomUUID();
    const bus = t.app.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([
      {
        id: randomUUID(),
        type: 'clients.client.merged.v1',
        occurredAt: new Date().toISOString(),
        aggregateType: 'client',
        aggregateId: survivor,
        locationId: null,
        actor: { type: 'user', id: randomUUID() },
        traceparent: null,
        payload: { survivorId: survivor, mergedId: visitorProfile },
      },
    ]);
    await eventually('the booking on the survivor', async () =>
      (await clientOf(booked.body.appointment.id)) === survivor ? true : undefined,
    );
  });
});
