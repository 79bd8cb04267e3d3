import { QUEUES, type EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { Queue } from 'bullmq';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '../modules/delivery/jobs/delivery-queues.js';
import { AutomationsUseCase } from '../modules/automations/use-cases/automations.use-case.js';
import { CustomAutomationsUseCase } from '../modules/automations/use-cases/custom-automations.use-case.js';
import { RunAutomationSendUseCase } from '../modules/automations/use-cases/run-automation-send.use-case.js';
import { RunDailyOccasionsUseCase } from '../modules/automations/use-cases/run-daily-occasions.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, twilioSignature, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * Automations through the real consumer, BullMQ delayed jobs, worker, PostgreSQL and the Twilio
 * peer: an appointment booked, moved and cancelled gives exactly the right sends; the due time is
 * overridden by promoting the delayed jobs (the test's clock), never by sleeping.
 */
const AUTH_TOKEN = 'test-twilio-auth-token';
const LOC = 'loc-chicago';
const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
const DATA = {
  business: 'Maple Street Salon',
  locations: [{ id: LOC, name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true, phone: '(312) 555-0100' }],
  clients: {
    'c-sms': {
      id: 'c-sms',
      firstName: 'Ana',
      phone: '+13125550111',
      email: 'ana@example.com',
      smsConsent: consent(true),
      emailConsent: consent(true),
    },
    'c-email': {
      id: 'c-email',
      firstName: 'Bea',
      phone: '+13125550122',
      email: 'bea@example.com',
      smsConsent: consent(false),
      emailConsent: consent(true),
    },
    'c-new': {
      id: 'c-new',
      firstName: 'Cleo',
      phone: '+13125550133',
      email: 'cleo@example.com',
      smsConsent: consent(true),
      emailConsent: consent(true),
    },
  } as Record<string, object>,
  users: { 'staff-1': { id: 'staff-1', firstName: 'Dana', lastName: 'Lee', username: 'dana' } } as Record<string, object>,
};

let t: MessagingTestApp;
let ses: LocalSes;
let peer: TwilioPeer;
let platform: FakePlatform;
let bus: EventTransport;
let queue: Queue;

const HOUR = 3_600_000;
function envelope(type: string, appointmentId: string, payload: Record<string, unknown>): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    aggregateType: 'appointment',
    aggregateId: appointmentId,
    locationId: LOC,
    actor: { type: 'user', id: null },
    traceparent: null,
    payload,
  };
}
const book = (appointmentId: string, clientId: string, startsAt: Date, serviceName = 'Haircut') =>
  envelope('scheduling.appointment.booked.v1', appointmentId, {
    appointmentId,
    clientId,
    serviceId: 'svc-1',
    serviceName,
    staffId: 'staff-1',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    priceMinor: 5500,
    currency: 'USD',
    source: 'staff',
  });

type SendRow = { id: string; kind: string; state: string; due_at: Date; reason: string | null; message_ids: string[] };
const sendsOf = (appointmentId: string) =>
  t.sql<SendRow>('SELECT id, kind, state, due_at, reason, message_ids FROM automation_sends WHERE appointment_id = $1 ORDER BY kind', [
    appointmentId,
  ]);
/** The due-time override: every waiting automation job runs now. */
async function promoteAll() {
  for (const job of await queue.getDelayed()) await job.promote();
}
const textsTo = (phone: string) => peer.messages().filter((m) => m.to === phone);

beforeAll(async () => {
  [ses, peer, platform] = await Promise.all([
    startLocalSes({ port: 0 }),
    startTwilioPeer({ port: 0, authToken: AUTH_TOKEN }),
    startFakePlatform(DATA),
  ]);
  t = await startMessaging('automations', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    SMS_PER_SENDER_PER_SECOND: '50',
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  });
  bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
  queue = new Queue(QUEUES.AUTOMATION, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix(t.config) });
  const automations = t.app.get(AutomationsUseCase);
  await automations.update({ locationId: LOC, kind: 'reminder', enabled: true, timing: 24, version: 0 });
  await automations.update({ locationId: LOC, kind: 'second-reminder', enabled: true, timing: 2, channelRule: 'both', version: 0 });
  // No quiet hours for these runs (the promoted jobs run at the machine's hour); the quiet-hours case sets its own clock.
  await automations.updateSettings({ locationId: LOC, quietStart: '00:00', quietEnd: '00:00', maxPerClientPerDay: 5, version: 0 });
});
afterAll(async () => {
  await queue?.close();
  await t?.close();
  await Promise.all([ses?.stop(), peer?.stop(), platform?.stop()]);
});

