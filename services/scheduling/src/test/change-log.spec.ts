import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentChangeViewSchema } from '@salon/contracts';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, USERS, type SchedulingTestApp } from './scheduling-app.js';

/** An appointment's change log: a line per change, written in the change's own transaction, read through GraphQL. */
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('changelog');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const BOOK = `mutation($input: BookAppointmentInput!) { bookAppointment(input: $input) { id version } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateAppointmentInput!) { updateAppointment(id: $id, input: $input) { id version serviceId serviceName priceMinor startsAt endsAt staffId status notes } }`;
const DETAILS = `query($id: ID!) { appointment(id: $id) { id changes { at by byKind byName what from to } clientHistory(limit: 5) { id startsAt } } }`;

async function book(clientN: number, hhmm: string, staffId = STAFF.dana.id, daysAhead = 8) {
  const r = await t.gql('frontDesk', BOOK, {
    input: {
      locationId: LOCATION,
      clientId: CLIENT(clientN),
      serviceId: ids.haircutId,
      staffId,
      startsAt: localTime(hhmm, daysAhead),
      source: 'staff',
    },
  });
  expect(r.errors).toBeUndefined();
  return r.data.bookAppointment as { id: string; version: number };
}

const update = async (id: string, input: Record<string, unknown>) => t.gql('frontDesk', UPDATE, { id, input });
const changesOf = async (id: string, user: 'viewer' | 'frontDesk' = 'viewer') =>
  (await t.gql(user, DETAILS, { id })).data.appointment.changes;

