import ICAL from 'ical.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, localTime, LOCATION, seedCalendar, STAFF, startScheduling, type SchedulingTestApp } from './scheduling-app.js';

// Issue 19: each staff member subscribes to their own appointments from Google or Apple Calendar
// through a secret, revocable URL; read back here with a real iCalendar parser.
let t: SchedulingTestApp;
let ids: Awaited<ReturnType<typeof seedCalendar>>;

beforeAll(async () => {
  t = await startScheduling('feeds');
  ids = await seedCalendar(t);
});
afterAll(async () => t?.close());

const feedPath = (staffId: string) => `/api/calendar-feeds/staff/${staffId}`;
const read = (path: string) => request(t.url).get(path);
const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('a staff member’s calendar feed', () => {
  it('hands its owner a secret link that a calendar app reads without signing in, with their appointments only', async () => {
    const book = (staffId: string, time: string, day: number) =>
      t.as('admin').post('/api/appointments', {
        locationId: LOCATION,
        clientId: CLIENT(2),
        serviceId: ids.haircutId,
        staffId,
        startsAt: localTime(time, day),
      });
    const mine = await book(STAFF.dana.id, '10:00', 6);
    const theirs = await book(STAFF.jordan.id, '11:00', 6);
    const cancelled = await book(STAFF.dana.id, '14:00', 6);
    expect([mine.status, theirs.status, cancelled.status]).toEqual([201, 201, 201]);
    await t
      .as('admin')
      .patch(`/api/appointments/${cancelled.body.id}`, { status: 'cancelled', version: cancelled.body.version })
      .expect(200);

    // Dana herself, with only her own schedule to see, asks for the link.
    const first = await t.as('danaOwn').get(feedPath(STAFF.dana.id));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ active: false });
    const created = await t.as('danaOwn').post(feedPath(STAFF.dana.id)).expect(201);
    expect(created.body.path).toMatch(/^\/api\/calendar-feeds\/ics\/[\w-]{32}\.ics$/);

    const feed = await read(created.body.path);
    expect(feed.status, feed.text + created.body.path).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.text);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`${mine.body.id}-1@salon-platform`);
    expect(uids).not.toContain(`${theirs.body.id}-1@salon-platform`);
    expect(uids).not.toContain(`${cancelled.body.id}-1@salon-platform`);
    const event = events.find((e) => e.uid === `${mine.body.id}-1@salon-platform`)!;
    expect(event.startDate.toJSDate().toISOString()).toBe(mine.body.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(mine.body.endsAt);
    expect(event.summary).toBe(mine.body.serviceName);
    expect(event.location).toBe('Downtown');
    expect(feed.text).toContain('Dana Lee');

    // Reading it is remembered ("last synced"), and the answer never holds the secret's hash.
    const status = (await t.as('danaOwn').get(feedPath(STAFF.dana.id)).expect(200)).body;
    expect(status).toMatchObject({ active: true });
    expect(status.lastReadAt).not.toBeNull();
    expect(JSON.stringify(status)).not.toMatch(/hash|path/);
  });

  it('follows a moved appointment with a higher sequence, in place', async () => {
    const created = await t.as('danaOwn').post(feedPath(STAFF.dana.id)).expect(201);
    const booked = await t
      .as('admin')
      .post('/api/appointments', {
        locationId: LOCATION,
        clientId: CLIENT(3),
        serviceId: ids.haircutId,
        staffId: STAFF.dana.id,
        startsAt: localTime('09:00', 7),
      })
      .expect(201);
    const before = parse((await read(created.body.path).expect(200)).text).find((e) => e.uid === `${booked.body.id}-1@salon-platform`)!;
    const moved = await t
      .as('admin')
      .patch(`/api/appointments/${booked.body.id}`, { startsAt: localTime('12:00', 7), version: booked.body.version })
      .expect(200);
    const after = parse((await read(created.body.path).expect(200)).text).find((e) => e.uid === `${booked.body.id}-1@salon-platform`)!;
    expect(after.startDate.toJSDate().toISOString()).toBe(moved.body.startsAt);
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it('stops working when revoked or replaced; a new link works', async () => {
    const first = await t.as('danaOwn').post(feedPath(STAFF.dana.id)).expect(201);
    const second = await t.as('danaOwn').post(feedPath(STAFF.dana.id)).expect(201);
    expect((await read(first.body.path).expect(404)).body.error).toMatch(/not valid any more/);
    await read(second.body.path).expect(200);
    await t.as('danaOwn').delete(feedPath(STAFF.dana.id)).expect(204);
    await read(second.body.path).expect(404);
    await t.as('danaOwn').delete(feedPath(STAFF.dana.id)).expect(404);
    await read('/api/calendar-feeds/ics/not-a-token').expect(404);
  });

  it('is someone else’s to hand out only with edit_calendar', async () => {
    // Dana may not take Jordan's; the front desk (edit_calendar) and the admin may.
    await t.as('danaOwn').post(feedPath(STAFF.jordan.id)).expect(403);
    await t.as('danaOwn').get(feedPath(STAFF.jordan.id)).expect(403);
    await t.as('viewer').post(feedPath(STAFF.jordan.id)).expect(403);
    await t.as('frontDesk').post(feedPath(STAFF.jordan.id)).expect(201);
    await t.as('admin').delete(feedPath(STAFF.jordan.id)).expect(204);
    // Nobody without a schedule to see gets in at all, and a person identity does not know is refused.
    await t.as('outsider').get(feedPath(STAFF.jordan.id)).expect(403);
    await t.as('admin').post(feedPath('5a000000-0000-4000-8000-0000000000ff')).expect(400);
    await t.as('admin').get(feedPath('nobody')).expect(404);
  });

  it('is the same through GraphQL, with the same guards', async () => {
    const created = await t.gql('danaOwn', `mutation ($id: ID!) { createCalendarFeed(staffId: $id) { active path } }`, {
      id: STAFF.dana.id,
    });
    expect(created.data.createCalendarFeed.active).toBe(true);
    await read(created.data.createCalendarFeed.path).expect(200);
    const status = await t.gql('danaOwn', `query ($id: ID!) { calendarFeed(staffId: $id) { active lastReadAt } }`, { id: STAFF.dana.id });
    expect(status.data.calendarFeed.active).toBe(true);
    const refused = await t.gql('danaOwn', `mutation ($id: ID!) { revokeCalendarFeed(staffId: $id) }`, { id: STAFF.jordan.id });
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    const revoked = await t.gql('danaOwn', `mutation ($id: ID!) { revokeCalendarFeed(staffId: $id) }`, { id: STAFF.dana.id });
    expect(revoked.data.revokeCalendarFeed).toBe(true);
    await read(created.data.createCalendarFeed.path).expect(404);
  });
});