describe('reminders follow the appointment', () => {
  it('booked, moved, then due: one reminder and one second reminder, for the new time, each once', async () => {
    const id = randomUUID();
    const start = new Date(Date.now() + 72 * HOUR);
    const booking = book(id, 'c-sms', start);
    await bus.publish([booking]);
    const planned = await waitFor(async () => {
      const rows = await sendsOf(id);
      return rows.length === 2 ? rows : null;
    }, 'two reminders planned');
    expect(planned.map((r) => [r.kind, r.state, new Date(r.due_at).getTime()])).toEqual([
      ['reminder', 'scheduled', start.getTime() - 24 * HOUR],
      ['second-reminder', 'scheduled', start.getTime() - 2 * HOUR],
    ]);

    const moved = new Date(start.getTime() + 48 * HOUR);
    const reschedule = envelope('scheduling.appointment.rescheduled.v1', id, {
      appointmentId: id,
      clientId: 'c-sms',
      staffId: 'staff-1',
      previousStaffId: 'staff-1',
      previousStartsAt: start.toISOString(),
      startsAt: moved.toISOString(),
      endsAt: new Date(moved.getTime() + HOUR).toISOString(),
    });
    await bus.publish([reschedule]);
    await waitFor(async () => (await sendsOf(id)).every((r) => new Date(r.due_at) > start), 'reminders moved');
    // The booking delivered again, and a second copy of it with a new id: neither plans more nor moves the reminders back.
    await bus.publish([booking, book(id, 'c-sms', start)]);

    await promoteAll();
    await waitFor(async () => (await sendsOf(id)).every((r) => r.state === 'done'), 'both reminders done');
    await waitFor(async () => textsTo('+13125550111').length >= 2 && (await ses.emails()).length >= 1, 'the texts and the e-mail');
    const when = DateTime.fromJSDate(moved, { zone: 'America/Chicago' }).setLocale('en-US');
    const texts = textsTo('+13125550111').map((m) => m.body);
    expect(texts).toHaveLength(2);
    expect(texts).toContain(
      `Maple Street Salon: reminder, Haircut with Dana Lee on ${when.toFormat('ccc, LLL d')} at ${when.toFormat('h:mm a')}. Reply C to confirm.`,
    );
    // "both": the second reminder also went by e-mail.
    expect((await ses.emails()).filter((e) => e.destination.to.includes('ana@example.com'))).toHaveLength(1);
    await promoteAll();
    expect(textsTo('+13125550111')).toHaveLength(2);
  });

  it('cancelled before it is due: nothing is sent, and the send says why', async () => {
    const id = randomUUID();
    const start = new Date(Date.now() + 30 * HOUR);
    await bus.publish([book(id, 'c-email', start)]);
    await waitFor(async () => (await sendsOf(id)).length === 2, 'planned');
    await bus.publish([
      envelope('scheduling.appointment.cancelled.v1', id, {
        appointmentId: id,
        clientId: 'c-email',
        staffId: 'staff-1',
        startsAt: start.toISOString(),
        reason: null,
        lateCancel: false,
      }),
    ]);
    await waitFor(async () => (await sendsOf(id)).every((r) => r.state === 'cancelled'), 'cancelled');
    await promoteAll();
    const rows = await sendsOf(id);
    expect(rows.map((r) => [r.state, r.reason, r.message_ids])).toEqual([
      ['cancelled', 'The appointment was cancelled', []],
      ['cancelled', 'The appointment was cancelled', []],
    ]);
    expect(textsTo('+13125550122')).toHaveLength(0);
  });

  it('e-mails the client without SMS consent, checked when the reminder is sent', async () => {
    const id = randomUUID();
    await bus.publish([book(id, 'c-email', new Date(Date.now() + 50 * HOUR))]);
    await waitFor(async () => (await sendsOf(id)).length === 2, 'planned');
    await promoteAll();
    await waitFor(async () => (await sendsOf(id)).every((r) => r.state === 'done'), 'sent');
    expect(textsTo('+13125550122')).toHaveLength(0);
    await waitFor(async () => (await ses.emails()).filter((e) => e.destination.to.includes('bea@example.com')).length === 2, 'two e-mails');
  });

  it('holds a text due at 23:00 Chicago until 08:00, and skips past the client’s daily cap', async () => {
    const automations = t.app.get(AutomationsUseCase);
    const settings = await automations.settings(LOC);
    await automations.updateSettings({
      locationId: LOC,
      quietStart: '21:00',
      quietEnd: '08:00',
      maxPerClientPerDay: 5,
      version: settings.version,
    });
    const id = randomUUID();
    await bus.publish([book(id, 'c-sms', new Date(Date.now() + 100 * HOUR))]);
    const [reminder] = await waitFor(async () => {
      const rows = await sendsOf(id);
      return rows.length === 2 ? rows : null;
    }, 'planned');
    const run = t.worker!.get(RunAutomationSendUseCase);
    const late = DateTime.fromISO(DateTime.now().setZone('America/Chicago').toISODate() + 'T23:00', { zone: 'America/Chicago' }).toJSDate();
    expect(await run.run(reminder!.id, new Date(reminder!.due_at).getTime(), late)).toBe('deferred');
    const [held] = await sendsOf(id);
    expect(DateTime.fromJSDate(new Date(held!.due_at), { zone: 'America/Chicago' }).toFormat('HH:mm')).toBe('08:00');
    expect(held!.reason).toBe('Held for quiet hours');

    // Ana had two automated sends today (the reminder and the second reminder above): a cap of 2 stops a third.
    const now = await automations.settings(LOC);
    await automations.updateSettings({
      locationId: LOC,
      quietStart: '00:00',
      quietEnd: '00:00',
      maxPerClientPerDay: 2,
      version: now.version,
    });
    const [again] = await sendsOf(id);
    expect(await run.run(again!.id, new Date(again!.due_at).getTime())).toBe('skipped');
    expect((await sendsOf(id))[0]!.reason).toBe('The client had 2 automated messages in the last day');
  });
});

