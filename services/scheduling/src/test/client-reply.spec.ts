import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// A client answered a reminder by text (messaging.appointment.reply-received.v1): "C" confirms the
// appointment, "cancel" cancels it, as the client; anything it can no longer do changes nothing.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('client_reply');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const reply = (appointmentId: string, clientId: string, action: 'confirm' | 'cancel'): EventEnvelope => ({
  id: randomUUID(),
  type: 'messaging.appointment.reply-received.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'appointment',
  aggregateId: appointmentId,
  locationId: LOCATION,
  actor: { type: 'client', id: clientId },
  traceparent: null,
  payload: { appointmentId, clientId, action, receivedAt: new Date().toISOString() },
});

async function handled(eventId: string) {
  for (let i = 0; i < 200; i++) {
    if ((await t.sql(`SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length === 1) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for event ${eventId}`);
}

const book = async (hhmm: string) => {
  const res = await t.as('admin').post('/api/appointments', {
    locationId: LOCATION,
    clientId: CLIENT(1),
    serviceId: ids.haircutId,
    staffId: STAFF.dana.id,
    startsAt: localTime(hhmm, 9),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
};
const statusOf = async (id: string) => (await t.as('admin').get(`/api/appointments/${id}`)).body.status as string;

describe('replies to reminders', () => {
  it('confirms on "C", cancels on "cancel", and ignores another client’s reply or a second one', async () => {
    const transport = t.app.get<EventTransport>(EVENT_TRANSPORT);
    const first = await book('10:00');
    const second = await book('13:00');

    const stranger = reply(first.id, CLIENT(2), 'confirm');
    await transport.publish([stranger]);
    await handled(stranger.id);
    expect(await statusOf(first.id)).toBe('booked');

    const confirm = reply(first.id, CLIENT(1), 'confirm');
    await transport.publish([confirm]);
    await handled(confirm.id);
    expect(await statusOf(first.id)).toBe('confirmed');
    const again = reply(first.id, CLIENT(1), 'confirm');
    await transport.publish([again]);
    await handled(again.id);
    expect(await statusOf(first.id)).toBe('confirmed');

    const cancel = reply(second.id, CLIENT(1), 'cancel');
    await transport.publish([cancel]);
    await handled(cancel.id);
    const cancelled = (await t.as('admin').get(`/api/appointments/${second.id}`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Cancelled by the client by text' });
    const events = await t.sql<{ type: string }>(`SELECT type FROM outbox WHERE aggregate_id = $1 ORDER BY seq`, [second.id]);
    expect(events.map((e) => e.type)).toContain('scheduling.appointment.cancelled.v1');
  });
});
