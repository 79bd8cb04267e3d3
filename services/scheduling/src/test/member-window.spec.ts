import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnlineBookingUseCase } from '../modules/online-booking/use-cases/online-booking.use-case.js';
import { localTime, LOCATION, seedCalendar, startScheduling, USERS, type SchedulingTestApp } from './scheduling-app.js';

// Members' priority booking window: scheduling learns who is a member from retail's membership
// events (its own projection, member_booking_windows), and a signed-in member sees, and may book,
// online times beyond the location's window by their plan's priority days.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;
let caseyClientId: string;
const MEMBERSHIP = randomUUID();

beforeAll(async () => {
  t = await startScheduling('member_window');
  ids = await seedCalendar(t);
  await t.sql(`UPDATE location_policies SET max_advance_days = 10 WHERE location_id = $1`, [LOCATION]);
  caseyClientId = await t.app.get(OnlineBookingUseCase).clientOfUser(USERS.casey.id);
});
afterAll(async () => t?.close());

function membershipEvent(type: string, payload: Record<string, unknown>, occurredAt: string): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    occurredAt,
    aggregateType: 'client-prepaid',
    aggregateId: MEMBERSHIP,
    locationId: LOCATION,
    actor: { type: 'user', id: null },
    traceparent: null,
    payload,
  };
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const DAY = 20; // beyond the location's 10 days, within a 30-day priority window
const slotsAs = async (who: 'casey' | null) =>
  (
    await t
      .as(who)
      .get(
        `/api/online-booking/availability?locationId=${LOCATION}&serviceId=${ids.haircutId}&from=${localTime('09:00', DAY)}&to=${localTime('17:00', DAY)}`,
      )
      .expect(200)
  ).body.slots as unknown[];
const delivered = (e: EventEnvelope) =>
  until(async () => (await t.sql(`SELECT 1 FROM inbox WHERE event_id = $1`, [e.id])).length === 1, e.type);

describe('the priority booking window', () => {
  it('a member sees and books further ahead than a visitor; paused or cancelled, the window closes', async () => {
    expect(await slotsAs(null)).toEqual([]);
    expect(await slotsAs('casey')).toEqual([]);

    const bus = t.app.get<EventTransport>(EVENT_TRANSPORT);
    const periodEnd = DateTime.now().plus({ months: 2 }).toUTC().toISO()!;
    const started = membershipEvent(
      'retail.membership.started.v1',
      { membershipId: MEMBERSHIP, planId: randomUUID(), clientId: caseyClientId, periodEnd, priorityBookingDays: 30 },
      '2026-11-23T10:00:00.000Z',
    );
    await bus.publish([started]);
    await delivered(started);
    expect((await slotsAs('casey')).length).toBeGreaterThan(0);
    expect(await slotsAs(null)).toEqual([]);

    // The member books a time only the window shows.
    const booked = await t
      .as('casey')
      .post('/api/online-booking/appointments', { locationId: LOCATION, serviceId: ids.haircutId, startsAt: localTime('10:00', DAY) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const paused = membershipEvent(
      'retail.membership.paused.v1',
      { membershipId: MEMBERSHIP, clientId: caseyClientId, periodEnd },
      '2026-11-23T11:00:00.000Z',
    );
    await bus.publish([paused]);
    await delivered(paused);
    expect(await slotsAs('casey')).toEqual([]);

    const resumed = membershipEvent(
      'retail.membership.resumed.v1',
      { membershipId: MEMBERSHIP, clientId: caseyClientId, periodEnd },
      '2026-11-23T12:00:00.000Z',
    );
    const cancelled = membershipEvent(
      'retail.membership.cancelled.v1',
      { membershipId: MEMBERSHIP, clientId: caseyClientId, effectiveAt: '2026-11-23T13:00:00.000Z' },
      '2026-11-23T13:00:00.000Z',
    );
    await bus.publish([resumed]);
    await delivered(resumed);
    expect((await slotsAs('casey')).length).toBeGreaterThan(0);
    await bus.publish([cancelled]);
    await delivered(cancelled);
    expect(await slotsAs('casey')).toEqual([]);
    const refused = await t
      .as('casey')
      .post('/api/online-booking/appointments', { locationId: LOCATION, serviceId: ids.haircutId, startsAt: localTime('14:00', DAY) });
    expect(refused.status).toBe(409);
  });
});
