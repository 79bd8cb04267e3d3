import { createHash } from 'node:crypto';
import { publicStaffSchema } from '@salon/contracts';
import { REDIS, ServiceToken } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
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
  t = await startScheduling('online');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const visitor = { firstName: 'Ana', lastName: 'Silva', phone: '+1 312 555 0101', email: 'ana@example.com', smsConsent: true };
const outboxTypes = async () => (await t.sql(`SELECT type FROM outbox ORDER BY id`)).map((r) => r.type as string);

describe('the public booking page', () => {
  it('describes the business, its look and where one can book, without a token', async () => {
    const info = await t.as(null).get('/api/online-booking').expect(200);
    expect(info.body).toMatchObject({
      businessName: 'Demo Salon',
      locations: [{ id: LOCATION, name: 'Downtown', timeZone: 'America/Chicago' }],
    });
    expect(info.body.design).toMatchObject({ primaryColor: '#6d28d9', allowAnyStaff: true });
    expect(info.body.design).not.toHaveProperty('offeredStaffIds');
  });

  it('lists the online services with who performs them, and honours the design', async () => {
    const list = await t.as(null).get(`/api/online-booking/services?locationId=${LOCATION}`).expect(200);
    expect(list.body.map((s: any) => s.name).sort()).toEqual(['Haircut', 'Massage 60']);
    expect(list.body.find((s: any) => s.name === 'Haircut').staff).toEqual([
      { id: STAFF.dana.id, name: 'Dana Lee' },
      { id: STAFF.jordan.id, name: 'Jordan Patel' },
    ]);
    expect((await t.as(null).get('/api/online-booking/services?locationId=nope')).status).toBe(400);
    expect((await t.as(null).get('/api/online-booking/services?locationId=10c00000-0000-4000-8000-0000000000ff')).status).toBe(404);
  });

  it('introduces who may be chosen at a location, with the bio and photo identity answers, as its contract says', async () => {
    t.platform.introductions[STAFF.dana.id] = { bio: 'Colour specialist.', profilePicture: 'https://example.com/dana.jpg' };
    const staff = await t.as(null).get(`/api/online-booking/staff?locationId=${LOCATION}`).expect(200);
    expect(z.array(publicStaffSchema).parse(staff.body)).toEqual([
      { id: STAFF.dana.id, name: 'Dana Lee', bio: 'Colour specialist.', profilePicture: 'https://example.com/dana.jpg' },
      { id: STAFF.jordan.id, name: 'Jordan Patel', bio: null, profilePicture: null },
    ]);
    // A bio just rewritten shows at once: the introduction is not kept like a name.
    t.platform.introductions[STAFF.dana.id] = { bio: 'Balayage.', profilePicture: null };
    const again = await t.as(null).get(`/api/online-booking/staff?locationId=${LOCATION}`).expect(200);
    expect(again.body[0]).toMatchObject({ bio: 'Balayage.', profilePicture: null });
    expect((await t.as(null).get('/api/online-booking/staff?locationId=nope')).status).toBe(400);
    expect((await t.as(null).get('/api/online-booking/staff?locationId=10c00000-0000-4000-8000-0000000000ff')).status).toBe(404);
    delete t.platform.introductions[STAFF.dana.id];
  });

  it('books a visitor on a profile of their own, source online, booked event; the same Idempotency-Key answers the same booking', async () => {
    const startsAt = localTime('10:00', 9);
    const body = { locationId: LOCATION, serviceId: ids.haircutId, staffId: STAFF.dana.id, startsAt, client: visitor };
    const first = await t.as(null).post('/api/online-booking/appointments', body).set('Idempotency-Key', 'tap-0001-abcdef').expect(201);
    expect(first.body).toMatchObject({
      appointment: {
        status: 'booked',
        serviceName: 'Haircut',
        staffName: 'Dana Lee',
        startsAt: new Date(startsAt).toISOString(),
        priceMinor: 5500,
      },
    });
    const again = await t.as(null).post('/api/online-booking/appointments', body).set('Idempotency-Key', 'tap-0001-abcdef').expect(201);
    expect(again.body.appointment.id).toBe(first.body.appointment.id);
    const [row] = await t.sql(`SELECT source, client_id FROM appointments WHERE id = $1`, [first.body.appointment.id]);
    expect(row).toEqual({ source: 'online', client_id: t.platform.clients[0].clientId });
    expect(t.platform.clients).toHaveLength(1);
    const [booked] = await t.sql(`SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.booked.v1' AND aggregate_id = $1`, [
      first.body.appointment.id,
    ]);
    expect(booked.envelope.actor).toEqual({ type: 'client', id: null });
    // The forms key: 256 random bits in the answer (the same on a retry), only its SHA-256 in the event.
    expect(first.body.formsKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.body.formsKey).toBe(first.body.formsKey);
    expect(booked.envelope.payload.formsKeySha256).toBe(createHash('sha256').update(first.body.formsKey).digest('hex'));
    expect(JSON.stringify(booked.envelope)).not.toContain(first.body.formsKey);
    // Same details, another time: a profile of its own again (typing someone's phone never books on their profile);
    // the clients service lists the two as possible duplicates for the desk to merge.
    const second = await t
      .as(null)
      .post('/api/online-booking/appointments', {
        ...body,
        startsAt: localTime('11:00', 9),
        client: { ...visitor, phone: '(312) 555-0101' },
      })
      .expect(201);
    expect(Object.keys(second.body).sort()).toEqual(['appointment', 'formsKey', 'policies']);
    const [secondRow] = await t.sql(`SELECT client_id FROM appointments WHERE id = $1`, [second.body.appointment.id]);
    expect(secondRow.client_id).toBe(t.platform.clients[1].clientId);
    expect(t.platform.clients).toHaveLength(2);
  });

  it('refuses a taken time with 409, the reason and alternatives; the loser of a race as well', async () => {
    const startsAt = localTime('14:00', 10);
    const body = (n: number) => ({
      locationId: LOCATION,
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt,
      client: { firstName: `Racer ${n}`, phone: `+1 312 555 02${String(n).padStart(2, '0')}` },
    });
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => t.as(null).post('/api/online-booking/appointments', body(n))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0].body.error).toMatch(/Jordan Patel/);
    expect(refused[0].body.alternatives.length).toBeGreaterThan(0);
    for (const r of refused) expectOneConflictShape(r);
  });

  it('applies the online rules: notice, online-bookable, the design’s staff list and “anyone”', async () => {
    const tooSoon = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      client: visitor,
    });
    expect(tooSoon.status).toBe(409);
    const design = (await t.as('owner').get('/api/booking-design').expect(200)).body;
    await t
      .as('owner')
      .put('/api/booking-design', {
        primaryColor: '#0f766e',
        backgroundColor: '#ffffff',
        offeredStaffIds: [STAFF.jordan.id],
        version: design.version,
      })
      .expect(200);
    const narrowed = await t.as(null).get(`/api/online-booking/services?locationId=${LOCATION}`).expect(200);
    expect(narrowed.body.find((s: any) => s.name === 'Haircut').staff).toEqual([{ id: STAFF.jordan.id, name: 'Jordan Patel' }]);
    const danaRefused = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('15:00', 11),
      client: visitor,
    });
    expect(danaRefused.status).toBe(400);
    expect(danaRefused.body.details).toEqual([{ field: 'staffId', message: 'is not offered for this service online' }]);
    const slots = await t
      .as(null)
      .get(
        `/api/online-booking/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&from=${localTime('09:00', 11)}&to=${localTime('12:00', 11)}`,
      )
      .expect(200);
    expect(new Set(slots.body.slots.map((s: any) => s.staffId))).toEqual(new Set([STAFF.jordan.id]));
    const anyone = await t
      .as(null)
      .post('/api/online-booking/appointments', {
        locationId: LOCATION,
        serviceId: ids.haircutId,
        startsAt: localTime('16:00', 11),
        client: visitor,
      })
      .expect(201);
    expect(anyone.body.appointment.staffName).toBe('Jordan Patel');
    await t.sql(`UPDATE services SET online_bookable = false WHERE id = $1`, [ids.massageId]);
    const offline = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      serviceId: ids.massageId,
      startsAt: localTime('10:00', 12),
      client: visitor,
    });
    expect(offline.status).toBe(404);
    await t.sql(`UPDATE services SET online_bookable = true WHERE id = $1`, [ids.massageId]);
    await t
      .as('owner')
      .put('/api/booking-design', {
        primaryColor: '#0f766e',
        backgroundColor: '#ffffff',
        offeredStaffIds: null,
        version: design.version + 1,
      })
      .expect(200);
  });

  it('books a visit of several services online: slots come as one visit with its parts, and the appointment holds both', async () => {
    const day = 15;
    const slots = await t
      .as(null)
      .get(
        `/api/online-booking/availability?locationId=${LOCATION}&serviceIds=${ids.haircutId},${ids.massageId}&from=${localTime('09:00', day)}&to=${localTime('12:00', day)}`,
      )
      .expect(200);
    const slot = slots.body.slots[0];
    expect(slot.segments.map((s: any) => s.serviceName)).toEqual(['Haircut', 'Massage 60']);
    expect(new Date(slot.segments[1].startsAt).getTime()).toBeGreaterThanOrEqual(new Date(slot.segments[0].endsAt).getTime());
    const res = await t
      .as(null)
      .post('/api/online-booking/appointments', {
        locationId: LOCATION,
        startsAt: slot.startsAt,
        client: visitor,
        services: slot.segments.map((s: any) => ({ serviceId: s.serviceId, staffId: s.staffId })),
      })
      .expect(201);
    expect(res.body.appointment).toMatchObject({ serviceName: 'Haircut + Massage 60', priceMinor: 5500 + 9000 });
    const segments = await t.sql(`SELECT service_id FROM appointment_segments WHERE appointment_id = $1 ORDER BY position`, [
      res.body.appointment.id,
    ]);
    expect(segments.map((r) => r.service_id)).toEqual([ids.haircutId, ids.massageId]);
    const bad = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      startsAt: slot.startsAt,
      client: visitor,
      serviceId: ids.haircutId,
      services: [{ serviceId: ids.massageId }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('services');
  });

  it('names what is wrong in the details', async () => {
    const res = await t.as(null).post('/api/online-booking/appointments', {
      locationId: LOCATION,
      serviceId: ids.haircutId,
      startsAt: localTime('10:00', 13),
      client: { firstName: ' ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'client.firstName', message: 'is required' },
        { field: 'client.phone', message: 'a phone number or an e-mail address is required' },
      ]),
    );
    const noClient = await t
      .as(null)
      .post('/api/online-booking/appointments', { locationId: LOCATION, serviceId: ids.haircutId, startsAt: localTime('10:00', 13) });
    expect(noClient.body.details[0].field).toBe('client');
    const badKey = await t
      .as(null)
      .post('/api/online-booking/appointments', {
        locationId: LOCATION,
        serviceId: ids.haircutId,
        startsAt: localTime('10:00', 13),
        client: visitor,
      })
      .set('Idempotency-Key', 'x');
    expect(badKey.body.details[0].field).toBe('Idempotency-Key');
  });
});

