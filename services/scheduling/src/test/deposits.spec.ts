import { appointmentDepositViewSchema } from '@salon/contracts';
import { SERVICE_ACCOUNT_ID } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentDepositsUseCase } from '../modules/deposits/use-cases/appointment-deposits.use-case.js';
import { localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// Online booking deposits, scheduling's side: the time is held (not booked) until retail says the
// deposit is paid, and freed when the payment fails or does not come in time. Retail's side (the
// card, capture, checkout) is services/retail/src/test/deposits.spec.ts.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;
let retail: string;
let tap = 0;

beforeAll(async () => {
  t = await startScheduling('deposits');
  ids = await seedCalendar(t);
  // $20 on the haircut ($55); the massage ($90) asks 25%.
  await t.sql(`UPDATE services SET deposit = '{"type":"fixed","amountMinor":2000}' WHERE id = $1`, [ids.haircutId]);
  await t.sql(`UPDATE services SET deposit = '{"type":"percent","percent":25}' WHERE id = $1`, [ids.massageId]);
  retail = (await t.app.get(TokenService).issue(SERVICE_ACCOUNT_ID, 'admin')).token;
});
afterAll(async () => t?.close());

const visitor = { firstName: 'Dee', lastName: 'Posit', phone: '+1 312 555 0199', email: 'dee@example.com' };
const asRetail = (path: string, body: object) => request(t.url).post(path).set('Authorization', `Bearer ${retail}`).send(body);
const book = (startsAt: string, serviceId = ids.haircutId) =>
  t
    .as(null)
    .post('/api/online-booking/appointments', { locationId: LOCATION, serviceId, staffId: STAFF.dana.id, startsAt, client: visitor })
    .set('Idempotency-Key', `deposit-tap-${++tap}-${Date.now()}`);
const eventsOf = async (appointmentId: string) =>
  (await t.sql(`SELECT type FROM outbox WHERE aggregate_id = $1 ORDER BY id`, [appointmentId])).map((r) => r.type as string);

describe('a visit whose service asks for a deposit', () => {
  it('is held, not booked, until retail says paid; then the booked event goes out, once', async () => {
    const res = await book(localTime('10:00', 9));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.deposit).toMatchObject({ amountMinor: 2000, currency: 'USD' });
    const id = res.body.appointment.id as string;
    expect(await eventsOf(id)).toEqual([]);
    const hold = appointmentDepositViewSchema.parse((await t.as('admin').get(`/api/appointments/${id}/deposit`).expect(200)).body);
    expect(hold).toMatchObject({ status: 'pending', amountMinor: 2000, locationId: LOCATION });
    // The time is taken meanwhile: nobody else can book it.
    expect((await book(localTime('10:00', 9))).status).toBe(409);

    const paid = await asRetail(`/api/appointments/${id}/deposit/paid`, { paymentRef: 'dep_1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paymentRef: 'dep_1' });
    expect((await asRetail(`/api/appointments/${id}/deposit/paid`, { paymentRef: 'dep_1' })).body.status).toBe('paid');
    expect(await eventsOf(id)).toEqual(['scheduling.appointment.booked.v1']);
    // A paid deposit's booking is not released by a late failure report.
    expect((await asRetail(`/api/appointments/${id}/deposit/release`, { reason: 'late' })).status).toBe(409);
    const gql = await t.gql('admin', `query($id: ID!) { appointment(id: $id) { status deposit { status amountMinor } } }`, { id });
    expect(gql.data.appointment).toEqual({ status: 'booked', deposit: { status: 'paid', amountMinor: 2000 } });
  });

  it('a failed payment releases the held time: the appointment is cancelled quietly and the slot is free again', async () => {
    const startsAt = localTime('12:00', 9);
    const id = (await book(startsAt)).body.appointment.id as string;
    const released = await asRetail(`/api/appointments/${id}/deposit/release`, { reason: 'The deposit payment failed: declined' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ status: 'released', releaseReason: 'The deposit payment failed: declined' });
    expect((await asRetail(`/api/appointments/${id}/deposit/release`, { reason: 'again' })).body.status).toBe('released');
    const [row] = await t.sql(`SELECT status, cancel_reason FROM appointments WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'cancelled', cancel_reason: 'The deposit payment failed: declined' });
    expect(await eventsOf(id)).toEqual([]);
    // A late "paid" is refused, so retail voids the authorisation.
    const late = await asRetail(`/api/appointments/${id}/deposit/paid`, { paymentRef: 'dep_2' });
    expect(late.status).toBe(409);
    expect(late.body.error).toContain('released');
    expect((await book(startsAt)).status).toBe(201);
  });

  it('the sweep releases a hold whose deposit did not come in time; a percentage deposit is worked out on the booked price', async () => {
    const res = await book(localTime('15:00', 9), ids.massageId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.deposit.amountMinor).toBe(2250);
    const id = res.body.appointment.id as string;
    const sweep = t.app.get(AppointmentDepositsUseCase);
    expect(await sweep.releaseOverdue(new Date())).toBe(0);
    await sweep.releaseOverdue(new Date(Date.now() + 16 * 60_000));
    expect((await t.as('admin').get(`/api/appointments/${id}/deposit`)).body).toMatchObject({
      status: 'released',
      releaseReason: 'The deposit was not paid in time',
    });
  });

  it('only retail settles a deposit; a service without a rule books as before', async () => {
    const id = (await book(localTime('16:30', 9))).body.appointment.id as string;
    expect((await t.as('frontDesk').post(`/api/appointments/${id}/deposit/paid`, { paymentRef: 'x' })).status).toBe(403);
    await t.sql(`UPDATE services SET deposit = NULL WHERE id = $1`, [ids.haircutId]);
    const plain = await book(localTime('11:00', 10));
    expect(plain.body).not.toHaveProperty('deposit');
    expect(await eventsOf(plain.body.appointment.id)).toEqual(['scheduling.appointment.booked.v1']);
    expect((await t.as('admin').get(`/api/appointments/${plain.body.appointment.id}/deposit`)).status).toBe(404);
  });
});
