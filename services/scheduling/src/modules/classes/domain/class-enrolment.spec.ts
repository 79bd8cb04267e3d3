import { describe, expect, it } from 'vitest';
import {
  checkAttendance,
  checkCapacityChange,
  checkEnrolmentCancel,
  checkSessionCancel,
  checkSessionChange,
  decideEnrolment,
  nextQueueNo,
  promotions,
  waitlistOf,
  waitlistPosition,
  type EnrolmentStatus,
  type RosterEntry,
  type SessionFacts,
} from './class-enrolment.js';

const start = new Date('2026-03-10T15:00:00Z');
const end = new Date('2026-03-10T16:00:00Z');
const before = new Date('2026-03-09T12:00:00Z');
const session = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  name: 'Yoga',
  status: 'scheduled',
  startsAt: start,
  endsAt: end,
  capacity: 3,
  ...over,
});
const entry = (n: number, status: EnrolmentStatus): RosterEntry => ({ id: `e${n}`, clientId: `c${n}`, status, queueNo: n });

describe('decideEnrolment', () => {
  it.each([
    { name: 'empty class → seat', roster: [], expected: { ok: true, status: 'enrolled', waitlistPosition: null } },
    {
      name: 'one seat left → seat',
      roster: [entry(1, 'enrolled'), entry(2, 'enrolled')],
      expected: { ok: true, status: 'enrolled', waitlistPosition: null },
    },
    {
      name: 'full → first on the waitlist',
      roster: [entry(1, 'enrolled'), entry(2, 'attended'), entry(3, 'no-show')],
      expected: { ok: true, status: 'waitlisted', waitlistPosition: 1 },
    },
    {
      name: 'full with two waiting → third',
      roster: [entry(1, 'enrolled'), entry(2, 'enrolled'), entry(3, 'enrolled'), entry(4, 'waitlisted'), entry(5, 'waitlisted')],
      expected: { ok: true, status: 'waitlisted', waitlistPosition: 3 },
    },
    {
      name: 'cancelled places do not count',
      roster: [entry(1, 'cancelled'), entry(2, 'cancelled'), entry(3, 'cancelled'), entry(4, 'enrolled')],
      expected: { ok: true, status: 'enrolled', waitlistPosition: null },
    },
    // A seat freed while someone waits belongs to the waiting client, not to a newcomer.
    {
      name: 'someone waiting → newcomer waits too',
      roster: [entry(1, 'enrolled'), entry(2, 'waitlisted')],
      expected: { ok: true, status: 'waitlisted', waitlistPosition: 2 },
    },
  ])('$name', ({ roster, expected }) => {
    expect(decideEnrolment({ session: session(), roster, clientId: 'new', now: before })).toEqual(expected);
  });

  it.each([
    {
      name: 'cancelled class',
      s: session({ status: 'cancelled' }),
      roster: [],
      clientId: 'new',
      now: before,
      message: 'Yoga was cancelled',
    },
    { name: 'ended class', s: session(), roster: [], clientId: 'new', now: end, message: 'Yoga has already ended' },
    {
      name: 'already enrolled',
      s: session(),
      roster: [entry(1, 'enrolled')],
      clientId: 'c1',
      now: before,
      message: 'This client is already enrolled in Yoga',
    },
    {
      name: 'already waiting',
      s: session({ capacity: 1 }),
      roster: [entry(1, 'enrolled'), entry(2, 'waitlisted')],
      clientId: 'c2',
      now: before,
      message: 'This client is already on the waitlist for Yoga',
    },
  ])('refuses: $name', ({ s, roster, clientId, now, message }) => {
    expect(decideEnrolment({ session: s, roster, clientId, now })).toEqual({ ok: false, message });
  });

  it('a client whose earlier place was cancelled may enrol again', () => {
    expect(decideEnrolment({ session: session(), roster: [entry(1, 'cancelled')], clientId: 'c1', now: before })).toMatchObject({
      ok: true,
      status: 'enrolled',
    });
  });

  it('refuses a full class when waitlisting is not wanted', () => {
    const roster = [entry(1, 'enrolled'), entry(2, 'enrolled'), entry(3, 'enrolled')];
    expect(decideEnrolment({ session: session(), roster, clientId: 'new', now: before, waitlist: false })).toEqual({
      ok: false,
      message: 'Yoga is full',
    });
  });
});

