import { describe, expect, it } from 'vitest';
import { demoAppointmentEvents, demoChangeLog, demoStatus, planDemoWeek, type DemoStatus, type DemoWeekInput } from './demo-week.js';

const input: DemoWeekInput = {
  dates: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'],
  staffCount: 6,
  services: [
    { durationMin: 45, afterMin: 10, room: false, device: false },
    { durationMin: 30, afterMin: 5, room: false, device: false },
    { durationMin: 60, afterMin: 15, room: true, device: false },
    { durationMin: 60, afterMin: 10, room: true, device: true },
  ],
  roomCount: 2,
  day: { start: 540, end: 1080, lunchStart: 750, lunchEnd: 780 },
  seed: 42,
};
const overlap = (a: { startMin: number; endMin: number }, b: { startMin: number; endMin: number }, after: (x: typeof a) => number) =>
  a.startMin < b.endMin + after(b) && b.startMin < a.endMin + after(a);

describe('planDemoWeek', () => {
  const plan = planDemoWeek(input);
  const afterOf = (v: { serviceIndex?: number }) => input.services[(v as { serviceIndex: number }).serviceIndex].afterMin;

  it('is the same plan for the same seed, and a different one for another', () => {
    expect(planDemoWeek(input)).toEqual(plan);
    expect(planDemoWeek({ ...input, seed: 7 })).not.toEqual(plan);
  });

  it('gives everyone several visits a day at varied times inside working hours, none over lunch', () => {
    for (const date of input.dates) {
      for (let s = 0; s < input.staffCount; s++) {
        const day = plan.filter((v) => v.date === date && v.staffIndex === s);
        expect(day.length).toBeGreaterThanOrEqual(2);
        for (const v of day) {
          expect(v.startMin % 15).toBe(0);
          expect(v.startMin).toBeGreaterThanOrEqual(540);
          expect(v.endMin + afterOf(v)).toBeLessThanOrEqual(1080);
          expect(v.startMin < 780 && 750 < v.endMin + afterOf(v)).toBe(false);
        }
      }
    }
    expect(new Set(plan.map((v) => v.startMin)).size).toBeGreaterThan(10);
  });

  it('never double-books a person, a room or the device', () => {
    for (const [i, a] of plan.entries()) {
      for (const b of plan.slice(i + 1)) {
        if (a.date !== b.date || !overlap(a, b, afterOf as never)) continue;
        expect(a.staffIndex).not.toBe(b.staffIndex);
        if (a.roomIndex !== null) expect(b.roomIndex).not.toBe(a.roomIndex);
        expect(a.device && b.device).toBe(false);
      }
    }
  });
});

describe('demoStatus', () => {
  const now = new Date('2026-11-25T18:00:00Z');
  const at = (h: number, len = 1) => [new Date(now.getTime() + h * 3_600_000), new Date(now.getTime() + (h + len) * 3_600_000)] as const;
  it.each([
    ['past', at(-5), 0.5, 'completed'],
    ['past no-show', at(-5), 0.05, 'no-show'],
    ['cancelled', at(5), 0.01, 'cancelled'],
    ['now', at(-0.5), 0.5, 'in-service'],
    ['about to start', at(0.25), 0.2, 'checked-in'],
    ['later, confirmed', at(5), 0.2, 'confirmed'],
    ['later, booked', at(5), 0.9, 'booked'],
  ])('%s', (_n, [s, e], roll, status) => {
    expect(demoStatus(s, e, now, roll as number)).toBe(status);
  });
});

