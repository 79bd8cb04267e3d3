import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION, startPayroll, USERS, type PayrollTestApp } from './payroll-app.js';

let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('time_clock');
});
afterAll(async () => {
  await t?.close();
});

const at = { locationId: LOCATION };

describe('clocking in and out from your own session', () => {
  it('clock in, a break, clock out: worked time less the break', async () => {
    t.clock.set('2026-11-23T15:00:00Z'); // 09:00 Chicago
    const inRes = await t.as('dana').post('/api/time-clock/clock-in', at).expect(201);
    expect(inRes.body).toMatchObject({ staffId: USERS.dana.id, status: 'open', workDate: '2026-11-23', source: 'self' });
    t.clock.set('2026-11-23T18:00:00Z');
    await t.as('dana').post('/api/time-clock/break-start', at).expect(201);
    expect((await t.as('dana').get('/api/time-clock/current').expect(200)).body.onBreak).toBe(true);
    // A second break while on one is refused, saying why.
    const twice = await t.as('dana').post('/api/time-clock/break-start', at).expect(409);
    expect(twice.body.error).toMatch(/already on a break/);
    t.clock.set('2026-11-23T18:30:00Z');
    await t.as('dana').post('/api/time-clock/break-end', at).expect(201);
    t.clock.set('2026-11-23T23:30:00Z');
    const out = await t.as('dana').post('/api/time-clock/clock-out', at).expect(201);
    expect(out.body).toMatchObject({ status: 'closed', workedMinutes: 8 * 60, breakMinutes: 30 });
    expect((await t.as('dana').get('/api/time-clock/current').expect(200)).body).toEqual({});
    await t.as('dana').post('/api/time-clock/clock-out', at).expect(409);
  });

  it('clocking someone else in without their PIN is refused, naming the field', async () => {
    const res = await t
      .as('dana')
      .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id })
      .expect(400);
    expect(res.body.error).toMatch(/pin/);
  });

  it('needs view_time_clock', async () => {
    await t.as('outsider').post('/api/time-clock/clock-in', at).expect(403);
    await t.as(null).post('/api/time-clock/clock-in', at).expect(401);
  });
});

describe('a shared front-desk screen with a personal PIN', () => {
  it('stores the PIN hashed, clocks the person in with it, refuses a wrong one and locks after five', async () => {
    await t.as('jordan').put('/api/time-clock/pin', { pin: '4821' }).expect(200);
    const [{ pin_hash }] = await t.sql(`SELECT pin_hash FROM clock_pins WHERE staff_id = $1`, [USERS.jordan.id]);
    expect(pin_hash).toMatch(/^\$argon2id\$/);
    expect(pin_hash).not.toContain('4821');

    t.clock.set('2026-11-24T15:00:00Z');
    const wrong = await t
      .as('desk')
      .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '0000' })
      .expect(400);
    expect(wrong.body.error).toMatch(/pin/);
    const ok = await t
      .as('desk')
      .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '4821' })
      .expect(201);
    expect(ok.body).toMatchObject({ staffId: USERS.jordan.id, source: 'kiosk' });
    t.clock.set('2026-11-24T16:00:00Z');
    await t
      .as('desk')
      .post('/api/time-clock/clock-out', { ...at, staffId: USERS.jordan.id, pin: '4821' })
      .expect(201);

    for (let i = 0; i < 5; i++)
      await t
        .as('desk')
        .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '1111' })
        .expect(400);
    // Locked now, even with the right PIN.
    await t
      .as('desk')
      .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '4821' })
      .expect(429);
    t.clock.set('2026-11-24T16:20:00Z');
    await t
      .as('desk')
      .post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '4821' })
      .expect(201);
    t.clock.set('2026-11-24T17:20:00Z');
    await t
      .as('desk')
      .post('/api/time-clock/clock-out', { ...at, staffId: USERS.jordan.id, pin: '4821' })
      .expect(201);
  });
});