describe('waitlist order and promotion', () => {
  const roster = [
    entry(1, 'enrolled'),
    entry(7, 'waitlisted'),
    entry(2, 'cancelled'),
    entry(4, 'waitlisted'),
    entry(5, 'waitlisted'),
    entry(3, 'enrolled'),
  ];

  it('serves the waitlist by arrival, whatever the row order', () => {
    expect(waitlistOf(roster).map((e) => e.id)).toEqual(['e4', 'e5', 'e7']);
    expect(waitlistPosition(roster, 'e7')).toBe(3);
    expect(waitlistPosition(roster, 'e1')).toBeNull();
    expect(nextQueueNo(roster)).toBe(8);
    expect(nextQueueNo([])).toBe(1);
  });

  it.each([
    { capacity: 2, promoted: [] },
    { capacity: 3, promoted: ['e4'] },
    { capacity: 4, promoted: ['e4', 'e5'] },
    { capacity: 10, promoted: ['e4', 'e5', 'e7'] },
  ])('capacity $capacity with 2 seated → promotes $promoted', ({ capacity, promoted }) => {
    expect(promotions(capacity, roster).map((e) => e.id)).toEqual(promoted);
  });

  it('a cancelled seat promotes exactly the first waiting client', () => {
    const after = roster.map((e) => (e.id === 'e1' ? { ...e, status: 'cancelled' as const } : e));
    expect(promotions(2, after).map((e) => e.clientId)).toEqual(['c4']);
  });
});

describe('capacity change', () => {
  const roster = [entry(1, 'enrolled'), entry(2, 'attended'), entry(3, 'waitlisted'), entry(4, 'cancelled')];
  it.each([
    { capacity: 2, ok: true },
    { capacity: 5, ok: true },
    { capacity: 1, ok: false },
  ])('to $capacity with 2 seated → ok=$ok', ({ capacity, ok }) => {
    const res = checkCapacityChange(capacity, roster);
    expect(res.ok).toBe(ok);
    if (!res.ok) expect(res.message).toBe('2 clients have a seat: the capacity cannot be lower than 2');
  });
});

describe('session and enrolment changes', () => {
  it('refuses to change a cancelled class, or move one that has started', () => {
    expect(checkSessionChange(session({ status: 'cancelled' }), before, false)).toEqual({
      ok: false,
      message: 'Yoga was cancelled and cannot be changed',
    });
    expect(checkSessionChange(session(), start, true)).toEqual({ ok: false, message: 'Yoga has already started and cannot be moved' });
    expect(checkSessionChange(session(), start, false)).toEqual({ ok: true });
    expect(checkSessionChange(session(), before, true)).toEqual({ ok: true });
  });

  it('cancels a class once, and not after it took place', () => {
    expect(checkSessionCancel(session(), before)).toEqual({ ok: true });
    expect(checkSessionCancel(session({ status: 'cancelled' }), before)).toMatchObject({ ok: false, message: 'Yoga is already cancelled' });
    expect(checkSessionCancel(session(), end)).toMatchObject({ ok: false, message: 'Yoga has already taken place' });
  });

  it.each([
    { status: 'enrolled', ok: true },
    { status: 'waitlisted', ok: true },
    { status: 'cancelled', ok: false },
    { status: 'attended', ok: false },
    { status: 'no-show', ok: false },
  ] as const)('cancelling a $status enrolment → ok=$ok', ({ status, ok }) => {
    expect(checkEnrolmentCancel(status).ok).toBe(ok);
  });
});

describe('attendance', () => {
  const during = new Date('2026-03-10T15:10:00Z');
  it.each([
    { name: 'enrolled, after the start', status: 'enrolled', to: 'attended', now: during, message: null },
    { name: 'correcting a no-show', status: 'no-show', to: 'attended', now: end, message: null },
    { name: 'undoing a mark', status: 'attended', to: 'enrolled', now: during, message: null },
    {
      name: 'before the start',
      status: 'enrolled',
      to: 'attended',
      now: before,
      message: 'Attendance can be marked once the class has started',
    },
    {
      name: 'a waitlisted client',
      status: 'waitlisted',
      to: 'no-show',
      now: during,
      message: 'A waitlisted client cannot be marked no-show',
    },
    {
      name: 'a cancelled place',
      status: 'cancelled',
      to: 'attended',
      now: during,
      message: 'A cancelled client cannot be marked attended',
    },
  ] as const)('$name', ({ status, to, now, message }) => {
    const res = checkAttendance({ session: session(), status, to, now });
    expect(res).toEqual(message ? { ok: false, message } : { ok: true });
  });

  it('refuses attendance for a cancelled class', () => {
    expect(checkAttendance({ session: session({ status: 'cancelled' }), status: 'enrolled', to: 'attended', now: during })).toEqual({
      ok: false,
      message: 'Yoga was cancelled',
    });
  });
});
