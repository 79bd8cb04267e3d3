import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

/** The staff screens' GraphQL: the same use-cases, guards and refusals as the REST routes. */
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('graphql');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const APPT =
  'id startsAt endsAt staffId serviceName seriesId version segments { position serviceId staffId startsAt endsAt } service client { id }';
const BOOK = `mutation($input: BookAppointmentInput!) { bookAppointment(input: $input) { ${APPT} } }`;

describe('calendar', () => {
  it('books, lists with segments and the client reference, and refuses a taken time with taken and alternatives', async () => {
    const input = {
      locationId: LOCATION,
      clientId: CLIENT(1),
      serviceId: ids.haircutId,
      staffId: STAFF.dana.id,
      startsAt: localTime('10:00'),
      source: 'staff',
    };
    const booked = await t.gql('frontDesk', BOOK, { input });
    expect(booked.errors).toBeUndefined();
    expect(booked.data.bookAppointment).toMatchObject({
      staffId: STAFF.dana.id,
      serviceName: 'Haircut',
      seriesId: null,
      client: { id: CLIENT(1) },
    });
    expect(booked.data.bookAppointment.segments).toHaveLength(1);
    expect(booked.data.bookAppointment.service).toMatchObject({ name: 'Haircut' });

    const again = await t.gql('frontDesk', BOOK, { input: { ...input, clientId: CLIENT(2) } });
    expect(again.errors[0].extensions.code).toBe('CONFLICT');
    expect(again.errors[0].message).toMatch(/Dana Lee/);
    expect(Array.isArray(again.errors[0].extensions.alternatives)).toBe(true);
    expect(again.errors[0].extensions.alternatives.length).toBeGreaterThan(0);
    expect(again.errors[0].extensions.alternatives[0]).toHaveProperty('startsAt');

    const visit = await t.gql('frontDesk', BOOK, {
      input: {
        locationId: LOCATION,
        clientId: CLIENT(3),
        services: [{ serviceId: ids.haircutId, staffId: STAFF.jordan.id }, { serviceId: ids.haircutId }],
        startsAt: localTime('13:00'),
        source: 'staff',
      },
    });
    expect(visit.errors).toBeUndefined();
    expect(visit.data.bookAppointment.segments.map((s: any) => s.position)).toEqual([1, 2]);

    const list = await t.gql(
      'viewer',
      `query($from: String!, $to: String!, $loc: ID) { appointments(from: $from, to: $to, locationId: $loc) { ${APPT} } }`,
      {
        from: localTime('00:00'),
        to: localTime('23:59'),
        loc: LOCATION,
      },
    );
    expect(list.data.appointments.map((a: any) => a.id).sort()).toEqual(
      [booked.data.bookAppointment.id, visit.data.bookAppointment.id].sort(),
    );
    const own = await t.gql('danaOwn', `query($from: String!, $to: String!) { appointments(from: $from, to: $to) { id staffId } }`, {
      from: localTime('00:00'),
      to: localTime('23:59'),
    });
    expect(own.errors).toBeUndefined();
    expect(own.data.appointments.every((a: any) => a.staffId === STAFF.dana.id)).toBe(true);

    const moved = await t.gql(
      'frontDesk',
      `mutation($id: ID!, $input: UpdateAppointmentInput!) { updateAppointment(id: $id, input: $input) { id } }`,
      {
        id: booked.data.bookAppointment.id,
        input: { startsAt: localTime('13:00'), staffId: STAFF.jordan.id },
      },
    );
    expect(moved.errors[0].extensions.code).toBe('CONFLICT');
    expect(moved.errors[0].message).toMatch(/Jordan Patel/);
    expect(moved.errors[0].extensions).toHaveProperty('taken');
    expect(Array.isArray(moved.errors[0].extensions.alternatives)).toBe(true);
    const visitMove = await t.gql(
      'frontDesk',
      `mutation($id: ID!, $input: UpdateAppointmentInput!) { updateAppointment(id: $id, input: $input) { id } }`,
      {
        id: visit.data.bookAppointment.id,
        input: { startsAt: localTime('15:00') },
      },
    );
    expect(visitMove.errors[0].extensions.code).toBe('CONFLICT');
  });

  it("shades unavailable time with the engine's reasons, only for calendar readers", async () => {
    const q = `query($loc: ID!, $from: String!, $to: String!) { calendarUnavailable(locationId: $loc, from: $from, to: $to) { timeZone staff { staffId name intervals { startsAt endsAt code reason } } } }`;
    const vars = { loc: LOCATION, from: localTime('00:00'), to: localTime('23:59') };
    const res = await t.gql('viewer', q, vars);
    expect(res.errors).toBeUndefined();
    expect(res.data.calendarUnavailable.timeZone).toBe('America/Chicago');
    const dana = res.data.calendarUnavailable.staff.find((s: any) => s.staffId === STAFF.dana.id);
    expect(dana.name).toBe('Dana Lee');
    expect(dana.intervals.length).toBeGreaterThan(0);
    expect(typeof dana.intervals[0].reason).toBe('string');
    expect((await t.gql('outsider', q, vars)).errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('series and waitlist', () => {
  it('previews a series, refuses one that cannot be booked with every refused date, and books the free dates', async () => {
    const input = {
      locationId: LOCATION,
      clientId: CLIENT(4),
      serviceId: ids.haircutId,
      staffId: STAFF.jordan.id,
      startsAt: localTime('16:00', 10),
      everyWeeks: 1,
      count: 3,
      source: 'staff',
    };
    const preview = await t.gql(
      'frontDesk',
      `query($input: AppointmentSeriesInput!) { appointmentSeriesPreview(input: $input) { timeZone occurrences { startsAt ok reason alternatives { startsAt staffId } } } }`,
      { input },
    );
    expect(preview.errors).toBeUndefined();
    expect(preview.data.appointmentSeriesPreview.occurrences).toHaveLength(3);
    expect(preview.data.appointmentSeriesPreview.occurrences.every((o: any) => o.ok)).toBe(true);

    const late = { ...input, startsAt: localTime('20:00', 10) };
    const refused = await t.gql(
      'frontDesk',
      `mutation($input: AppointmentSeriesInput!) { createAppointmentSeries(input: $input) { appointments { id } } }`,
      { input: late },
    );
    expect(refused.errors[0].extensions.code).toBe('CONFLICT');
    expect(refused.errors[0].extensions.taken).toHaveLength(3);
    expect(refused.errors[0].extensions.taken[0]).toMatchObject({ startsAt: expect.any(String), reason: expect.any(String) });

    const created = await t.gql(
      'frontDesk',
      `mutation($input: AppointmentSeriesInput!) { createAppointmentSeries(input: $input) { series { id everyWeeks } appointments { id seriesId } skipped { startsAt reason } } }`,
      {
        input: { ...input, skipConflicts: true },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createAppointmentSeries.appointments).toHaveLength(3);
    expect(created.data.createAppointmentSeries.appointments[0].seriesId).toBe(created.data.createAppointmentSeries.series.id);
  });

  it('adds, lists and cancels a waitlist entry', async () => {
    const day = localTime('12:00', 11).slice(0, 10);
    const added = await t.gql(
      'frontDesk',
      `mutation($input: WaitlistInput!) { addToWaitlist(input: $input) { id status serviceName offer { id } client { id } } }`,
      {
        input: { locationId: LOCATION, clientId: CLIENT(5), serviceId: ids.haircutId, dateFrom: day, dateTo: day, note: 'Wanted 10:00' },
      },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data.addToWaitlist).toMatchObject({ status: 'waiting', serviceName: 'Haircut', offer: null, client: { id: CLIENT(5) } });
    const list = await t.gql(
      'viewer',
      `query($loc: ID!, $d: String!) { waitlistEntries(locationId: $loc, from: $d, to: $d, status: "all") { id status } }`,
      { loc: LOCATION, d: day },
    );
    expect(list.data.waitlistEntries.map((e: any) => e.id)).toContain(added.data.addToWaitlist.id);
    expect(
      (await t.gql('viewer', `mutation($id: ID!) { cancelWaitlistEntry(id: $id) { id } }`, { id: added.data.addToWaitlist.id })).errors[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
    const cancelled = await t.gql('frontDesk', `mutation($id: ID!) { cancelWaitlistEntry(id: $id) { id status } }`, {
      id: added.data.addToWaitlist.id,
    });
    expect(cancelled.data.cancelWaitlistEntry.status).toBe('cancelled');
  });
});

describe('schedules, rooms, classes, booking design', () => {
  it('reads hours scoped like REST and saves a week, time off and a policy', async () => {
    const own = await t.gql('danaOwn', `query($loc: ID!) { workingHours(locationId: $loc) { staffId weekday start end kind } }`, {
      loc: LOCATION,
    });
    expect(own.errors).toBeUndefined();
    expect(own.data.workingHours.length).toBe(7);
    expect(own.data.workingHours.every((w: any) => w.staffId === STAFF.dana.id)).toBe(true);
    const others = await t.gql('danaOwn', `query($loc: ID!, $s: ID) { workingHours(locationId: $loc, staffId: $s) { staffId } }`, {
      loc: LOCATION,
      s: STAFF.jordan.id,
    });
    expect(others.errors[0].extensions.code).toBe('FORBIDDEN');

    const week = {
      staffId: STAFF.jordan.id,
      locationId: LOCATION,
      intervals: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
        { weekday, start: '09:00', end: '18:00' },
        { weekday, start: '12:00', end: '12:30', kind: 'break', label: 'Lunch' },
      ]),
    };
    const saved = await t.gql(
      'frontDesk',
      `mutation($input: WorkingHoursInput!) { replaceWorkingHours(input: $input) { weekday kind label } }`,
      { input: week },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.replaceWorkingHours.filter((w: any) => w.kind === 'break')).toHaveLength(7);
    // The whole week travels in the outbox with the change (payroll's utilisation reads it).
    const [changed] = await t.sql(
      `SELECT envelope FROM outbox WHERE type = 'scheduling.working-hours.changed.v1' AND aggregate_id = $1 ORDER BY seq DESC LIMIT 1`,
      [`${STAFF.jordan.id}:${LOCATION}`],
    );
    expect(changed!.envelope.payload.intervals).toHaveLength(14);
    expect(changed!.envelope.payload.intervals[1]).toEqual({ weekday: 1, start: '12:00', end: '12:30', kind: 'break' });
    expect(
      (await t.gql('viewer', `mutation($input: WorkingHoursInput!) { replaceWorkingHours(input: $input) { weekday } }`, { input: week }))
        .errors[0].extensions.code,
    ).toBe('FORBIDDEN');

    const bad = await t.gql('frontDesk', `mutation($input: WorkingHoursInput!) { replaceWorkingHours(input: $input) { weekday } }`, {
      input: { ...week, intervals: [{ weekday: 1, start: '18:00', end: '09:00' }] },
    });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const off = await t.gql('frontDesk', `mutation($input: TimeOffInput!) { addTimeOff(input: $input) { id kind label locationId } }`, {
      input: { staffId: STAFF.jordan.id, startsAt: localTime('09:00', 20), endsAt: localTime('18:00', 20), label: 'Dentist' },
    });
    expect(off.data.addTimeOff).toMatchObject({ kind: 'time-off', label: 'Dentist', locationId: null });
    const listed = await t.gql('viewer', `query($from: String!, $to: String!) { timeOff(from: $from, to: $to) { id } }`, {
      from: localTime('00:00', 20),
      to: localTime('23:59', 20),
    });
    expect(listed.data.timeOff.map((x: any) => x.id)).toContain(off.data.addTimeOff.id);
    expect(
      (await t.gql('frontDesk', `mutation($id: ID!) { removeTimeOff(id: $id) }`, { id: off.data.addTimeOff.id })).data.removeTimeOff,
    ).toBe(true);

    const policy = await t.gql(
      'owner',
      `mutation($loc: ID!, $input: BookingPolicyInput!) { saveBookingPolicy(locationId: $loc, input: $input) { timeZone slotIntervalMin minNoticeMin } }`,
      {
        loc: LOCATION,
        input: { timeZone: 'America/Chicago', slotIntervalMin: 30 },
      },
    );
    expect(policy.data.saveBookingPolicy).toMatchObject({ timeZone: 'America/Chicago', slotIntervalMin: 30, minNoticeMin: 60 });
    expect(
      (await t.gql('viewer', `query($loc: ID!) { bookingPolicy(locationId: $loc) { slotIntervalMin } }`, { loc: LOCATION })).data
        .bookingPolicy.slotIntervalMin,
    ).toBe(30);
  });

  it('saves rooms and devices for business-settings editors only, refusing a duplicate name', async () => {
    const save = `mutation($id: ID, $input: ResourceInput!) { saveRoom(id: $id, input: $input) { id name capacity active } }`;
    expect(
      (await t.gql('frontDesk', save, { input: { locationId: LOCATION, name: 'Room 7', type: 'treatment' } })).errors[0].extensions.code,
    ).toBe('FORBIDDEN');
    const room = await t.gql('admin', save, { input: { locationId: LOCATION, name: 'Room 7', type: 'treatment', capacity: 2 } });
    expect(room.data.saveRoom).toMatchObject({ name: 'Room 7', capacity: 2, active: true });
    const renamed = await t.gql('admin', save, {
      id: room.data.saveRoom.id,
      input: { locationId: LOCATION, name: 'Room 8', type: 'treatment', active: false },
    });
    expect(renamed.data.saveRoom).toMatchObject({ id: room.data.saveRoom.id, name: 'Room 8', active: false });
    expect(
      (await t.gql('admin', save, { input: { locationId: LOCATION, name: 'Room 2', type: 'treatment' } })).errors[0].extensions.code,
    ).toBe('CONFLICT');
    const device = await t.gql('admin', `mutation($input: ResourceInput!) { saveDevice(input: $input) { kind name } }`, {
      input: { locationId: LOCATION, name: 'Steamer', type: 'steamer' },
    });
    expect(device.data.saveDevice).toEqual({ kind: 'device', name: 'Steamer' });
  });

  it('creates, reads (inactive included), replaces and deactivates a service for editors, with field errors', async () => {
    const SVC = 'id name active onlineBookable priceMinor deposit { type amountMinor percent } processing { startAfterMin durationMin }';
    const save = `mutation($id: ID, $input: ServiceInput!) { saveService(id: $id, input: $input) { ${SVC} } }`;
    const input = {
      locationId: LOCATION,
      name: 'Gloss',
      durationMin: 45,
      priceMinor: 5500,
      processing: { startAfterMin: 10, durationMin: 20 },
      deposit: { type: 'fixed', amountMinor: 1000 },
      staff: [{ staffId: STAFF.dana.id, priceMinor: 6000 }],
    };
    expect((await t.gql('viewer', save, { input })).errors[0].extensions.code).toBe('FORBIDDEN');
    const created = await t.gql('frontDesk', save, { input });
    expect(created.errors).toBeUndefined();
    expect(created.data.saveService).toMatchObject({
      name: 'Gloss',
      active: true,
      onlineBookable: true,
      deposit: { type: 'fixed', amountMinor: 1000, percent: null },
      processing: { startAfterMin: 10, durationMin: 20 },
    });
    const id = created.data.saveService.id;

    const bad = await t.gql('frontDesk', save, { id, input: { ...input, durationMin: 2 } });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.errors[0].extensions)).toMatch(/durationMin/);

    const replaced = await t.gql('frontDesk', save, {
      id,
      input: { ...input, onlineBookable: false, deposit: { type: 'percent', percent: 20 } },
    });
    expect(replaced.data.saveService).toMatchObject({ onlineBookable: false, deposit: { type: 'percent', percent: 20 } });

    const off = await t.gql('frontDesk', 'mutation($id: ID!) { deactivateService(id: $id) }', { id });
    expect(off.data.deactivateService).toBe(true);
    const read = await t.gql('viewer', `query($id: ID!) { service(id: $id) { ${SVC} } }`, { id });
    expect(read.data.service).toMatchObject({ id, active: false, onlineBookable: false });
    const missing = await t.gql('viewer', `query($id: ID!) { service(id: $id) { id } }`, { id: '00000000-0000-4000-8000-00000000abcd' });
    expect(missing.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await t.gql('casey', `query($id: ID!) { service(id: $id) { id } }`, { id })).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('schedules a class, enrols into it, and refuses a date its instructor is busy with the conflicts', async () => {
    const input = {
      locationId: LOCATION,
      name: 'Yoga',
      instructorId: STAFF.dana.id,
      startsAt: localTime('15:00', 12),
      durationMin: 60,
      capacity: 1,
    };
    const created = await t.gql(
      'frontDesk',
      `mutation($input: ScheduleClassInput!) { scheduleClass(input: $input) { seriesId sessions { id name capacity enrolledCount } } }`,
      { input },
    );
    expect(created.errors).toBeUndefined();
    const session = created.data.scheduleClass.sessions[0];
    const first = await t.gql(
      'frontDesk',
      `mutation($s: ID!, $c: ID!) { enrolInClass(sessionId: $s, clientId: $c) { id status waitlistPosition } }`,
      { s: session.id, c: CLIENT(6) },
    );
    expect(first.data.enrolInClass).toMatchObject({ status: 'enrolled', waitlistPosition: null });
    const second = await t.gql(
      'frontDesk',
      `mutation($s: ID!, $c: ID!) { enrolInClass(sessionId: $s, clientId: $c) { id status waitlistPosition } }`,
      { s: session.id, c: CLIENT(7) },
    );
    expect(second.data.enrolInClass).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const out = await t.gql(
      'frontDesk',
      `mutation($s: ID!, $e: ID!) { cancelClassEnrolment(sessionId: $s, enrolmentId: $e) { enrolment { status } promoted { clientId status } } }`,
      {
        s: session.id,
        e: first.data.enrolInClass.id,
      },
    );
    expect(out.data.cancelClassEnrolment).toEqual({
      enrolment: { status: 'cancelled' },
      promoted: [{ clientId: CLIENT(7), status: 'enrolled' }],
    });
    const detail = await t.gql(
      'viewer',
      `query($id: ID!) { classSession(id: $id) { enrolledCount enrolments { clientId status client { id } } } }`,
      { id: session.id },
    );
    expect(detail.data.classSession.enrolledCount).toBe(1);
    expect(detail.data.classSession.enrolments.map((e: any) => e.client.id)).toContain(CLIENT(7));
    const listed = await t.gql(
      'viewer',
      `query($loc: ID!, $from: String!, $to: String!) { classSessions(locationId: $loc, from: $from, to: $to) { id } }`,
      {
        loc: LOCATION,
        from: localTime('00:00', 12),
        to: localTime('23:59', 12),
      },
    );
    expect(listed.data.classSessions.map((c: any) => c.id)).toEqual([session.id]);

    const clash = await t.gql('frontDesk', `mutation($input: ScheduleClassInput!) { scheduleClass(input: $input) { seriesId } }`, {
      input: { ...input, name: 'Pilates' },
    });
    expect(clash.errors[0].extensions.code).toBe('CONFLICT');
    expect(JSON.stringify(clash.errors[0].extensions)).toMatch(/Dana Lee/);
    expect(
      (await t.gql('viewer', `mutation($input: ScheduleClassInput!) { scheduleClass(input: $input) { seriesId } }`, { input })).errors[0]
        .extensions.code,
    ).toBe('FORBIDDEN');
  });

  it('reads and saves the booking design; a stale version is refused with the current design', async () => {
    const read = await t.gql('settingsViewer', `{ bookingDesign { primaryColor version offeredServiceIds } }`);
    expect(read.data.bookingDesign).toMatchObject({ version: 0, offeredServiceIds: null });
    const input = { primaryColor: '#1d4ed8', backgroundColor: '#ffffff', headline: 'Welcome', version: 0 };
    const save = `mutation($input: BookingDesignInput!) { saveBookingDesign(input: $input) { primaryColor headline version } }`;
    expect((await t.gql('settingsViewer', save, { input })).errors[0].extensions.code).toBe('FORBIDDEN');
    const saved = await t.gql('owner', save, { input });
    expect(saved.data.saveBookingDesign).toEqual({ primaryColor: '#1d4ed8', headline: 'Welcome', version: 1 });
    const stale = await t.gql('owner', save, { input: { ...input, headline: 'Hi' } });
    expect(stale.errors[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'version', details: { headline: 'Welcome', version: 1 } });
    const contrast = await t.gql('owner', save, { input: { ...input, primaryColor: '#ffffff', version: 1 } });
    expect(contrast.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