describe('one open shift per person', () => {
  it('two simultaneous clock-ins (own phone and the desk): exactly one shift opens', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    const results = await Promise.all([
      t.as('jordan').post('/api/time-clock/clock-in', at),
      t.as('desk').post('/api/time-clock/clock-in', { ...at, staffId: USERS.jordan.id, pin: '4821' }),
      t.as('jordan').post('/api/time-clock/clock-in', at),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const open = await t.sql(`SELECT count(*)::int AS n FROM shifts WHERE staff_id = $1 AND status = 'open'`, [USERS.jordan.id]);
    expect(open).toEqual([{ n: 1 }]);
  });

  it('the database itself refuses a second open shift', async () => {
    await expect(
      t.sql(`INSERT INTO shifts (staff_id, location_id, clock_in_at, work_date, source) VALUES ($1, $2, now(), '2026-11-25', 'self')`, [
        USERS.jordan.id,
        LOCATION,
      ]),
    ).rejects.toThrow(/shifts_one_open_idx/);
  });
});

describe('a forgotten clock-out', () => {
  it('is flagged, not guessed, and a manager corrects it with a reason kept as an audit trail', async () => {
    // Jordan's shift from 09:00 on the 25th is still open 20 hours later.
    t.clock.set('2026-11-26T11:00:00Z');
    const sheet = await t.as('jordan').get(`/api/time-clock/timesheet?locationId=${LOCATION}&from=2026-11-25&to=2026-11-25`).expect(200);
    const shift = sheet.body.shifts[0];
    expect(shift).toMatchObject({ status: 'forgotten', clockOutAt: null, workedMinutes: 0 });
    expect(sheet.body.unresolved).toBe(1);
    // A forgotten shift does not block the next clock-in.
    await t.as('jordan').post('/api/time-clock/clock-in', at).expect(201);
    t.clock.set('2026-11-26T12:00:00Z');
    await t.as('jordan').post('/api/time-clock/clock-out', at).expect(201);

    // Approval waits for it.
    const refused = await t
      .as('manager')
      .post('/api/time-clock/approvals', { staffId: USERS.jordan.id, locationId: LOCATION, from: '2026-11-23', to: '2026-11-29' })
      .expect(409);
    expect(refused.body.error).toMatch(/open or forgotten/);

    // Staff cannot correct their own; a reason is required.
    await t
      .as('jordan')
      .patch(`/api/time-clock/shifts/${shift.id}`, {
        clockInAt: shift.clockInAt,
        clockOutAt: '2026-11-25T23:00:00Z',
        breakMinutes: 30,
        reason: 'Forgot',
        version: shift.version,
      })
      .expect(403);
    const noReason = await t
      .as('manager')
      .patch(`/api/time-clock/shifts/${shift.id}`, {
        clockInAt: shift.clockInAt,
        clockOutAt: '2026-11-25T23:00:00Z',
        breakMinutes: 30,
        reason: '',
        version: shift.version,
      })
      .expect(400);
    expect(noReason.body.error).toMatch(/reason/);
    const fixed = await t
      .as('manager')
      .patch(`/api/time-clock/shifts/${shift.id}`, {
        clockInAt: shift.clockInAt,
        clockOutAt: '2026-11-25T23:00:00Z',
        breakMinutes: 30,
        reason: 'Left at 5pm, confirmed with Jordan',
        version: shift.version,
      })
      .expect(200);
    expect(fixed.body).toMatchObject({ status: 'closed', workedMinutes: 7 * 60 + 30, breakMinutes: 30 });
    expect(fixed.body.edits).toEqual([
      {
        editedBy: USERS.manager.id,
        editedAt: '2026-11-26T12:00:00.000Z',
        reason: 'Left at 5pm, confirmed with Jordan',
        before: { clockInAt: '2026-11-25T15:00:00.000Z', clockOutAt: null, breakMinutes: 0 },
        after: { clockInAt: '2026-11-25T15:00:00.000Z', clockOutAt: '2026-11-25T23:00:00.000Z', breakMinutes: 30 },
      },
    ]);
    // A stale version is refused.
    await t
      .as('manager')
      .patch(`/api/time-clock/shifts/${shift.id}`, {
        clockInAt: shift.clockInAt,
        clockOutAt: '2026-11-25T22:00:00Z',
        breakMinutes: 0,
        reason: 'Again',
        version: shift.version,
      })
      .expect(409);
  });
});

describe('time sheets and approval', () => {
  it("staff see their own time sheet, not someone else's", async () => {
    await t
      .as('dana')
      .get(`/api/time-clock/timesheet?locationId=${LOCATION}&from=2026-11-23&to=2026-11-29&staffId=${USERS.jordan.id}`)
      .expect(403);
    const own = await t.as('dana').get(`/api/time-clock/timesheet?locationId=${LOCATION}&from=2026-11-23&to=2026-11-29`).expect(200);
    expect(own.body).toMatchObject({
      staffId: USERS.dana.id,
      workedMinutes: 480,
      regularMinutes: 480,
      overtimeMinutes: 0,
      approvedAt: null,
    });
    const bad = await t.as('dana').get(`/api/time-clock/timesheet?locationId=${LOCATION}&from=2026-11-29&to=2026-11-23`).expect(400);
    expect(bad.body.error).toMatch(/^to:/);
  });

  it('a manager approves the period; the shifts are marked approved', async () => {
    const res = await t
      .as('manager')
      .post('/api/time-clock/approvals', { staffId: USERS.jordan.id, locationId: LOCATION, from: '2026-11-23', to: '2026-11-29' })
      .expect(201);
    expect(res.body.approvedBy).toBe(USERS.manager.id);
    expect(res.body.shifts.every((s: { approved: boolean }) => s.approved)).toBe(true);
    await t
      .as('jordan')
      .post('/api/time-clock/approvals', { staffId: USERS.jordan.id, locationId: LOCATION, from: '2026-11-23', to: '2026-11-29' })
      .expect(403);
  });

  it('overtime follows the location rule: a daily limit when set', async () => {
    await t
      .as('manager')
      .put(`/api/time-clock/rules/${LOCATION}`, {
        weeklyLimitMinutes: 2400,
        dailyLimitMinutes: 420,
        multiplierPercent: 150,
        forgottenAfterHours: 14,
        cardFeeBps: 0,
      })
      .expect(200);
    const sheet = await t.as('dana').get(`/api/time-clock/timesheet?locationId=${LOCATION}&from=2026-11-23&to=2026-11-23`).expect(200);
    expect(sheet.body).toMatchObject({ workedMinutes: 480, regularMinutes: 420, overtimeMinutes: 60 });
  });
});

describe('GraphQL', () => {
  it('clocks in and reads the time sheet', async () => {
    t.clock.set('2026-11-27T15:00:00Z');
    const res = await t.gql('dana', `mutation($input: ClockInput!) { clockIn(input: $input) { status workDate source } }`, { input: at });
    expect(res.data.clockIn).toEqual({ status: 'open', workDate: '2026-11-27', source: 'self' });
    const sheet = await t.gql(
      'dana',
      `query($l: ID!) { timeSheet(locationId: $l, from: "2026-11-27", to: "2026-11-27") { shifts { status onBreak } unresolved } }`,
      { l: LOCATION },
    );
    expect(sheet.data.timeSheet).toEqual({ shifts: [{ status: 'open', onBreak: false }], unresolved: 1 });
    const denied = await t.gql(
      'outsider',
      `query($l: ID!) { timeSheet(locationId: $l, from: "2026-11-27", to: "2026-11-27") { unresolved } }`,
      { l: LOCATION },
    );
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql the gateway composes (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });
});
