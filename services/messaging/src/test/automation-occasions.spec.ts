import { QUEUES, type EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '../modules/delivery/jobs/delivery-queues.js';
import { AutomationsUseCase } from '../modules/automations/use-cases/automations.use-case.js';
import { RunDailyOccasionsUseCase } from '../modules/automations/use-cases/run-daily-occasions.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, type LocalSes } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * The birthday and win-back automations through the real daily queue (BullMQ job schedulers),
 * the automation queue and worker, PostgreSQL and the local SES server. The run's moment is the
 * test's clock (a job carrying `at`), never today's date; a repeated run sends nothing more.
 */
const CHI = 'loc-chicago';
const LA = 'loc-la';
const ZONE = 'America/Chicago';
const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
// The run's moment: 10:00 on 10 March 2026 in Chicago (two days after the spring-forward).
const AT = DateTime.fromISO('2026-03-10T10:00', { zone: ZONE }).toJSDate();
const client = (id: string, fields: object) => ({
  id,
  firstName: id,
  phone: null,
  email: `${id}@example.com`,
  smsConsent: consent(false),
  emailConsent: consent(true),
  ...fields,
});
const DATA = {
  business: 'Maple Street Salon',
  locations: [
    { id: CHI, name: 'Chicago', timeZone: ZONE, isActive: true, isDefault: true },
    { id: LA, name: 'Los Angeles', timeZone: 'America/Los_Angeles', isActive: true, isDefault: false },
  ],
  clients: {
    // Birthday today on Chicago's calendar.
    bday: client('bday', { birthday: '1990-03-10' }),
    // Birthday today, but no consent to marketing e-mail and none to texts: skipped, with the reason.
    nocons: client('nocons', { birthday: '1988-03-10', emailConsent: consent(false) }),
    // Birthday tomorrow: not today's.
    tomorrow: client('tomorrow', { birthday: '1991-03-11' }),
    // A Chicago birthday today, but the client belongs to Los Angeles: that location's run, not this one.
    west: client('west', { birthday: '1992-03-10', preferredLocationId: LA }),
    // Last seen more than 3 months ago: win-back.
    lapsed: client('lapsed', { lastVisitAt: '2025-11-20T16:00:00.000Z' }),
    // Seen last month: nothing.
    recent: client('recent', { lastVisitAt: '2026-02-20T16:00:00.000Z' }),
    // Lapsed, but something is booked: no win-back.
    booked: client('booked', { lastVisitAt: '2025-10-01T16:00:00.000Z' }),
  } as Record<string, object>,
};

let t: MessagingTestApp;
let ses: LocalSes;
let platform: FakePlatform;
let daily: Queue;

type SendRow = { client_id: string; kind: string; state: string; reason: string | null; idempotency_key: string };
const sends = () =>
  t.sql<SendRow>(
    `SELECT client_id, kind, state, reason, idempotency_key FROM automation_sends WHERE kind IN ('birthday', 'win-back') ORDER BY client_id`,
  );
const emailsTo = async (id: string) => (await ses.emails()).filter((e) => e.destination.to.includes(`${id}@example.com`));
const runDaily = (at: Date) => daily.add('daily', { locationId: CHI, at: at.getTime() }, { jobId: `test-${randomUUID()}` });

beforeAll(async () => {
  [ses, platform] = await Promise.all([startLocalSes({ port: 0 }), startFakePlatform(DATA)]);
  t = await startMessaging('occasions', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  });
  daily = new Queue(QUEUES.AUTOMATION_DAILY, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix(t.config) });
  const automations = t.app.get(AutomationsUseCase);
  await automations.update({ locationId: CHI, kind: 'birthday', enabled: true, timing: 0, version: 0 });
  await automations.update({ locationId: CHI, kind: 'win-back', enabled: true, timing: 3, version: 0 });
  await automations.updateSettings({ locationId: CHI, quietStart: '00:00', quietEnd: '00:00', maxPerClientPerDay: 5, version: 0 });
  const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
  const start = new Date(AT.getTime() + 30 * 24 * 3_600_000 + 365 * 24 * 3_600_000);
  const booked: EventEnvelope = {
    id: randomUUID(),
    type: 'scheduling.appointment.booked.v1',
    occurredAt: AT.toISOString(),
    aggregateType: 'appointment',
    aggregateId: 'appt-booked',
    locationId: CHI,
    actor: { type: 'user', id: null },
    traceparent: null,
    payload: {
      appointmentId: 'appt-booked',
      clientId: 'booked',
      serviceId: 'svc-1',
      serviceName: 'Haircut',
      staffId: 'staff-1',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      priceMinor: 5500,
      currency: 'USD',
      source: 'staff',
    },
  };
  await bus.publish([booked]);
  await waitFor(
    async () => (await t.sql(`SELECT 1 FROM automation_appointments WHERE appointment_id = 'appt-booked'`)).length > 0,
    'mirror',
  );
});
afterAll(async () => {
  await daily?.close();
  await t?.close();
  await Promise.all([ses?.stop(), platform?.stop()]);
});

