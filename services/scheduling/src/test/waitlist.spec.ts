import { openSecret } from '@salon/tokens';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitlistUseCase } from '../modules/waitlist/use-cases/waitlist.use-case.js';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, TZ, type SchedulingTestApp } from './scheduling-app.js';

let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('waitlist');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const dayOf = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toISODate()!;
const clock = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toFormat('HH:mm');

/**
 * Waits for the outbox relay → Redis Streams → inbox consumer round trip to produce a row. Not a
 * timing assertion: it only bounds how long a broken pipeline can hang the suite.
 */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const openOffer = (entryId: string) => async () =>
  (await t.sql(`SELECT * FROM waitlist_offers WHERE entry_id = $1 AND status = 'open'`, [entryId]))[0];

async function tokenOf(offerId: string): Promise<string> {
  const [row] = await t.sql(
    `SELECT envelope FROM outbox WHERE type = 'scheduling.waitlist.offered.v1' AND envelope->'payload'->>'offerId' = $1`,
    [offerId],
  );
  expect(typeof row.envelope.payload.token).toBe('object'); // sealed, not the bare token
  return openSecret(row.envelope.payload.token, process.env.EVENT_SECRET_KEY!); // the run's own key (vitest.config.ts)
}

async function book(clientN: number, startsAt: string) {
  const res = await t.as('frontDesk').post('/api/appointments', {
    locationId: LOCATION,
    clientId: CLIENT(clientN),
    serviceId: ids.haircutId,
    staffId: STAFF.dana.id,
    startsAt,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function waitFor(clientN: number, day: string, window?: [string, string]) {
  const res = await t.as('frontDesk').post('/api/waitlist', {
    locationId: LOCATION,
    clientId: CLIENT(clientN),
    serviceId: ids.haircutId,
    staffId: STAFF.dana.id,
    dateFrom: day,
    dateTo: day,
    ...(window ? { windowStart: window[0], windowEnd: window[1] } : {}),
    note: `client ${clientN}`,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('waitlist with automatic offers', () => {
  it('cancel → the first waiting client gets an offer (row + event); accept by the link books it; a second accept is refused', async () => {
    const taken = await book(1, localTime('15:00'));
    const day = dayOf(taken.startsAt);
    const first = await waitFor(2, day, ['14:00', '17:00']);
    const second = await waitFor(3, day, ['14:00', '17:00']);
    expect(first).toMatchObject({ status: 'waiting', windowStart: '14:00', windowEnd: '17:00', serviceName: 'Haircut', offer: null });

    expect((await t.as('frontDesk').patch(`/api/appointments/${taken.id}`, { status: 'cancelled', cancelReason: 'Sick' })).status).toBe(
      200,
    );
    const offer = await eventually('the offer to the first entry', openOffer(first.id));
    expect(clock(new Date(offer.starts_at).toISOString())).toBe('15:00');
    expect(offer.staff_id).toBe(STAFF.dana.id);
    expect(new Date(offer.expires_at).getTime() - new Date(offer.created_at).getTime()).toBeCloseTo(2 * 3_600_000, -4);
    expect((await t.as('viewer').get(`/api/waitlist/${first.id}`)).body).toMatchObject({
      status: 'offered',
      offer: { id: offer.id, status: 'open' },
    });
    expect((await t.as('viewer').get(`/api/waitlist/${second.id}`)).body).toMatchObject({ status: 'waiting', offer: null });

    const token = await tokenOf(offer.id);
    const view = await t.as(null).get(`/api/waitlist/offers/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ status: 'open', serviceName: 'Haircut', staffName: 'Dana Lee', timeZone: TZ });

    const accepted = await t.as(null).post(`/api/waitlist/offers/${token}/accept`);
    expect(accepted.status).toBe(201);
    expect(accepted.body.appointment).toMatchObject({
      clientId: CLIENT(2),
      staffId: STAFF.dana.id,
      status: 'booked',
      source: 'online',
      startsAt: new Date(offer.starts_at).toISOString(),
    });
    expect(accepted.body.entry).toMatchObject({
      status: 'booked',
      appointmentId: accepted.body.appointment.id,
      offer: { status: 'accepted' },
    });

    const again = await t.as('frontDesk').post(`/api/waitlist/${first.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This offer was already accepted');
    expect((await t.as(null).post(`/api/waitlist/offers/${token}/accept`)).status).toBe(409);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM appointments WHERE client_id = $1`, [CLIENT(2)]);
    expect(n).toBe(1);

    const list = await t.as('viewer').get(`/api/waitlist?locationId=${LOCATION}&from=${day}&to=${day}&status=all`);
    expect(list.body.map((e: any) => [e.id, e.status])).toEqual([
      [first.id, 'booked'],
      [second.id, 'waiting'],
    ]);
  });

  it('an expired offer passes the time to the next entry; a declined one to no one already offered it', async () => {
    const taken = await book(4, localTime('10:00', 9));
    const day = dayOf(taken.startsAt);
    const a = await waitFor(5, day);
    const b = await waitFor(6, day);
    await t.as('frontDesk').patch(`/api/appointments/${taken.id}`, { status: 'cancelled' });
    const toA = await eventually('the offer to the oldest entry', openOffer(a.id));
    expect((await t.sql(`SELECT status FROM waitlist_entries WHERE id = $1`, [b.id]))[0].status).toBe('waiting');

    const waitlist = t.app.get(WaitlistUseCase);
    expect(await waitlist.expireDue(new Date(Date.now() + 3 * 3_600_000))).toBe(1);
    expect((await t.sql(`SELECT status FROM waitlist_offers WHERE id = $1`, [toA.id]))[0].status).toBe('expired');
    expect((await t.sql(`SELECT status FROM waitlist_entries WHERE id = $1`, [a.id]))[0].status).toBe('waiting');
    const toB = (await openOffer(b.id)())!;
    expect(toB).toMatchObject({ chain_id: toA.chain_id, staff_id: STAFF.dana.id });
    expect(new Date(toB.starts_at).toISOString()).toBe(new Date(toA.starts_at).toISOString());
    const expired = await t.as(null).post(`/api/waitlist/offers/${await tokenOf(toA.id)}/accept`);
    expect(expired.status).toBe(409);

    const declined = await t.as(null).post(`/api/waitlist/offers/${await tokenOf(toB.id)}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    // A has had this time already (same chain): nobody is offered it again.
    expect(await t.sql(`SELECT id FROM waitlist_offers WHERE status = 'open' AND entry_id IN ($1, $2)`, [a.id, b.id])).toEqual([]);
  });

  it('moving an appointment away offers its previous time', async () => {
    const moved = await book(8, localTime('11:00', 10));
    const day = dayOf(moved.startsAt);
    const entry = await waitFor(9, day, ['10:30', '12:00']);
    const res = await t
      .as('frontDesk')
      .patch(`/api/appointments/${moved.id}`, { startsAt: localTime('16:00', 10), version: moved.version });
    expect(res.status).toBe(200);
    const offer = await eventually('the offer of the time moved away from', openOffer(entry.id));
    expect(clock(new Date(offer.starts_at).toISOString())).toBe('11:00');
    expect(new Date(offer.window_end).getTime() - new Date(offer.window_start).getTime()).toBe(45 * 60_000);
  });

  it('checks its input and permissions; staff can cancel an entry', async () => {
    const day = DateTime.now().setZone(TZ).plus({ days: 20 }).toISODate()!;
    const body = { locationId: LOCATION, clientId: CLIENT(7), serviceId: ids.haircutId, dateFrom: day, dateTo: day };
    const halfWindow = await t.as('frontDesk').post('/api/waitlist', { ...body, windowStart: '10:00' });
    expect(halfWindow.status).toBe(400);
    expect(JSON.stringify(halfWindow.body)).toContain('windowEnd');
    expect((await t.as('frontDesk').post('/api/waitlist', { ...body, dateTo: '2000-01-01' })).status).toBe(400);
    expect((await t.as('viewer').post('/api/waitlist', body)).status).toBe(403);
    const entry = await t.as('frontDesk').post('/api/waitlist', body);
    expect(entry.status).toBe(201);
    const cancelled = await t.as('frontDesk').post(`/api/waitlist/${entry.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await t.as(null).get(`/api/waitlist/offers/not-a-real-token-at-all`)).status).toBe(404);
  });
});