describe('a signed-in client', () => {
  it('books as their own profile, sees it, moves it by the online rules and cancels it', async () => {
    const booked = await t
      .as('casey')
      .post('/api/online-booking/appointments', {
        locationId: LOCATION,
        serviceId: ids.haircutId,
        staffId: STAFF.dana.id,
        startsAt: localTime('12:00', 14),
      })
      .expect(201);
    const casey = t.platform.clients.find((c) => c.email === 'casey@example.com')!;
    expect(casey).toMatchObject({ firstName: 'Casey', lastName: 'Moore' });
    const mine = await t.as('casey').get('/api/online-booking/my-appointments').expect(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ id: booked.body.appointment.id, canChange: true, changeBlockedReason: null, serviceName: 'Haircut' }),
    ]);
    const offGrid = await t
      .as('casey')
      .post(`/api/online-booking/my-appointments/${booked.body.appointment.id}/reschedule`, { startsAt: localTime('12:05', 14) });
    expect(offGrid.status).toBe(409);
    const moved = await t
      .as('casey')
      .post(`/api/online-booking/my-appointments/${booked.body.appointment.id}/reschedule`, { startsAt: localTime('13:00', 14) })
      .expect(201);
    expect(moved.body.startsAt).toBe(new Date(localTime('13:00', 14)).toISOString());
    expect(await outboxTypes()).toContain('scheduling.appointment.rescheduled.v1');
    const cancelled = await t.as('casey').post(`/api/online-booking/my-appointments/${booked.body.appointment.id}/cancel`, {}).expect(201);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canChange: false });
    expect((await t.as('casey').get('/api/online-booking/my-appointments').expect(200)).body).toEqual([]);
  });

  it('cannot change inside the late-cancel window, nor touch someone else’s appointment', async () => {
    const caseyId = t.platform.clients.find((c) => c.email === 'casey@example.com')!.clientId;
    const soon = await t.as('admin').post('/api/appointments', {
      locationId: LOCATION,
      clientId: caseyId,
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('09:00', 8),
      source: 'staff',
    });
    expect(soon.status).toBe(201);
    // A window longer than the wait puts the appointment inside it, whatever the hour the test runs.
    await t.sql(`UPDATE location_policies SET late_cancel_hours = 24 * 30 WHERE location_id = $1`, [LOCATION]);
    const late = await t.as('casey').post(`/api/online-booking/my-appointments/${soon.body.id}/cancel`, {});
    await t.sql(`UPDATE location_policies SET late_cancel_hours = 24 WHERE location_id = $1`, [LOCATION]);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Changes within 720 hours of the appointment cannot be made online; please call the salon');
    await t.sql(`UPDATE appointments SET status = 'checked-in' WHERE id = $1`, [soon.body.id]);
    const mine = await t.as('casey').get('/api/online-booking/my-appointments').expect(200);
    expect(mine.body[0]).toMatchObject({
      canChange: false,
      changeBlockedReason: 'This appointment is checked in and can no longer be changed online',
    });
    const [other] = await t.sql(`SELECT id FROM appointments WHERE client_id <> $1 AND status = 'booked' LIMIT 1`, [caseyId]);
    expect((await t.as('casey').post(`/api/online-booking/my-appointments/${other.id}/cancel`, {})).status).toBe(404);
    expect((await t.as('frontDesk').get('/api/online-booking/my-appointments')).status).toBe(403);
    expect((await t.as(null).get('/api/online-booking/my-appointments')).status).toBe(401);
  });
});