describe('the change log', () => {
  it('records the booking, a move to another person, a new service, notes and a cancellation with its reason, each by whom', async () => {
    const a = await book(50, '10:00');
    let r = await update(a.id, { startsAt: localTime('11:00'), staffId: STAFF.jordan.id, version: a.version });
    expect(r.errors).toBeUndefined();
    r = await update(a.id, { serviceId: ids.massageId, version: r.data.updateAppointment.version });
    expect(r.errors).toBeUndefined();
    // The new service brings its own length and price.
    expect(r.data.updateAppointment).toMatchObject({ serviceId: ids.massageId, serviceName: 'Massage 60', priceMinor: 9000 });
    expect(new Date(r.data.updateAppointment.endsAt).getTime() - new Date(r.data.updateAppointment.startsAt).getTime()).toBe(60 * 60_000);
    r = await update(a.id, { notes: 'Prefers a quiet room', version: r.data.updateAppointment.version });
    r = await update(a.id, { status: 'cancelled', cancelReason: 'Sick', version: r.data.updateAppointment.version });
    expect(r.data.updateAppointment.status).toBe('cancelled');

    const changes = await changesOf(a.id);
    for (const c of changes) expect(appointmentChangeViewSchema.parse(c)).toEqual(c);
    expect(changes.map((c: any) => [c.what, c.from, c.to])).toEqual([
      ['booked', 'staff', localTime('10:00')],
      ['time', localTime('10:00'), localTime('11:00')],
      ['staff', STAFF.dana.id, STAFF.jordan.id],
      ['length', '45', '60'],
      ['service', 'Haircut', 'Massage 60'],
      ['notes', null, 'Prefers a quiet room'],
      ['status', 'booked', 'cancelled'],
      ['cancel-reason', null, 'Sick'],
    ]);
    expect(new Set(changes.map((c: any) => c.by))).toEqual(new Set([USERS.frontDesk.id]));
    expect(new Set(changes.map((c: any) => c.byName))).toEqual(new Set(['Riley Front']));
    expect(changes.every((c: any) => c.byKind === 'user' && !Number.isNaN(Date.parse(c.at)))).toBe(true);
  });

  it('a refused move, a stale edit and an edit that changes nothing write no line', async () => {
    const a = await book(51, '14:00');
    const b = await book(52, '15:00');
    const refused = await update(a.id, { startsAt: localTime('15:00'), version: a.version });
    expect(refused.errors[0].extensions.code).toBe('CONFLICT');
    const stale = await update(a.id, { notes: 'x', version: a.version + 5 });
    expect(stale.errors[0].extensions.code).toBe('CONFLICT');
    const same = await update(a.id, { notes: null });
    expect(same.errors).toBeUndefined();
    // A move or resize to where it already is changes nothing, not even the version.
    const inPlace = await update(a.id, { startsAt: localTime('14:00'), endsAt: localTime('14:45'), version: a.version });
    expect(inPlace.data.updateAppointment.version).toBe(a.version);
    expect((await changesOf(a.id)).map((c: any) => c.what)).toEqual(['booked']);
    expect((await changesOf(b.id)).map((c: any) => c.what)).toEqual(['booked']);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM appointment_changes WHERE appointment_id = $1`, [a.id]);
    expect(n).toBe(1);
  });

  it("lists the client's earlier appointments, newest first, for the details panel", async () => {
    const first = await book(53, '09:00', STAFF.dana.id, 8);
    const second = await book(53, '09:00', STAFF.dana.id, 9);
    const third = await book(53, '09:00', STAFF.dana.id, 10);
    await book(54, '10:00', STAFF.dana.id, 9);
    const r = await t.gql('viewer', DETAILS, { id: third.id });
    expect(r.data.appointment.clientHistory.map((h: any) => h.id)).toEqual([second.id, first.id]);
  });

  it("lists all of a client's appointments, upcoming and past, newest first, for the profile's Appointments tab", async () => {
    const early = await book(57, '11:00', STAFF.dana.id, 8);
    const late = await book(57, '11:00', STAFF.jordan.id, 11);
    await book(58, '11:00', STAFF.dana.id, 9);
    const Q = `query($c: ID!, $n: Int) { clientAppointments(clientId: $c, limit: $n) { id staffId serviceName priceMinor } }`;
    const r = await t.gql('viewer', Q, { c: CLIENT(57) });
    expect(r.data.clientAppointments.map((a: any) => a.id)).toEqual([late.id, early.id]);
    expect(r.data.clientAppointments[0]).toMatchObject({ staffId: STAFF.jordan.id, serviceName: expect.any(String) });
    expect((await t.gql('viewer', Q, { c: CLIENT(57), n: 1 })).data.clientAppointments).toHaveLength(1);
    const bad = await t.gql('viewer', Q, { c: 'not-an-id' });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await t.gql('viewer', Q, { c: CLIENT(57), n: 5000 })).errors[0].message).toMatch(/limit/);
    expect((await t.gql('outsider', Q, { c: CLIENT(57) })).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('is read with the calendar permission only', async () => {
    const a = await book(55, '16:00');
    const r = await t.gql('outsider', DETAILS, { id: a.id });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('"Notify client" after a move puts the appointment as it stands in the outbox for messaging; not for a cancelled one, not without the right', async () => {
    const a = await book(56, '17:00', STAFF.jordan.id);
    const moved = await update(a.id, { startsAt: localTime('16:30'), version: a.version });
    expect(moved.errors).toBeUndefined();
    const NOTIFY = `mutation($id: ID!) { notifyClientOfAppointment(id: $id) { id } }`;
    expect((await t.gql('viewer', NOTIFY, { id: a.id })).errors[0].extensions.code).toBe('FORBIDDEN');
    const r = await t.gql('frontDesk', NOTIFY, { id: a.id });
    expect(r.errors).toBeUndefined();
    const [ev] = await t.sql(
      `SELECT envelope FROM outbox WHERE type = 'scheduling.appointment.client-notice-requested.v1' AND aggregate_id = $1`,
      [a.id],
    );
    expect(ev.envelope.payload).toEqual({
      appointmentId: a.id,
      clientId: CLIENT(56),
      serviceName: 'Haircut',
      staffId: STAFF.jordan.id,
      startsAt: localTime('16:30'),
      endsAt: new Date(new Date(localTime('16:30')).getTime() + 45 * 60_000).toISOString(),
      version: moved.data.updateAppointment.version,
    });
    await update(a.id, { status: 'cancelled', version: moved.data.updateAppointment.version });
    expect((await t.gql('frontDesk', NOTIFY, { id: a.id })).errors[0].extensions.code).toBe('CONFLICT');
  });
});
