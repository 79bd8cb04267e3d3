import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// Checkout in the retail service closes a ticket → the visit's appointments show as paid.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('paid');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const closed = (appointmentIds: string[], closedAt: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'retail.ticket.closed.v1',
  occurredAt: closedAt,
  aggregateType: 'ticket',
  aggregateId: randomUUID(),
  locationId: LOCATION,
  actor: { type: 'user', id: null },
  traceparent: null,
  payload: {
    ticketId: randomUUID(),
    number: 1001,
    clientId: CLIENT(1),
    appointmentIds,
    closedAt,
    subtotalMinor: 5500,
    discountMinor: 0,
    taxMinor: 0,
    tipMinor: 1100,
    totalMinor: 6600,
    currency: 'USD',
    lines: [],
    tips: [],
  },
});

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('paid appointments', () => {
  it('marks the appointments of a closed ticket paid, once, with a new version for the calendar', async () => {
    const booked = await t.as('admin').post('/api/appointments', {
      locationId: LOCATION,
      clientId: CLIENT(1),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('10:00', 9),
    });
    expect(booked.status).toBe(201);
    expect(booked.body.paidAt).toBeNull();
    const transport = t.app.get<EventTransport>(EVENT_TRANSPORT);
    const event = closed([booked.body.id], '2026-11-23T17:05:00.000Z');
    await transport.publish([event]);
    await until(async () => (await t.as('admin').get(`/api/appointments/${booked.body.id}`)).body.paidAt !== null, 'the paid mark');
    const paid = (await t.as('admin').get(`/api/appointments/${booked.body.id}`)).body;
    expect(paid.paidAt).toBe('2026-11-23T17:05:00.000Z');
    expect(paid.version).toBe(booked.body.version + 1);
    // Delivered again, or a second ticket closing later: the first time stands.
    const later = closed([booked.body.id], '2026-11-24T10:00:00.000Z');
    await transport.publish([event, later]);
    await until(async () => (await t.sql(`SELECT 1 FROM inbox WHERE event_id = $1`, [later.id])).length === 1, 'the later event');
    const after = (await t.as('admin').get(`/api/appointments/${booked.body.id}`)).body;
    expect(after).toMatchObject({ paidAt: '2026-11-23T17:05:00.000Z', version: paid.version });
    const gql = await t.gql('admin', `query($id: ID!) { appointment(id: $id) { paidAt } }`, { id: booked.body.id });
    expect(gql.data.appointment.paidAt).toBe('2026-11-23T17:05:00.000Z');
  });
});