describe('replies to a reminder', () => {
  it('"C" from the reminded phone asks scheduling to confirm, is answered, and shows in the inbox', async () => {
    const params = {
      From: '+13125550111',
      To: '+15005550006',
      Body: 'C',
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      AccountSid: 'AC1',
    };
    const url = `${t.url}/api/webhooks/twilio/inbound`;
    const post = () =>
      request(t.app.getHttpServer())
        .post('/api/webhooks/twilio/inbound')
        .type('form')
        .set('X-Twilio-Signature', twilioSignature(AUTH_TOKEN, url, params))
        .send(params)
        .expect(200);
    await post();
    await post(); // Twilio redelivers: acted on once
    const events = await t.sql<{ type: string; payload: { action: string } }>(
      `SELECT type, envelope->'payload' AS payload FROM outbox WHERE type = 'messaging.appointment.reply-received.v1'`,
    );
    expect(events.map((e) => e.payload.action)).toEqual(['confirm']);
    await waitFor(async () => textsTo('+13125550111').some((m) => m.body.includes('confirmed')), 'the answer');
    expect(textsTo('+13125550111').filter((m) => m.body.includes('confirmed'))).toHaveLength(1);

    const admin = await t.token('admin');
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await request(t.app.getHttpServer()).post('/graphql').set('Authorization', `Bearer ${admin}`).send({ query, variables })).body;
    const list = await gql('{ conversations { id phone clientId unread lastMessageText } }');
    const conv = list.data.conversations.find((c: { phone: string }) => c.phone === '+13125550111');
    expect(conv).toMatchObject({ clientId: 'c-sms', unread: 1 });
    const msgs = await gql('query($id: ID!) { conversationMessages(conversationId: $id) { direction body action } }', { id: conv.id });
    expect(msgs.data.conversationMessages.filter((m: { direction: string }) => m.direction === 'inbound')).toEqual([
      { direction: 'inbound', body: 'C', action: 'confirmed' },
    ]);
    const counts = await gql(
      `{ automations(locationId: "${LOC}") { kind counts { sent replies confirmed } } automationSends(locationId: "${LOC}") { kind state channels reason } }`,
    );
    expect(counts.errors).toBeUndefined();
    // The reply counts for the reminder sent last; both reminders of that appointment went out within
    // the same moment, so which of the two it is may differ from run to run.
    const reminders = counts.data.automations
      .filter((a: { kind: string }) => a.kind === 'reminder' || a.kind === 'second-reminder')
      .map((a: { counts: { replies: number; confirmed: number } }) => a.counts);
    expect(reminders.reduce((n: number, c: { replies: number }) => n + c.replies, 0)).toBe(1);
    expect(reminders.reduce((n: number, c: { confirmed: number }) => n + c.confirmed, 0)).toBe(1);
    // Each send with its delivery state: the texts the peer took are sent, the cancelled ones say why.
    const states = counts.data.automationSends.map((s: { state: string }) => s.state);
    expect(states).toContain('sent');
    expect(counts.data.automationSends).toContainEqual({
      kind: 'reminder',
      state: 'cancelled',
      channels: [],
      reason: 'The appointment was cancelled',
    });
  });

  it('a text from a number nobody was texted at is a conversation of an unknown number and acts on nothing', async () => {
    const params = {
      From: '+13125559999',
      To: '+15005550006',
      Body: 'C',
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      AccountSid: 'AC1',
    };
    const url = `${t.url}/api/webhooks/twilio/inbound`;
    await request(t.app.getHttpServer())
      .post('/api/webhooks/twilio/inbound')
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(AUTH_TOKEN, url, params))
      .send(params)
      .expect(200);
    const [c] = await t.sql<{ client_id: string | null }>(`SELECT client_id FROM conversations WHERE phone = '+13125559999'`);
    expect(c!.client_id).toBeNull();
    expect(await t.sql(`SELECT 1 FROM outbox WHERE type = 'messaging.appointment.reply-received.v1'`)).toHaveLength(1);
  });
});