describe('a client another service identified (the AI assistant by the texting phone)', () => {
  it('lists, moves by the online rules and cancels only that client’s appointments, and answers only a service token', async () => {
    const caseyId = t.platform.clients.find((c) => c.email === 'casey@example.com')!.clientId;
    const booked = await t
      .as('admin')
      .post('/api/appointments', {
        locationId: LOCATION,
        clientId: caseyId,
        serviceId: ids.haircutId,
        staffId: STAFF.dana.id,
        startsAt: localTime('12:00', 15),
        source: 'staff',
      })
      .expect(201);
    const bearer = await t.app.get(ServiceToken).bearer();
    const svc = (method: 'get' | 'post', path: string, body?: unknown) => {
      const r = request(t.url)[method](path).set('Authorization', bearer);
      return body === undefined ? r : r.send(body as object);
    };
    const base = `/api/online-booking/clients/${caseyId}/appointments`;
    const list = await svc('get', base).expect(200);
    expect(list.body).toContainEqual(expect.objectContaining({ id: booked.body.id, canChange: true, serviceName: 'Haircut' }));
    // Staff, and the client's own token, are refused: this is for services (admins pass as everywhere).
    expect((await t.as('frontDesk').get(base)).status).toBe(403);
    expect((await t.as('casey').get(base)).status).toBe(403);
    // Off the engine's grid: refused like an online move.
    expect((await svc('post', `${base}/${booked.body.id}/reschedule`, { startsAt: localTime('12:05', 15) })).status).toBe(409);
    const moved = await svc('post', `${base}/${booked.body.id}/reschedule`, { startsAt: localTime('13:00', 15) }).expect(200);
    expect(moved.body.startsAt).toBe(new Date(localTime('13:00', 15)).toISOString());
    // Someone else's appointment is not found for this client.
    const [other] = await t.sql(`SELECT id FROM appointments WHERE client_id <> $1 AND status = 'booked' LIMIT 1`, [caseyId]);
    expect((await svc('post', `${base}/${other.id}/cancel`, {})).status).toBe(404);
    const cancelled = await svc('post', `${base}/${booked.body.id}/cancel`, { reason: 'Cancelled by text' }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canChange: false });
  });
  it('books onto that client’s own profile by the online rules (no visitor profile, no per-IP limit), and a later cancel finds it', async () => {
    const casey = t.platform.clients.find((c) => c.email === 'casey@example.com')!;
    const profiles = t.platform.clients.length;
    const bearer = await t.app.get(ServiceToken).bearer();
    const base = `/api/online-booking/clients/${casey.clientId}/appointments`;
    const book = (body: unknown, key?: string) => {
      const r = request(t.url).post(base).set('Authorization', bearer);
      return (key ? r.set('Idempotency-Key', key) : r).send(body as object);
    };
    // Every visitor on this network has used up the per-IP limit: a service's booking is not counted against it.
    const redis = t.app.get<Redis>(REDIS);
    for (const k of await redis.keys('*online-booking:ip*')) await redis.set(k, '100000', 'KEEPTTL');
    const visit = { locationId: LOCATION, serviceId: ids.haircutId, staffId: STAFF.jordan.id, startsAt: localTime('15:00', 16) };
    expect((await t.as(null).post('/api/online-booking/appointments', { ...visit, client: visitor })).status).toBe(429);
    // Off the engine's grid: refused as online.
    expect((await book({ ...visit, startsAt: localTime('15:05', 16) })).status).toBe(409);
    // A visitor's details have no place here.
    expect((await book({ ...visit, client: visitor })).status).toBe(400);
    // Staff and clients are refused: this is for services.
    expect((await t.as('frontDesk').post(base, visit)).status).toBe(403);
    expect((await t.as('casey').post(base, visit)).status).toBe(403);

    const first = await book(visit, 'ai-reply-0001').expect(201);
    expect(first.body.appointment).toMatchObject({
      status: 'booked',
      serviceName: 'Haircut',
      startsAt: new Date(visit.startsAt).toISOString(),
    });
    const again = await book(visit, 'ai-reply-0001').expect(201);
    expect(again.body.appointment.id).toBe(first.body.appointment.id);
    const [row] = await t.sql(`SELECT client_id, source FROM appointments WHERE id = $1`, [first.body.appointment.id]);
    expect(row).toEqual({ client_id: casey.clientId, source: 'online' });
    expect(t.platform.clients.length).toBe(profiles); // no new profile

    const list = await request(t.url).get(base).set('Authorization', bearer).expect(200);
    expect(list.body.map((a: any) => a.id)).toContain(first.body.appointment.id);
    await request(t.url).post(`${base}/${first.body.appointment.id}/cancel`).set('Authorization', bearer).send({}).expect(200);
  });
});

