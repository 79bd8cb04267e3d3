import { describe, expect, it } from 'vitest';
import { checkForm, emptyForm, fillLabel, formFromSession, requestBody, splitRoster, type ClassForm } from './class-form';
import type { ClassSession, Enrolment } from './classes-api';

const form = (over: Partial<ClassForm> = {}): ClassForm => ({ ...emptyForm('2026-03-10'), name: 'Yoga', instructorId: 'st1', ...over });

const session: ClassSession = {
  id: 's1',
  locationId: 'l1',
  seriesId: null,
  name: 'Yoga',
  description: null,
  category: null,
  instructorId: 'st1',
  roomId: null,
  createdBy: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  // 10:00 in Chicago (CDT, UTC-5) on a March day after the DST change.
  startsAt: '2026-03-10T15:00:00.000Z',
  endsAt: '2026-03-10T16:00:00.000Z',
  durationMin: 60,
  capacity: 10,
  priceMinor: 2000,
  currency: 'USD',
  status: 'scheduled',
  cancelReason: null,
  version: 3,
  enrolledCount: 4,
  waitlistedCount: 0,
};

describe('checkForm', () => {
  it('accepts a complete form', () => expect(checkForm(form())).toEqual({}));
  it.each([
    { over: { name: ' ' }, field: 'name' },
    { over: { instructorId: '' }, field: 'instructorId' },
    { over: { durationMin: '4' }, field: 'durationMin' },
    { over: { capacity: '0' }, field: 'capacity' },
    { over: { capacity: 'ten' }, field: 'capacity' },
    { over: { price: '12.345' }, field: 'priceMinor' },
    { over: { repeat: true, count: '0' }, field: 'repeat.count' },
    { over: { repeat: true, endKind: 'until' as const, until: '2026-03-01' }, field: 'repeat.until' },
  ])('names $field', ({ over, field }) => {
    expect(Object.keys(checkForm(form(over)))).toEqual([field]);
  });
});

describe('requestBody', () => {
  it('creates with the local wall time as UTC, the price in cents, and a weekly repeat', () => {
    const body = requestBody(form({ time: '10:00', price: '19.50', repeat: true, everyWeeks: '2', count: '6', roomId: 'r1' }), 'l1', null);
    expect(body).toEqual({
      locationId: 'l1',
      name: 'Yoga',
      description: null,
      instructorId: 'st1',
      roomId: 'r1',
      startsAt: '2026-03-10T15:00:00.000Z',
      durationMin: 60,
      capacity: 10,
      priceMinor: 1950,
      repeat: { everyWeeks: 2, count: 6 },
    });
  });

  it('edits only what changed, with the version it was read at', () => {
    expect(formFromSession(session)).toMatchObject({ date: '2026-03-10', time: '10:00', price: '20.00', capacity: '10' });
    const f = { ...formFromSession(session), capacity: '12', time: '11:00' };
    expect(requestBody(f, 'l1', session)).toEqual({ version: 3, capacity: 12, startsAt: '2026-03-10T16:00:00.000Z' });
    expect(requestBody(formFromSession(session), 'l1', session)).toEqual({ version: 3 });
  });
});

describe('roster', () => {
  const e = (id: string, status: Enrolment['status'], waitlistPosition: number | null = null): Enrolment => ({
    id,
    sessionId: 's1',
    clientId: `c-${id}`,
    status,
    waitlistPosition,
    promotedAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
  });
  it('splits seats, the waitlist in order, and cancelled places', () => {
    const r = splitRoster([e('a', 'enrolled'), e('b', 'waitlisted', 2), e('c', 'cancelled'), e('d', 'attended'), e('f', 'waitlisted', 1)]);
    expect(r.seated.map((x) => x.id)).toEqual(['a', 'd']);
    expect(r.waitlist.map((x) => x.id)).toEqual(['f', 'b']);
    expect(r.cancelled.map((x) => x.id)).toEqual(['c']);
  });
  it.each([
    { s: { status: 'scheduled', capacity: 10, enrolledCount: 8, waitlistedCount: 0 }, label: '8/10' },
    { s: { status: 'scheduled', capacity: 10, enrolledCount: 10, waitlistedCount: 3 }, label: 'Full · 3 waiting' },
    { s: { status: 'cancelled', capacity: 10, enrolledCount: 0, waitlistedCount: 0 }, label: 'Cancelled' },
  ] as const)('labels the fill as $label', ({ s, label }) => expect(fillLabel(s)).toBe(label));
});
