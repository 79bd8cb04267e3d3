import { appointmentDepositViewSchema } from '@salon/contracts';
import { SERVICE_ACCOUNT_ID } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentDepositsUseCase } from '../modules/deposits/use-cases/appointment-deposits.use-case.js';
import { localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// A card required to book online (the location's requireCardOnline), scheduling's side: a booking
// whose services take no deposit is held for a card (kind card, nothing to pay) until retail says
// the card is saved; a deposit there saves its card too. Retail's side (the SetupIntent, the card on
// file, the fee) is services/retail/src/test/booking-cards.spec.ts.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;
let retail: string;
let tap = 0;

beforeAll(async () => {
  t = await startScheduling('card_holds');
  ids = await seedCalendar(t);
  await t.sql(`UPDATE services SET deposit = '{"type":"percent","percent":25}' WHERE id = $1`, [ids.massageId]);
  await t.sql(
    `UPDATE location_policies SET require_card_online = true, no_show_fee_minor = 2500, late_cancel_fee_minor = 1500 WHERE location_id = $1`,
    [LOCATION],
  );
  retail = (await t.app.get(TokenService).issue(SERVICE_ACCOUNT_ID, 'admin')).token;
});
afterAll(async () => t?.close());

const visitor = { firstName: 'Cara', lastName: 'Dwell', phone: '+1 312 555 0177', email: 'cara@example.com' };
const asRetail = (path: string, body: object) => request(t.url).post(path).set('Authorization', `Bearer ${retail}`).send(body);
const book = (startsAt: string, serviceId = ids.haircutId) =>
  t
    .as(null)
    .post('/api/online-booking/appointments', { locationId: LOCATION, serviceId, staffId: STAFF.dana.id, startsAt, client: visitor })
    .set('Idempotency-Key', `card-tap-${++tap}-${Date.now()}`);
const eventsOf = async (appointmentId: string) =>
  (await t.sql(`SELECT type FROM outbox WHERE aggregate_id = $1 ORDER BY id`, [appointmentId])).map((r) => r.type as string);
const fees = { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, lateCancelHours: 24 };

describe('a location that requires a card online', () => {
  it('says so on the booking page, with its fees, before anyone books', async () => {
    const info = await t.as(null).get('/api/online-booking').expect(200);
    expect(info.body.locations.find((l: { id: string }) => l.id === LOCATION)).toMatchObject({ cardPolicy: fees });
  });

  it('holds a booking without a deposit for a card (nothing to pay) and books it once retail saved the card', async () => {
    const res = await book(localTime('10:00', 9));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.deposit).toMatchObject({ kind: 'card', amountMinor: 0, currency: 'USD', cardPolicy: fees });
    const id = res.body.appointment.id as string;
    expect(await eventsOf(id)).toEqual([]);
    const hold = appointmentDepositViewSchema.parse((await t.as('admin').get(`/api/appointments/${id}/deposit`).expect(200)).body);
    expect(hold).toMatchObject({ kind: 'card', saveCard: true, amountMinor: 0, status: 'pending' });
    expect((await book(localTime('10:00', 9))).status).toBe(409);

    expect((await asRetail(`/api/appointments/${id}/deposit/paid`, { paymentRef: 'card_1' })).status).toBe(200);
    expect(await eventsOf(id)).toEqual(['scheduling.appointment.booked.v1']);
    const gql = await t.gql('admin', `query($id: ID!) { appointment(id: $id) { status deposit { kind status amountMinor } } }`, { id });
    expect(gql.data.appointment).toEqual({ status: 'booked', deposit: { kind: 'card', status: 'paid', amountMinor: 0 } });
  });

  it('a card not saved releases the held time, as a deposit not paid does', async () => {
    const startsAt = localTime('12:00', 9);
    const id = (await book(startsAt)).body.appointment.id as string;
    expect((await asRetail(`/api/appointments/${id}/deposit/release`, { reason: 'Your card was declined.' })).status).toBe(200);
    expect(await eventsOf(id)).toEqual([]);
    expect((await book(startsAt)).status).toBe(201);
  });

  it('the sweep releases a card hold not completed in time, saying no card was saved', async () => {
    const id = (await book(localTime('13:30', 9))).body.appointment.id as string;
    await t.app.get(AppointmentDepositsUseCase).releaseOverdue(new Date(Date.now() + 16 * 60_000));
    expect((await t.as('admin').get(`/api/appointments/${id}/deposit`)).body).toMatchObject({
      kind: 'card',
      status: 'released',
      releaseReason: 'No card was saved in time',
    });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('a service with a deposit takes the deposit and saves its card (one modal)', async () => {
    const res = await book(localTime('15:00', 9), ids.massageId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.deposit).toMatchObject({ kind: 'deposit', amountMinor: 2250, cardPolicy: fees });
    const hold = (await t.as('admin').get(`/api/appointments/${res.body.appointment.id}/deposit`)).body;
    expect(hold).toMatchObject({ kind: 'deposit', saveCard: true, amountMinor: 2250 });
  });

  it('with the policy off, a booking without a deposit is booked at once and the page asks no card', async () => {
    await t.sql(`UPDATE location_policies SET require_card_online = false WHERE location_id = $1`, [LOCATION]);
    const plain = await book(localTime('11:00', 10));
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body).not.toHaveProperty('deposit');
    expect(await eventsOf(plain.body.appointment.id)).toEqual(['scheduling.appointment.booked.v1']);
    const info = await t.as(null).get('/api/online-booking').expect(200);
    expect(info.body.locations.find((l: { id: string }) => l.id === LOCATION).cardPolicy).toBeNull();
  });
});