describe('booking design', () => {
  it('is read with view or edit business settings, saved with edit, versioned, and refuses unreadable colours', async () => {
    expect((await t.as('frontDesk').get('/api/booking-design')).status).toBe(403);
    const current = (await t.as('settingsViewer').get('/api/booking-design').expect(200)).body;
    expect((await t.as('settingsViewer').put('/api/booking-design', { ...current, version: current.version })).status).toBe(403);
    const pale = await t
      .as('owner')
      .put('/api/booking-design', { primaryColor: '#fef3c7', backgroundColor: '#ffffff', version: current.version });
    expect(pale.status).toBe(400);
    expect(pale.body.details[0].field).toBe('primaryColor');
    const saved = await t
      .as('owner')
      .put('/api/booking-design', {
        primaryColor: '#9D174D',
        backgroundColor: '#fff7ed',
        intro: 'Welcome!',
        policies: 'Cancel 24 h ahead.',
        version: current.version,
      })
      .expect(200);
    expect(saved.body).toMatchObject({ primaryColor: '#9d174d', intro: 'Welcome!', version: current.version + 1 });
    const stale = await t
      .as('owner')
      .put('/api/booking-design', { primaryColor: '#000000', backgroundColor: '#ffffff', version: current.version });
    expect(stale.status).toBe(409);
    expect(stale.body.details).toMatchObject({ primaryColor: '#9d174d' });
    const pub = await t.as(null).get('/api/online-booking').expect(200);
    expect(pub.body.design).toMatchObject({ primaryColor: '#9d174d', intro: 'Welcome!', policies: 'Cancel 24 h ahead.' });
  });
});