describe('daily birthday and win-back run', () => {
  it('keeps one scheduler per location at 10:00 in the location’s own zone', async () => {
    const schedulers = await waitFor(async () => {
      const all = await daily.getJobSchedulers(0, -1);
      return all.length === 2 ? all : null;
    }, 'the schedulers');
    expect(schedulers.map((s) => [s.key, s.pattern, s.tz]).sort()).toEqual([
      [`daily:${CHI}`, '0 10 * * *', ZONE],
      [`daily:${LA}`, '0 10 * * *', 'America/Los_Angeles'],
    ]);
  });

  it('sends the birthday and win-back messages once each, honouring consent, whatever the retries', async () => {
    await runDaily(AT);
    await waitFor(async () => {
      const rows = await sends();
      return rows.length === 3 && rows.every((r) => r.state !== 'scheduled') ? rows : null;
    }, 'three sends finished');
    // The job retried and run again the same day, and a second worker's run of the same moment: nothing more.
    await runDaily(AT);
    await t.worker!.get(RunDailyOccasionsUseCase).run(CHI, new Date(AT.getTime() + 3 * 3_600_000));
    await waitFor(async () => (await daily.getJobCounts('completed')).completed >= 2, 'both daily jobs ran');

    const rows = await sends();
    expect(rows.map((r) => [r.client_id, r.kind, r.state, r.idempotency_key])).toEqual([
      ['bday', 'birthday', 'done', 'birthday:bday:2026-03-10'],
      ['lapsed', 'win-back', 'done', 'win-back:lapsed:2025-11-20'],
      ['nocons', 'birthday', 'skipped', 'birthday:nocons:2026-03-10'],
    ]);
    expect(rows.find((r) => r.client_id === 'nocons')!.reason).toBe('No channel the client can be reached on with consent');
    const birthday = await waitFor(async () => ((await emailsTo('bday')).length ? emailsTo('bday') : null), 'the birthday e-mail');
    expect(birthday.map((e) => e.subject)).toEqual(['Happy birthday, bday!']);
    const winBack = await waitFor(async () => ((await emailsTo('lapsed')).length ? emailsTo('lapsed') : null), 'the win-back e-mail');
    expect(winBack.map((e) => e.subject)).toEqual(['We miss you at Maple Street Salon']);
    for (const id of ['nocons', 'tomorrow', 'west', 'recent', 'booked']) expect(await emailsTo(id)).toHaveLength(0);

    // The next day: that birthday is past and the win-back of that absence was sent; only the next birthday is due.
    const nextDay = await t.worker!.get(RunDailyOccasionsUseCase).run(CHI, new Date(AT.getTime() + 24 * 3_600_000));
    expect(nextDay).toEqual({ planned: { birthday: 1, 'win-back': 0, 'days-since-last-visit': 0 } });
    await waitFor(async () => ((await emailsTo('tomorrow')).length ? true : null), 'the next birthday e-mail');
    expect(await emailsTo('bday')).toHaveLength(1);
    expect(await emailsTo('lapsed')).toHaveLength(1);
  });

  it('sends nothing for a location whose birthday and win-back automations are off', async () => {
    expect(await t.worker!.get(RunDailyOccasionsUseCase).run(LA, AT)).toEqual({
      planned: { birthday: 0, 'win-back': 0, 'days-since-last-visit': 0 },
    });
  });
});

describe('no-show rate of reminded vs not-reminded appointments', () => {
  it('compares the finished appointments of the last 90 days that had a reminder sent with those that had none', async () => {
    const day = 86_400_000;
    const appointment = async (id: string, status: string, daysAgo: number, reminder: 'done' | 'cancelled' | null) => {
      await t.sql(
        `INSERT INTO automation_appointments (appointment_id, client_id, location_id, service_name, staff_id, starts_at, status)
         VALUES ($1, 'c', $2, 'Haircut', 'staff-1', $3, $4)`,
        [id, CHI, new Date(Date.now() - daysAgo * day), status],
      );
      if (reminder)
        await t.sql(
          `INSERT INTO automation_sends (location_id, kind, appointment_id, client_id, idempotency_key, due_at, state)
           VALUES ($1, 'reminder', $2, 'c', $3, now(), $4)`,
          [CHI, id, `reminder:${id}`, reminder],
        );
    };
    // Reminded: 3 finished, 1 no-show. Not reminded (none, or a reminder that was cancelled): 2 finished, 1 no-show.
    await appointment('r1', 'completed', 3, 'done');
    await appointment('r2', 'completed', 10, 'done');
    await appointment('r3', 'no-show', 20, 'done');
    await appointment('n1', 'no-show', 5, null);
    await appointment('n2', 'completed', 6, 'cancelled');
    // Neither counts: cancelled, and one older than the window.
    await appointment('x1', 'cancelled', 4, 'done');
    await appointment('x2', 'no-show', 120, null);

    const admin = await t.token('admin');
    const res = await request(t.app.getHttpServer())
      .post('/graphql')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        query: `query($l: ID!) { reminderNoShowRates(locationId: $l) { days reminded { appointments noShows rate } notReminded { appointments noShows rate } } }`,
        variables: { l: CHI },
      });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.reminderNoShowRates).toEqual({
      days: 90,
      reminded: { appointments: 3, noShows: 1, rate: 1 / 3 },
      notReminded: { appointments: 2, noShows: 1, rate: 0.5 },
    });
  });
});