describe('demoChangeLog', () => {
  const startsAt = new Date('2026-11-25T16:00:00.000Z');
  const now = new Date('2026-11-23T15:00:00.000Z');
  const base = { index: 0, startsAt, status: 'booked' as const, source: 'staff' as const, cancelReason: null, desk: 'desk-id', now };

  it('starts with the booking, days before, by the desk or by the client online', () => {
    const [booked] = demoChangeLog(base);
    expect(booked).toMatchObject({ what: 'booked', from: 'staff', to: startsAt.toISOString(), byKind: 'user', byId: 'desk-id' });
    expect(booked!.at.getTime()).toBeLessThan(now.getTime());
    expect(demoChangeLog({ ...base, source: 'online' })[0]).toMatchObject({ byKind: 'client', byId: null, from: 'online' });
  });

  it('walks the status up to where the demo left it, never after now, and keeps a cancellation reason', () => {
    const done = demoChangeLog({ ...base, status: 'completed', startsAt: new Date('2026-11-20T16:00:00.000Z') });
    expect(done.filter((c) => c.what === 'status').map((c) => `${c.from}>${c.to}`)).toEqual([
      'booked>checked-in',
      'checked-in>in-service',
      'in-service>completed',
    ]);
    const cancelled = demoChangeLog({ ...base, status: 'cancelled', cancelReason: 'Sick' });
    expect(cancelled.map((c) => c.what)).toEqual(['booked', 'status', 'cancel-reason']);
    for (const c of [...done, ...cancelled]) expect(c.at.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('every seventh appointment was moved an hour later after it was booked', () => {
    const moved = demoChangeLog({ ...base, index: 3 });
    expect(moved.map((c) => c.what)).toEqual(['booked', 'time']);
    expect(moved[1]).toMatchObject({ from: new Date(startsAt.getTime() - 3_600_000).toISOString(), to: startsAt.toISOString() });
    expect(moved[0]!.to).toBe(moved[1]!.from);
  });
});

describe('demoAppointmentEvents', () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  const facts = {
    appointmentId: 'a-1',
    locationId: 'loc-1',
    clientId: 'c-1',
    staffId: 's-1',
    serviceId: 'svc-1',
    serviceName: 'Haircut',
    startsAt: new Date('2026-11-18T16:00:00.000Z'),
    endsAt: new Date('2026-11-18T16:45:00.000Z'),
    priceMinor: 5500,
    currency: 'USD',
    source: 'staff' as const,
    cancelReason: null,
  };
  const log = (status: DemoStatus, index = 0) =>
    demoChangeLog({ index, startsAt: facts.startsAt, status, source: 'staff', cancelReason: null, desk: 'desk-id', now });

  it('publishes a completed visit as booked then completed, as history dated along its change log', () => {
    const events = demoAppointmentEvents(facts, log('completed'));
    expect(events.map((e) => e.type)).toEqual(['scheduling.appointment.booked.v1', 'scheduling.appointment.completed.v1']);
    for (const e of events) expect(e).toMatchObject({ history: true, aggregateId: 'a-1', locationId: 'loc-1' });
    expect(events[0]!.payload).toMatchObject({
      startsAt: facts.startsAt.toISOString(),
      endsAt: facts.endsAt.toISOString(),
      source: 'staff',
    });
    expect(events[1]!.payload).toMatchObject({ serviceId: 'svc-1', priceMinor: 5500, startsAt: facts.startsAt.toISOString() });
    expect(events[0]!.occurredAt!.getTime()).toBeLessThan(events[1]!.occurredAt!.getTime());
    expect(events[1]!.occurredAt!.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('a moved visit is booked at its first time, then rescheduled; a no-show and a cancellation end it', () => {
    const moved = demoAppointmentEvents(facts, log('booked', 3));
    expect(moved.map((e) => e.type)).toEqual(['scheduling.appointment.booked.v1', 'scheduling.appointment.rescheduled.v1']);
    expect(moved[0]!.payload).toMatchObject({ startsAt: '2026-11-18T15:00:00.000Z', endsAt: '2026-11-18T15:45:00.000Z' });
    expect(moved[1]!.payload).toMatchObject({ previousStartsAt: '2026-11-18T15:00:00.000Z', endsAt: facts.endsAt.toISOString() });
    expect(demoAppointmentEvents(facts, log('no-show')).map((e) => e.type)).toEqual([
      'scheduling.appointment.booked.v1',
      'scheduling.appointment.no-show.v1',
    ]);
    const cancelled = demoAppointmentEvents({ ...facts, cancelReason: 'Sick' }, log('cancelled'));
    expect(cancelled[1]).toMatchObject({ type: 'scheduling.appointment.cancelled.v1', payload: { reason: 'Sick', lateCancel: false } });
  });
});
