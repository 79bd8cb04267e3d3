import { describe, expect, it } from 'vitest';
import { checkBooking, checkSeries, explainUnavailable, findSlots } from './availability-engine.js';
import type { SlotRequest, StaffCalendar } from './availability-types.js';
import { allWeek, appt, at, device, hm, policy, request, room, service, staff, starts } from './test/fixtures.js';

const T = (h: string) => at(`2026-03-10 ${h}`);
const window = (from: string, to: string): Partial<SlotRequest> => ({ from: T(from), to: T(to) });

describe('findSlots', () => {
  it.each<{ name: string; req: Partial<SlotRequest>; expected: string[] }>([
    { name: 'plain 60 min on a 15 min grid', req: window('15:30', '17:00'), expected: ['15:30', '15:45', '16:00'] },
    {
      name: 'no buffers: back to back with an appointment',
      req: { ...window('09:00', '13:00'), staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 11:00', '2026-03-10 12:00')] })] },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '12:00', '12:15', '12:30', '12:45'],
    },
    {
      name: 'buffers before/after keep clear of the appointment',
      req: {
        ...window('09:00', '13:00'),
        services: [service({ bufferBeforeMin: 15, bufferAfterMin: 15 })],
        staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 11:00', '2026-03-10 12:00')] })],
      },
      expected: ['09:00', '09:15', '09:30', '09:45', '12:15', '12:30', '12:45'],
    },
    {
      name: 'processing gap of another colour lets Dana take a 30 min cut',
      req: {
        ...window('09:00', '11:00'),
        services: [service({ durationMin: 30 })],
        staff: [
          staff('dana', 'Dana', { busy: [appt('2026-03-10 09:00', '2026-03-10 09:30'), appt('2026-03-10 10:10', '2026-03-10 10:30')] }),
        ],
      },
      expected: ['09:30', '10:30', '10:45'],
    },
    {
      name: 'room held through the processing gap: next colour only after it',
      req: {
        ...window('09:00', '11:00'),
        services: [
          service({ id: 'color', name: 'Colour', durationMin: 90, processing: { startAfterMin: 30, durationMin: 40 }, roomType: 'color' }),
        ],
        staffChoice: ['eli'],
        resources: [room('r-color', 'Colour Room', 'color', { busy: [{ start: T('09:00'), end: T('10:30'), label: 'Colour' }] })],
      },
      expected: ['10:30', '10:45'],
    },
    {
      name: 'break removes the hours it covers',
      req: {
        ...window('11:00', '14:00'),
        staff: [staff('dana', 'Dana', { weeklyBreaks: [{ weekday: 2, start: '12:00', end: '13:00', label: 'Lunch' }] })],
      },
      expected: ['11:00', '13:00', '13:15', '13:30', '13:45'],
    },
    {
      name: 'slot interval 20 counts from local midnight',
      req: { ...window('09:00', '10:30'), policy: policy({ slotIntervalMin: 20 }) },
      expected: ['09:00', '09:20', '09:40', '10:00', '10:20'],
    },
    {
      name: 'slot interval 45',
      req: { ...window('09:00', '11:00'), policy: policy({ slotIntervalMin: 45 }) },
      expected: ['09:00', '09:45', '10:30'],
    },
    {
      name: 'minimum notice of 2 hours',
      req: { ...window('09:00', '12:00'), now: T('08:40'), policy: policy({ minNoticeMin: 120 }) },
      expected: ['10:45', '11:00', '11:15', '11:30', '11:45'],
    },
    {
      name: 'maximum advance cuts the window',
      req: { ...window('09:00', '12:00'), now: at('2026-03-09 10:00'), policy: policy({ maxAdvanceDays: 1 }) },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00'],
    },
    {
      name: 'location closes at 6, Dana works until 8',
      req: {
        ...window('16:00', '20:00'),
        staff: [staff('dana', 'Dana', { weeklyHours: allWeek('09:00', '20:00') })],
        policy: policy({ openingHours: allWeek('09:00', '18:00'), slotIntervalMin: 30 }),
      },
      expected: ['16:00', '16:30', '17:00'],
    },
    {
      name: 'date exception replaces the weekly hours',
      req: {
        ...window('00:00', '23:59'),
        staff: [staff('dana', 'Dana', { exceptions: [{ date: '2026-03-10', hours: [{ start: '14:00', end: '15:30' }] }] })],
      },
      expected: ['14:00', '14:15', '14:30'],
    },
    {
      name: 'time off removes the day',
      req: {
        ...window('00:00', '23:59'),
        staff: [staff('dana', 'Dana', { timeOff: [{ start: T('00:00'), end: at('2026-03-11 00:00'), label: 'Vacation' }] })],
      },
      expected: [],
    },
    {
      name: 'reschedule ignores the appointment being moved',
      req: {
        ...window('09:00', '10:30'),
        ignoreBusyIds: ['a1'],
        staff: [staff('dana', 'Dana', { busy: [{ ...appt('2026-03-10 09:00', '2026-03-10 10:00'), id: 'a1' }] })],
      },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15'],
    },
  ])('$name', ({ req, expected }) => {
    expect(starts(findSlots(request(req)))).toEqual(expected);
  });

  it('processing: staff busy excludes the gap, resources held for the whole service with buffers', () => {
    const [slot] = findSlots(
      request({
        ...window('10:00', '10:15'),
        services: [service({ durationMin: 90, bufferAfterMin: 10, processing: { startAfterMin: 30, durationMin: 40 }, roomType: 'color' })],
        resources: [room('r1', 'Colour Room', 'color')],
      }),
    );
    const seg = slot!.segments[0]!;
    expect(seg.staffBusy.map((r) => [hm(r.start), hm(r.end)])).toEqual([
      ['10:00', '10:30'],
      ['11:10', '11:40'],
    ]);
    expect([hm(seg.resourceBusy.start), hm(seg.resourceBusy.end)]).toEqual(['10:00', '11:40']);
    expect(seg.resourceIds).toEqual(['r1']);
  });
});

describe('checkBooking: resources, multi-service, any staff', () => {
  const laser = service({ id: 'laser', name: 'Laser facial', roomType: 'treatment', deviceTypes: ['laser'] });
  const rooms = (r2Count: number) => [
    room('room1', 'Room 1', 'treatment', { busy: [{ start: T('10:00'), end: T('11:00'), label: 'x' }] }),
    room('room2', 'Room 2', 'treatment', { capacity: 2, busy: [{ start: T('10:00'), end: T('11:00'), label: 'x', count: r2Count }] }),
  ];
  const laserDevice = device('laser1', 'Laser 1', 'laser', { busy: [{ start: T('13:00'), end: T('14:00'), label: 'x' }] });

  it.each<{ name: string; req: Partial<SlotRequest>; start: string; ok: boolean; resources?: string[]; reason?: string }>([
    {
      name: 'room + device free',
      req: { resources: [...rooms(1), laserDevice] },
      start: '09:00',
      ok: true,
      resources: ['room1', 'laser1'],
    },
    {
      name: 'capacity-2 room takes a second client',
      req: { resources: [...rooms(1), laserDevice] },
      start: '10:00',
      ok: true,
      resources: ['room2', 'laser1'],
    },
    {
      name: 'both rooms full',
      req: { resources: [...rooms(2), laserDevice] },
      start: '10:00',
      ok: false,
      reason: 'Room 1 is taken until 11 AM',
    },
    {
      name: 'rooms free but the device is not',
      req: { resources: [...rooms(1), laserDevice] },
      start: '13:30',
      ok: false,
      reason: 'Laser 1 is in use until 2 PM',
    },
    {
      name: 'no device of that type',
      req: { resources: rooms(1) },
      start: '09:00',
      ok: false,
      reason: 'No laser device for Laser facial at this location',
    },
  ])('$name', ({ req, start, ok, resources, reason }) => {
    const res = checkBooking({ ...request({ services: [laser], ...req }), start: T(start) });
    expect(res.ok).toBe(ok);
    if (res.ok) expect(res.slot.segments[0]!.resourceIds).toEqual(resources);
    else expect(res.reasons).toContain(reason);
  });

  it.each<{ name: string; cutAfter: number; eliBusy: boolean; start: string; ok: boolean; segments?: string[] }>([
    {
      name: 'cut by Dana then colour by Eli',
      cutAfter: 0,
      eliBusy: false,
      start: '09:00',
      ok: true,
      segments: ['cut dana 09:00-09:30', 'color eli 09:30-10:30'],
    },
    {
      name: 'buffer after the cut pushes the colour',
      cutAfter: 10,
      eliBusy: false,
      start: '09:00',
      ok: true,
      segments: ['cut dana 09:00-09:30', 'color eli 09:40-10:40'],
    },
    { name: 'Eli busy when the colour would start', cutAfter: 0, eliBusy: true, start: '09:00', ok: false },
    {
      name: 'starting later fits both',
      cutAfter: 0,
      eliBusy: true,
      start: '09:30',
      ok: true,
      segments: ['cut dana 09:30-10:00', 'color eli 10:00-11:00'],
    },
  ])('multi-service: $name', ({ cutAfter, eliBusy, start, ok, segments }) => {
    const res = checkBooking({
      ...request({
        services: [service({ durationMin: 30, bufferAfterMin: cutAfter }), service({ id: 'color', name: 'Colour', durationMin: 60 })],
        staffChoice: ['dana', 'eli'],
        staff: [staff('dana', 'Dana'), staff('eli', 'Eli', { busy: eliBusy ? [appt('2026-03-10 09:30', '2026-03-10 10:00')] : [] })],
      }),
      start: T(start),
    });
    expect(res.ok).toBe(ok);
    if (res.ok) expect(res.slot.segments.map((s) => `${s.serviceId} ${s.staffId} ${hm(s.start)}-${hm(s.end)}`)).toEqual(segments);
    else expect(res.reasons).toEqual(['Eli is with a client until 10 AM']);
  });

  it.each<{ name: string; fairness: Record<string, number>; busy: string[]; expected: string }>([
    { name: 'fewest bookings first', fairness: { dana: 5, eli: 1, fay: 1 }, busy: [], expected: 'eli' },
    { name: 'ties broken by name', fairness: { dana: 2, eli: 2, fay: 2 }, busy: [], expected: 'dana' },
    { name: 'next fairest when busy', fairness: { dana: 5, eli: 1, fay: 1 }, busy: ['eli'], expected: 'fay' },
    { name: 'any qualified at all', fairness: {}, busy: ['dana', 'eli'], expected: 'fay' },
  ])('any staff: $name', ({ fairness, busy, expected }) => {
    const team = ['dana', 'eli', 'fay'].map((id) =>
      staff(id, id[0]!.toUpperCase() + id.slice(1), { busy: busy.includes(id) ? [appt('2026-03-10 09:00', '2026-03-10 12:00')] : [] }),
    );
    const slots = findSlots(request({ ...window('10:00', '10:15'), staffChoice: ['any'], staff: team, fairness }));
    expect(slots.map((s) => s.segments[0]!.staffId)).toEqual([expected]);
  });

  it('any staff spreads load: the least-booked is assigned across the day', () => {
    const slots = findSlots(request({ ...window('09:00', '17:00'), staffChoice: ['any'], fairness: { dana: 3, eli: 0, fay: 1 } }));
    expect(new Set(slots.map((s) => s.segments[0]!.staffId))).toEqual(new Set(['eli']));
  });

  it('refuses with reasons and offers the 3 nearest free alternatives', () => {
    const res = checkBooking({
      ...request({ staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 10:00', '2026-03-10 11:00')] })] }),
      start: T('10:00'),
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.reasons).toEqual(['Dana is with a client until 11 AM']);
    expect(starts(res.alternatives)).toEqual(['09:00', '11:00', '11:15']);
  });

  it.each<{ name: string; req: Partial<SlotRequest>; start: string }>([
    {
      name: 'three free times within the hour',
      req: { staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 10:00', '2026-03-10 11:00')] })] },
      start: '10:00',
    },
    {
      name: 'a day booked solid but for its last hour (the next free times are days away)',
      req: {
        staff: [
          staff('dana', 'Dana', { busy: [appt('2026-03-10 06:00', '2026-03-10 16:00'), appt('2026-03-11 06:00', '2026-03-11 12:00')] }),
        ],
      },
      start: '12:00',
    },
    {
      name: 'any staff, everyone busy around the time, fairness deciding who',
      req: {
        staffChoice: ['any'],
        fairness: { dana: 2, eli: 0, fay: 1 },
        staff: [
          staff('dana', 'Dana', { busy: [appt('2026-03-10 09:00', '2026-03-10 13:00')] }),
          staff('eli', 'Eli', { busy: [appt('2026-03-10 10:00', '2026-03-10 15:00')] }),
          staff('fay', 'Fay', { busy: [appt('2026-03-10 08:00', '2026-03-10 12:30')] }),
        ],
      },
      start: '11:00',
    },
  ])('offers the same alternatives as a search of the whole range: $name', ({ req, start }) => {
    const booking = { ...request(req), start: T(start) };
    const res = checkBooking(booking);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    const t = booking.start.getTime();
    const whole = findSlots({ ...booking, from: new Date(t - 86_400_000), to: new Date(t + 2 * 86_400_000) })
      .filter((s) => s.start.getTime() !== t)
      .sort((a, b) => Math.abs(a.start.getTime() - t) - Math.abs(b.start.getTime() - t) || a.start.getTime() - b.start.getTime())
      .slice(0, 3)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(res.alternatives.length).toBeGreaterThan(0);
    expect(res.alternatives).toEqual(whole);
  });

  it.each<{ name: string; start: string; relax?: { grid?: boolean; notice?: boolean }; ok: boolean; reason?: string }>([
    { name: 'off grid refused online', start: '09:10', ok: false, reason: 'Start times are every 15 minutes' },
    { name: 'off grid allowed from the staff calendar', start: '11:10', relax: { grid: true }, ok: true },
    { name: 'too soon refused', start: '09:00', ok: false, reason: 'Too soon: book at least 2 hours ahead' },
    { name: 'too soon allowed when notice is relaxed', start: '09:00', relax: { notice: true }, ok: true },
  ])('grid and notice: $name', ({ start, relax, ok, reason }) => {
    const res = checkBooking({
      ...request({ now: T('08:00'), policy: policy({ minNoticeMin: 120 }) }),
      start: T(start),
      ...(relax ? { relax } : {}),
    });
    expect(res.ok).toBe(ok);
    if (!res.ok) expect(res.reasons).toContain(reason);
  });

  it('unqualified staff is refused with a reason', () => {
    const res = checkBooking({ ...request({ services: [service({ staffIds: ['eli'] })] }), start: T('10:00') });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.reasons).toEqual(['Dana does not perform Haircut']);
  });
});

describe('explainUnavailable', () => {
  const dana = staff('dana', 'Dana', {
    weeklyBreaks: [{ weekday: 2, start: '12:00', end: '13:00', label: 'Break' }],
    busy: [
      appt('2026-03-10 14:30', '2026-03-10 15:30'),
      { start: at('2026-03-10 16:00'), end: at('2026-03-10 17:00'), label: 'Yoga Flow', kind: 'class' as const },
    ],
    timeOff: [{ start: at('2026-03-12 00:00'), end: at('2026-03-13 00:00'), label: 'Vacation' }],
    exceptions: [{ date: '2026-03-11', hours: [{ start: '11:00', end: '15:00' }] }],
  });
  const base = {
    now: at('2026-03-09 08:00'),
    staff: [dana],
    resources: [room('room2', 'Room 2', 'facial', { busy: [{ start: T('14:00'), end: T('15:30'), label: 'x' }] })],
    policy: policy({ openingHours: allWeek('09:00', '18:00'), minNoticeMin: 120 }),
  };
  it.each<{ name: string; at: Date; staffId?: string; withService?: boolean; expected: string | null }>([
    { name: 'break', at: T('12:30'), staffId: 'dana', expected: 'Dana is on break 12 PM–1 PM' },
    { name: 'weekly day off', at: at('2026-03-15 10:00'), staffId: 'dana', expected: 'Closed today' },
    { name: 'time off', at: at('2026-03-12 10:00'), staffId: 'dana', expected: 'Dana is away (Vacation)' },
    { name: 'exception hours, before start', at: at('2026-03-11 10:00'), staffId: 'dana', expected: 'Dana starts at 11 AM' },
    { name: 'exception hours, after end', at: at('2026-03-11 16:00'), staffId: 'dana', expected: 'Dana finishes at 3 PM' },
    { name: 'appointment', at: T('15:00'), staffId: 'dana', expected: 'Dana is with a client until 3:30 PM' },
    { name: 'teaching a class', at: T('16:30'), staffId: 'dana', expected: 'Dana is teaching Yoga Flow until 5 PM' },
    { name: 'after closing', at: T('18:30'), staffId: 'dana', expected: 'Closes at 6 PM' },
    { name: 'before opening', at: T('08:00'), staffId: 'dana', expected: 'Opens at 9 AM' },
    { name: 'visit running past closing', at: T('17:45'), withService: true, expected: 'Closes at 6 PM' },
    { name: 'room taken', at: T('14:00'), withService: true, expected: 'Room 2 is taken until 3:30 PM' },
    { name: 'too soon', at: at('2026-03-09 09:00'), staffId: 'dana', expected: 'Too soon: book at least 2 hours ahead' },
    { name: 'free', at: T('10:00'), staffId: 'dana', expected: null },
  ])('$name', ({ at: when, staffId, withService, expected }) => {
    const facial = service({ id: 'facial', name: 'Facial', durationMin: 30, roomType: 'facial', staffIds: ['dana'] });
    const reason = explainUnavailable({
      ...base,
      at: when,
      ...(staffId ? { staffId } : {}),
      ...(withService ? { services: [facial], staffChoice: ['dana'] } : {}),
    });
    expect(reason?.message ?? null).toBe(expected);
  });

  it('staff off today when the location is open', () => {
    const r = explainUnavailable({ ...base, policy: policy(), at: at('2026-03-15 10:00'), staffId: 'dana' });
    expect(r?.message).toBe('Dana is off today');
  });

  it.each<{ name: string; elsewhere: StaffCalendar['elsewhere']; at: Date; expected: string }>([
    // 2026-03-15 is a Sunday (weekday 7): no hours here.
    {
      name: 'works at the other location that weekday',
      elsewhere: [{ weekday: 7, location: 'Lakeview' }],
      at: at('2026-03-15 10:00'),
      expected: 'Dana is at Lakeview today',
    },
    {
      name: 'works elsewhere on other weekdays only',
      elsewhere: [{ weekday: 1, location: 'Lakeview' }],
      at: at('2026-03-15 10:00'),
      expected: 'Dana is off today',
    },
    // A day off written for this date wins over the weekly plan elsewhere.
    {
      name: 'a day off set for the date',
      elsewhere: [{ weekday: 3, location: 'Lakeview' }],
      at: at('2026-03-11 10:00'),
      expected: 'Dana is off today (Dentist)',
    },
  ])('says where someone is on a day without hours here: $name', ({ elsewhere, at: when, expected }) => {
    const away = staff('dana', 'Dana', { elsewhere, exceptions: [{ date: '2026-03-11', hours: [], label: 'Dentist' }] });
    const r = explainUnavailable({ ...base, staff: [away], policy: policy(), at: when, staffId: 'dana' });
    expect(r?.message).toBe(expected);
  });
});

describe('DST weekends in America/Chicago', () => {
  const sundayStaff = (start: string, end: string) => staff('dana', 'Dana', { weeklyHours: allWeek(start, end, [1, 2, 3, 4, 5, 6, 7]) });
  it.each([
    { name: 'Saturday before spring forward (CST)', day: '2026-03-07', first: '2026-03-07T15:00:00.000Z' },
    { name: 'spring-forward Sunday (CDT)', day: '2026-03-08', first: '2026-03-08T14:00:00.000Z' },
    { name: 'Saturday before fall back (CDT)', day: '2026-10-31', first: '2026-10-31T14:00:00.000Z' },
    { name: 'fall-back Sunday (CST)', day: '2026-11-01', first: '2026-11-01T15:00:00.000Z' },
  ])('$name: 9:00-17:00 local gives 29 hourly-service slots starting 9:00 local', ({ day, first }) => {
    const slots = findSlots(
      request({
        from: at(`${day} 00:00`),
        to: at(`${day} 23:45`),
        now: at('2026-01-01 00:00'),
        policy: policy({ maxAdvanceDays: 400 }),
        staff: [sundayStaff('09:00', '17:00')],
      }),
    );
    expect(slots).toHaveLength(29);
    expect(slots[0]!.start.toISOString()).toBe(first);
    expect(hm(slots.at(-1)!.start)).toBe('16:00');
  });

  it.each([
    {
      name: 'spring forward: no slot in the missing 2:00-3:00 hour',
      day: '2026-03-08',
      next: '2026-03-09',
      expected: [
        '2026-03-08T06:00:00.000Z 00:00',
        '2026-03-08T07:00:00.000Z 01:00',
        '2026-03-08T08:00:00.000Z 03:00',
        '2026-03-08T09:00:00.000Z 04:00',
        '2026-03-08T10:00:00.000Z 05:00',
      ],
    },
    {
      name: 'fall back: the repeated 1:00 hour is offered twice',
      day: '2026-11-01',
      next: '2026-11-02',
      expected: [
        '2026-11-01T05:00:00.000Z 00:00',
        '2026-11-01T06:00:00.000Z 01:00',
        '2026-11-01T07:00:00.000Z 01:00',
        '2026-11-01T08:00:00.000Z 02:00',
        '2026-11-01T09:00:00.000Z 03:00',
      ],
    },
  ])('$name', ({ day, next, expected }) => {
    const end = day === '2026-03-08' ? '06:00' : '04:00';
    const slots = findSlots(
      request({
        from: at(`${day} 00:00`),
        to: at(`${next} 00:00`),
        now: at('2026-01-01 00:00'),
        services: [service({ durationMin: 30 })],
        staff: [sundayStaff('00:00', end)],
        policy: policy({ slotIntervalMin: 60, maxAdvanceDays: 400 }),
      }),
    );
    expect(slots.map((s) => `${s.start.toISOString()} ${hm(s.start)}`)).toEqual(expected);
  });
});

describe('checkSeries', () => {
  it('reports each occurrence before saving, keeping 10:00 local across DST', () => {
    const res = checkSeries({
      ...request({ now: at('2026-02-01 00:00'), staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 10:00', '2026-03-10 11:00')] })] }),
      rule: { start: at('2026-02-24 10:00'), everyWeeks: 2, count: 3, timeZone: 'America/Chicago' },
    });
    expect(res.map((o) => [o.start.toISOString(), o.ok])).toEqual([
      ['2026-02-24T16:00:00.000Z', true],
      ['2026-03-10T15:00:00.000Z', false],
      ['2026-03-24T15:00:00.000Z', true],
    ]);
    const conflict = res[1]!;
    expect(conflict.ok ? [] : conflict.reasons).toEqual(['Dana is with a client until 11 AM']);
  });
});

describe('checkBooking with a duration override (resize)', () => {
  const lunch = staff('dana', 'Dana', { weeklyBreaks: [{ weekday: 2, start: '12:30', end: '13:00', label: 'Lunch' }] });
  it.each<{ name: string; durationMin: number; start: string; over?: Partial<SlotRequest>; ok: boolean | string; end?: string }>([
    { name: 'longer, into free time', durationMin: 90, start: '10:00', ok: true, end: '11:30' },
    {
      name: 'longer, into the break',
      durationMin: 120,
      start: '11:00',
      over: { staff: [lunch] },
      ok: 'Dana is on break (Lunch) 12:30 PM–1 PM; the service would run 11 AM–1 PM',
    },
    {
      name: 'half an hour before lunch: the reason says the service runs into it',
      durationMin: 60,
      start: '12:00',
      over: { staff: [lunch] },
      ok: 'Dana is on break (Lunch) 12:30 PM–1 PM; the service would run 12 PM–1 PM',
    },
    {
      name: 'starting in the break',
      durationMin: 30,
      start: '12:30',
      over: { staff: [lunch] },
      ok: 'Dana is on break (Lunch) 12:30 PM–1 PM',
    },
    {
      name: 'free for the service, but its cleanup meets the next appointment',
      durationMin: 45,
      start: '10:15',
      over: {
        services: [service({ bufferAfterMin: 15 })],
        staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 11:00', '2026-03-10 12:00')] })],
      },
      ok: "Dana has another appointment at 11 AM: Haircut's 15 min cleanup would run until 11:15 AM",
    },
    { name: 'longer, past the end of the day', durationMin: 75, start: '16:00', ok: 'Dana finishes at 5 PM' },
    {
      name: 'longer, into the next appointment',
      durationMin: 90,
      start: '10:00',
      over: { staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 11:00', '2026-03-10 12:00')] })] },
      ok: 'Dana is with a client until 12 PM',
    },
    {
      name: 'shorter frees the end',
      durationMin: 30,
      start: '10:30',
      over: { staff: [staff('dana', 'Dana', { busy: [appt('2026-03-10 11:00', '2026-03-10 12:00')] })] },
      ok: true,
      end: '11:00',
    },
    {
      name: 'replaces a per-staff override',
      durationMin: 45,
      start: '16:15',
      over: { services: [service({ overrides: { dana: { durationMin: 120 } } })] },
      ok: true,
      end: '17:00',
    },
    {
      name: 'the room is held for the new length with its buffer',
      durationMin: 90,
      start: '09:00',
      over: {
        services: [service({ roomType: 'treatment', bufferAfterMin: 15 })],
        resources: [room('r2', 'Room 2', 'treatment', { busy: [{ start: T('10:30'), end: T('11:30'), label: 'Booked' }] })],
      },
      ok: 'Room 2 is taken until 11:30 AM',
    },
    { name: 'a non-positive length is refused', durationMin: 0, start: '10:00', ok: 'Haircut: duration must be positive' },
  ])('$name', ({ durationMin, start, over, ok, end }) => {
    const res = checkBooking({ ...request(over), start: T(start), durationMin: [durationMin], relax: { grid: true, notice: true } });
    if (ok === true) {
      expect(res.ok).toBe(true);
      if (res.ok) expect(hm(res.slot.end)).toBe(end);
    } else {
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.reasons[0]).toBe(ok);
    }
  });
  it('offers alternatives of the new length', () => {
    const res = checkBooking({ ...request({ staff: [lunch] }), start: T('11:00'), durationMin: [120] });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.alternatives.length).toBeGreaterThan(0);
    if (!res.ok) for (const a of res.alternatives) expect(a.end.getTime() - a.start.getTime()).toBe(120 * 60_000);
  });
});