describe('owner automations', () => {
  const complete = (appointmentId: string, clientId: string, startsAt: Date) =>
    envelope('scheduling.appointment.completed.v1', appointmentId, {
      appointmentId,
      clientId,
      staffId: 'staff-1',
      serviceId: 'svc-1',
      startsAt: startsAt.toISOString(),
      priceMinor: 9000,
      currency: 'USD',
    });
  const customSends = (appointmentId: string) =>
    t.sql<SendRow & { custom_automation_id: string }>(
      `SELECT id, kind, state, due_at, reason, message_ids, custom_automation_id FROM automation_sends
        WHERE appointment_id = $1 AND kind = 'custom'`,
      [appointmentId],
    );
  const base = {
    locationId: LOC,
    name: 'First colour aftercare',
    trigger: 'appointment-completed',
    delayHours: 24,
    conditions: { serviceContains: 'colour', firstVisitOnly: true },
    channelRule: 'sms-else-email',
    smsTemplate: 'Hi {{firstName}}, thanks for your first {{service}}! Wash with cool water for 3 days.',
    emailSubject: 'Caring for your {{service}}',
    emailTemplate: 'Hi {{firstName}}, wash with cool water for 3 days.',
    enabled: true,
    version: 0,
  };

  it('a built-in automation or the limits saved from a stale version are refused', async () => {
    const automations = t.app.get(AutomationsUseCase);
    await expect(automations.update({ locationId: LOC, kind: 'reminder', enabled: false, version: 999 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      automations.updateSettings({ locationId: LOC, quietStart: '22:00', quietEnd: '07:00', maxPerClientPerDay: 5, version: 999 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await automations.list(LOC)).find((a) => a.kind === 'reminder')!.enabled).toBe(true);
  });

  it('refuses an automation with an unknown variable, an unknown trigger or too long a delay, naming the field', async () => {
    const custom = t.app.get(CustomAutomationsUseCase);
    for (const [change, field] of [
      [{ smsTemplate: 'Hi {{nickname}}' }, 'smsTemplate'],
      [{ trigger: 'client-exploded' }, 'trigger'],
      [{ delayHours: 100_000 }, 'delayHours'],
      [{ name: '' }, 'name'],
      [{ trigger: 'days-since-last-visit', conditions: {} }, 'days'],
      [{ days: 30 }, 'days'],
      [{ trigger: 'client-created' }, 'conditions'],
    ] as const) {
      await expect(custom.save({ ...base, ...change })).rejects.toMatchObject({
        details: [expect.objectContaining({ field, message: expect.any(String) })],
      });
    }
    expect(await custom.list(LOC)).toEqual([]);
  });

  it('sends once per occurrence that meets its conditions, through the same pipeline, after its delay', async () => {
    const custom = t.app.get(CustomAutomationsUseCase);
    const automation = await custom.save(base);
    expect(automation).toMatchObject({ name: 'First colour aftercare', serviceContains: 'colour', firstVisitOnly: true, version: 1 });

    // A first colour visit, completed (and the completion delivered twice): one send, due 24 hours on.
    const first = randomUUID();
    const start = new Date(Date.now() - 3 * HOUR);
    await bus.publish([book(first, 'c-new', start, 'Full Colour')]);
    await waitFor(
      async () => (await t.sql(`SELECT 1 FROM automation_appointments WHERE appointment_id = $1`, [first])).length === 1,
      'mirrored',
    );
    const before = Date.now();
    await bus.publish([complete(first, 'c-new', start)]);
    const [planned] = await waitFor(async () => {
      const rows = await customSends(first);
      return rows.length === 1 ? rows : null;
    }, 'the owner automation planned');
    expect(planned!.custom_automation_id).toBe(automation.id);
    expect(new Date(planned!.due_at).getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR);
    await bus.publish([complete(first, 'c-new', start)]);

    // A haircut (not a colour service) and a second colour visit (not the first) plan nothing.
    const haircut = randomUUID();
    const second = randomUUID();
    const later = new Date(Date.now() - HOUR);
    await bus.publish([book(haircut, 'c-sms', later, 'Haircut'), book(second, 'c-new', later, 'Colour refresh')]);
    await bus.publish([complete(haircut, 'c-sms', later), complete(second, 'c-new', later)]);
    await waitFor(
      async () =>
        (await t.sql(`SELECT 1 FROM automation_appointments WHERE appointment_id IN ($1, $2) AND status = 'completed'`, [haircut, second]))
          .length === 2,
      'both completions seen',
    );

    await promoteAll();
    await waitFor(async () => (await customSends(first))[0]!.state === 'done', 'sent');
    await waitFor(async () => textsTo('+13125550133').length === 1, 'the text at the Twilio peer');
    expect(textsTo('+13125550133')[0]!.body).toBe('Hi Cleo, thanks for your first Full Colour! Wash with cool water for 3 days.');
    await promoteAll();
    expect(await customSends(first)).toHaveLength(1);
    expect(await customSends(haircut)).toEqual([]);
    expect(await customSends(second)).toEqual([]);
    expect(textsTo('+13125550133')).toHaveLength(1);
    const [listed] = await custom.list(LOC);
    expect(listed!.counts).toMatchObject({ scheduled: 0 });

    // Turned off: a new first-colour client's completion plans nothing.
    await custom.save({ ...base, id: automation.id, enabled: false, version: listed!.version });
    const off = randomUUID();
    await bus.publish([book(off, 'c-email', later, 'Full Colour'), complete(off, 'c-email', later)]);
    await waitFor(
      async () =>
        (await t.sql(`SELECT 1 FROM automation_appointments WHERE appointment_id = $1 AND status = 'completed'`, [off])).length === 1,
      'completion seen',
    );
    expect(await customSends(off)).toEqual([]);
    // A stale version is refused.
    await expect(custom.save({ ...base, id: automation.id, version: listed!.version })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a booked-trigger message is dropped when the appointment is cancelled before it is due; a cancelled-trigger one goes by e-mail', async () => {
    const custom = t.app.get(CustomAutomationsUseCase);
    await custom.save({ ...base, name: 'Prep tips', trigger: 'appointment-booked', delayHours: 1, conditions: {} });
    await custom.save({
      ...base,
      name: 'Sorry to miss you',
      trigger: 'appointment-cancelled',
      delayHours: 0,
      conditions: {},
      channelRule: 'email',
      emailSubject: 'We hope to see you soon, {{firstName}}',
    });
    const id = randomUUID();
    const start = new Date(Date.now() + 100 * HOUR);
    await bus.publish([book(id, 'c-new', start)]);
    await waitFor(async () => (await customSends(id)).length === 1, 'prep tips planned');
    await bus.publish([
      envelope('scheduling.appointment.cancelled.v1', id, {
        appointmentId: id,
        clientId: 'c-new',
        staffId: 'staff-1',
        startsAt: start.toISOString(),
        reason: null,
        lateCancel: false,
      }),
    ]);
    await waitFor(async () => (await customSends(id)).length === 2, 'sorry planned');
    await promoteAll();
    await waitFor(async () => (await customSends(id)).every((r) => r.state !== 'scheduled'), 'both finished');
    const rows = await t.sql<{ name: string; state: string }>(
      `SELECT a.name, s.state FROM automation_sends s JOIN custom_automations a ON a.id = s.custom_automation_id
        WHERE s.appointment_id = $1 ORDER BY a.name`,
      [id],
    );
    expect(rows).toEqual([
      { name: 'Prep tips', state: 'cancelled' },
      { name: 'Sorry to miss you', state: 'done' },
    ]);
    await waitFor(
      async () => (await ses.emails()).some((e) => e.subject === 'We hope to see you soon, Cleo'),
      'the e-mail in the local SES store',
    );
  });

  it('a new client gets the welcome once (an imported one none); a lapsed client gets "30 days since the last visit" once per visit', async () => {
    const custom = t.app.get(CustomAutomationsUseCase);
    const welcome = await custom.save({
      ...base,
      name: 'Welcome',
      trigger: 'client-created',
      delayHours: 2,
      conditions: {},
      smsTemplate: 'Welcome, {{firstName}}! Reply with any question.',
    });
    expect(welcome).toMatchObject({ trigger: 'client-created', days: null });
    const lapsed = await custom.save({
      ...base,
      name: 'We miss you',
      trigger: 'days-since-last-visit',
      days: 30,
      delayHours: 0,
      conditions: {},
      smsTemplate: 'Hi {{firstName}}, it has been a month. Time for a trim?',
    });
    expect(lapsed).toMatchObject({ trigger: 'days-since-last-visit', days: 30 });
    const sms = (id: string, firstName: string, phone: string, over: object = {}) => ({
      id,
      firstName,
      phone,
      email: null,
      smsConsent: consent(true),
      emailConsent: consent(false),
      ...over,
    });
    const sendsFor = (automationId: string) =>
      t.sql<SendRow & { client_id: string }>(
        `SELECT id, kind, state, due_at, reason, message_ids, client_id FROM automation_sends WHERE custom_automation_id = $1 ORDER BY client_id`,
        [automationId],
      );

    // The clients service's created event (delivered twice), and one for a client from a CSV import.
    DATA.clients['c-welcome'] = sms('c-welcome', 'Wren', '+13125550155');
    DATA.clients['c-imported'] = sms('c-imported', 'Ivo', '+13125550166');
    const created = (clientId: string, firstName: string, importId: string | null = null) => ({
      ...envelope('clients.client.created.v1', clientId, { clientId, firstName, lastName: null, source: null, importId }),
      aggregateType: 'client',
      locationId: null,
    });
    const before = Date.now();
    await bus.publish([created('c-welcome', 'Wren'), created('c-imported', 'Ivo', 'import-1')]);
    await bus.publish([created('c-welcome', 'Wren')]);
    const [planned] = await waitFor(async () => {
      const rows = await sendsFor(welcome.id);
      return rows.length === 1 ? rows : null;
    }, 'the welcome planned');
    expect(planned).toMatchObject({ client_id: 'c-welcome', state: 'scheduled' });
    expect(new Date(planned!.due_at).getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR);
    await promoteAll();
    await waitFor(async () => textsTo('+13125550155').length === 1, 'the welcome at the Twilio peer');
    expect(textsTo('+13125550155')[0]!.body).toBe('Welcome, Wren! Reply with any question.');
    expect(await sendsFor(welcome.id)).toHaveLength(1);
    expect(textsTo('+13125550166')).toEqual([]);

    // The daily run on the test's own calendar: 30 days after the last visit, once; 10 days after, nothing yet.
    const at = new Date('2026-03-31T15:00:00Z');
    const daysAgo = (n: number) => new Date(at.getTime() - n * 24 * HOUR).toISOString();
    DATA.clients['c-lapsed'] = sms('c-lapsed', 'Lou', '+13125550177', { lastVisitAt: daysAgo(30) });
    DATA.clients['c-recent'] = sms('c-recent', 'Rae', '+13125550188', { lastVisitAt: daysAgo(10) });
    const daily = t.worker!.get(RunDailyOccasionsUseCase);
    expect((await daily.run(LOC, at)).planned['days-since-last-visit']).toBe(1);
    expect((await daily.run(LOC, at)).planned['days-since-last-visit']).toBe(0);
    expect((await daily.run(LOC, new Date(at.getTime() + 3 * 24 * HOUR))).planned['days-since-last-visit']).toBe(0);
    await promoteAll();
    await waitFor(async () => textsTo('+13125550177').length === 1, 'the lapsed client texted');
    expect(textsTo('+13125550177')[0]!.body).toBe('Hi Lou, it has been a month. Time for a trim?');
    expect((await sendsFor(lapsed.id)).map((r) => [r.client_id, r.state])).toEqual([['c-lapsed', 'done']]);
    expect(textsTo('+13125550188')).toEqual([]);
    for (const id of ['c-welcome', 'c-imported', 'c-lapsed', 'c-recent']) delete DATA.clients[id];
  });
});
