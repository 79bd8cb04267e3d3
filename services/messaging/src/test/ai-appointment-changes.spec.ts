import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { startLlmPeer, twilioSignature, type LlmPeer } from './local-peers.js';

// Moving and cancelling by text (issue 16): the texting phone is matched to a client (the clients
// service's exact phone search), the assistant lists that client's own appointments and moves or
// cancels one through scheduling's on-behalf-of-a-client API (service token, online rules), after
// staff approve the draft. A small HTTP server stands in for scheduling and clients; the model is
// the local mock LLM answering by infra/local/mock-llm.yaml through the real openai SDK.

const AUTH_TOKEN = 'test-twilio-auth-token';
const LOCATION = '0b6f3c1e-3a52-4c4c-9a3e-5f3c2d1a0c01';
const HAIRCUT = '4a1d2c3b-1111-4c4c-9a3e-5f3c2d1a0c02';
const DANA = '7e2d1c3b-2222-4c4c-9a3e-5f3c2d1a0c03';
const ZONE = 'America/Chicago';
const SIGNATURE = '– AI assistant';
const ANA = { id: 'c1000000-0000-4000-8000-000000000001', phone: '+13125558001' };
const LATE = { id: 'c1000000-0000-4000-8000-000000000002', phone: '+13125558002' };
const UNKNOWN_PHONE = '+13125558009';
const LOCATION_NUMBER = '+13125550188';

let t: MessagingTestApp;
let llm: LlmPeer;
let fake: Server;
let admin: string;
let inboundSeq = 0;
/** Every change scheduling was asked for, with the caller's authorization. */
const changes: { action: string; clientId: string; appointmentId: string; body: any; authorization: string | undefined }[] = [];
/** Bookings scheduling was asked for: onto a client's profile (service token) or as an online visitor. */
const booked: { clientId: string | null; body: any; authorization: string | undefined; key: string | undefined }[] = [];
/** Each client's appointments as scheduling keeps them. */
const appointments = new Map<string, any[]>();

const tomorrow = () => DateTime.now().setZone(ZONE).plus({ days: 1 }).toFormat('yyyy-MM-dd');
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toUTC().toISO()!;
const appointment = (id: string, startsAt: string, canChange = true) => ({
  id,
  status: 'booked',
  serviceId: HAIRCUT,
  staffId: DANA,
  startsAt,
  endsAt: startsAt,
  serviceName: 'Haircut',
  staffName: 'Dana Reyes',
  priceMinor: 5500,
  currency: 'USD',
  locationId: LOCATION,
  canChange,
  changeBlockedReason: canChange ? null : 'Changes within 24 hours of the appointment cannot be made online; please call the salon',
});

function startFake(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (url.pathname === '/api/online-booking')
        return json(200, {
          businessName: 'Willow & Sage',
          design: { policies: 'Please cancel 24 hours ahead.' },
          locations: [{ id: LOCATION, name: 'Downtown', timeZone: ZONE }],
        });
      if (url.pathname === '/api/online-booking/services')
        return json(200, [
          {
            id: HAIRCUT,
            name: 'Haircut',
            durationMin: 45,
            priceMinor: 5500,
            maxPriceMinor: 5500,
            currency: 'USD',
            staff: [{ id: DANA, name: 'Dana Reyes' }],
          },
        ]);
      if (url.pathname === '/api/online-booking/availability') {
        const date = url.searchParams.get('from')!;
        return json(200, {
          timeZone: ZONE,
          slots: ['10:00', '14:00', '14:30'].map((time) => ({
            startsAt: at(date, time),
            endsAt: at(date, time),
            staffId: DANA,
            staffName: 'Dana Reyes',
          })),
        });
      }
      if (url.pathname.startsWith('/api/booking-policies/')) return json(403, { error: 'Forbidden' });
      if (url.pathname === '/api/online-booking/appointments' && req.method === 'POST') {
        const body = JSON.parse(raw);
        booked.push({ clientId: null, body, authorization: req.headers.authorization, key: req.headers['idempotency-key'] as string });
        return json(201, {
          appointment: appointment(`v0000000-0000-4000-8000-00000000000${booked.length}`, body.startsAt),
          policies: null,
        });
      }
      // The clients service's search: exact phones of the two clients on file.
      if (url.pathname === '/api/clients') {
        const search = url.searchParams.get('search');
        const found = [ANA, LATE].filter((c) => c.phone === search);
        return json(200, {
          data: found.map((c) => ({
            id: c.id,
            firstName: 'Ana',
            lastName: null,
            phone: c.phone,
            smsConsent: { granted: true, changedAt: null, method: null, changedBy: null },
          })),
        });
      }
      const m = /^\/api\/online-booking\/clients\/([^/]+)\/appointments(?:\/([^/]+)\/(cancel|reschedule))?$/.exec(url.pathname);
      if (m) {
        if (!req.headers.authorization?.startsWith('Bearer ')) return json(401, { error: 'Unauthorized' });
        const [, clientId, appointmentId, action] = m;
        const list = appointments.get(clientId) ?? [];
        if (!action && req.method === 'POST') {
          const body = JSON.parse(raw);
          booked.push({ clientId, body, authorization: req.headers.authorization, key: req.headers['idempotency-key'] as string });
          const a = appointment(`b0000000-0000-4000-8000-00000000000${booked.length}`, body.startsAt);
          appointments.set(clientId, [...list, a]);
          return json(201, { appointment: a, policies: null });
        }
        if (!action) return json(200, list);
        const a = list.find((x) => x.id === appointmentId);
        if (!a) return json(404, { error: `Appointment ${appointmentId} not found` });
        const body = raw ? JSON.parse(raw) : {};
        if (a.status === 'cancelled') return json(409, { error: 'This appointment is already cancelled' });
        changes.push({ action, clientId, appointmentId, body, authorization: req.headers.authorization });
        if (action === 'cancel') a.status = 'cancelled';
        else Object.assign(a, { startsAt: body.startsAt, staffId: body.staffId });
        return json(200, { ...a, canChange: a.status === 'booked' });
      }
      json(404, { error: 'not found' });
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.app.getHttpServer()).post('/graphql').set('Authorization', `Bearer ${admin}`).send({ query, variables });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as Record<string, any>;
}

async function text(from: string, body: string) {
  const params = { From: from, To: '+15005550006', Body: body, MessageSid: `SM-change-${++inboundSeq}` };
  await request(t.app.getHttpServer())
    .post('/api/webhooks/twilio/inbound')
    .type('form')
    .set('X-Twilio-Signature', twilioSignature(AUTH_TOKEN, `${t.url}/api/webhooks/twilio/inbound`, params))
    .send(params)
    .expect(200);
  return params.MessageSid;
}

async function turnFor(sid: string) {
  return waitFor(async () => {
    const [r] = await t.sql<any>(
      `SELECT r.* FROM ai_replies r JOIN conversation_messages cm ON cm.id = r.inbound_message_id
       WHERE cm.provider_message_id = $1 AND r.status <> 'thinking'`,
      [sid],
    );
    return r;
  }, `the AI turn for ${sid}`);
}

const approve = (id: string) => gql(`mutation($id: ID!) { approveAiReply(id: $id) }`, { id });

beforeAll(async () => {
  llm = await startLlmPeer({ port: 0 });
  const port = await freePort();
  fake = await startFake(port);
  t = await startMessaging('ai_changes', {
    SCHEDULING_URL: `http://127.0.0.1:${port}`,
    CLIENTS_URL: `http://127.0.0.1:${port}`,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  });
  admin = await t.token('admin');
  await gql(`mutation($input: AiProviderInput!) { saveAiProvider(input: $input) { configured } }`, {
    input: { baseUrl: llm.baseUrl, model: 'local', apiKey: 'local-key' },
  });
  await gql(`mutation($input: PhoneNumberInput!) { savePhoneNumber(input: $input) { number } }`, {
    input: { locationId: LOCATION, number: LOCATION_NUMBER, forwardTo: '+13125550111', ringStaff: [], ringSeconds: 15 },
  });
  await gql(`mutation($input: AiLocationSettingsInput!) { saveAiLocationSettings(input: $input) { mode } }`, {
    input: { locationId: LOCATION, mode: 'draft', autoFrom: '09:00', autoTo: '18:00', signature: SIGNATURE },
  });
});
afterAll(async () => {
  await t?.close();
  await llm?.stop();
  await new Promise((r) => fake?.close(r));
});

describe('moving and cancelling by text', () => {
  it('matches the phone to the client, offers engine times, and moves the client’s appointment only when staff approve', async () => {
    const day = tomorrow();
    appointments.set(ANA.id, [appointment('a0000000-0000-4000-8000-000000000001', at(day, '10:00'))]);

    const offer = await turnFor(await text(ANA.phone, 'can you move my haircut?'));
    expect(offer.status).toBe('draft');
    expect(offer.tool_calls.map((c: any) => [c.name, c.refused])).toEqual([
      ['my_appointments', false],
      ['find_times', false],
    ]);
    // The client's own appointment (10:00 AM, a time of theirs the reply may name) and the engine's afternoon times.
    expect(offer.body).toMatch(
      /^Upcoming appointments: 1\) Haircut on \w+ \d+ \w+ at 10:00 AM with Dana Reyes\. We can move it to Haircut .*: 2:00 PM, 2:30 PM\. Which time suits you\?/,
    );
    await approve(offer.id);

    const move = await turnFor(await text(ANA.phone, 'yes please move it to 2:00 PM'));
    expect(move.status).toBe('draft');
    expect(move.pending_action).toEqual({
      kind: 'move',
      clientId: ANA.id,
      appointmentId: 'a0000000-0000-4000-8000-000000000001',
      startsAt: at(day, '14:00'),
      staffId: DANA,
      description: expect.stringMatching(/^Haircut on \w+ \d+ \w+ at 10:00 AM with Dana Reyes, to \w+ \d+ \w+ at 2:00 PM with Dana Reyes$/),
    });
    expect(move.body).toMatch(/^Moved: Haircut to \w+ \d+ \w+ at 2:00 PM with Dana Reyes\. Thank you!\n– AI assistant$/);
    expect(changes).toEqual([]); // a draft changes nothing
    const log = (await gql(`{ aiReplies(status: "draft") { pendingAction } }`)).aiReplies;
    expect(log[0].pendingAction).toMatch(/^Move Haircut on .* at 10:00 AM .*, to .* at 2:00 PM with Dana Reyes$/);

    await approve(move.id);
    expect(changes).toEqual([
      {
        action: 'reschedule',
        clientId: ANA.id,
        appointmentId: 'a0000000-0000-4000-8000-000000000001',
        body: { startsAt: at(day, '14:00'), staffId: DANA },
        authorization: expect.stringMatching(/^Bearer /),
      },
    ]);
    // Sent from the location's own number (it has one), not TWILIO_FROM.
    expect(await t.sql(`SELECT sender FROM messages WHERE purpose = 'ai-reply' AND recipient = $1`, [ANA.phone])).toEqual([
      { sender: LOCATION_NUMBER },
      { sender: LOCATION_NUMBER },
    ]);
  });

  it('refuses a move to a time the engine did not offer in the conversation', async () => {
    const turn = await turnFor(await text(ANA.phone, 'move it to 11:45 PM'));
    expect(turn.tool_calls[0]).toMatchObject({ name: 'move_appointment', refused: true });
    expect(turn.tool_calls[0].result).toContain('11:45 PM was not offered by the availability engine');
    expect(turn).toMatchObject({ status: 'handed-over', pending_action: null });
    await gql(`mutation($id: ID!) { clearAiHandover(conversationId: $id) }`, { id: turn.conversation_id });
  });

  it('cancels the client’s appointment on approval, through scheduling’s cancellation rules', async () => {
    changes.length = 0;
    const turn = await turnFor(await text(ANA.phone, 'please cancel my appointment'));
    expect(turn.status).toBe('draft');
    expect(turn.pending_action).toMatchObject({ kind: 'cancel', clientId: ANA.id, appointmentId: 'a0000000-0000-4000-8000-000000000001' });
    expect(turn.body).toMatch(/^Cancelled: Haircut on \w+ \d+ \w+ at 2:00 PM with Dana Reyes\. Thank you!/);
    expect(changes).toEqual([]);
    await approve(turn.id);
    expect(changes).toEqual([
      expect.objectContaining({
        action: 'cancel',
        appointmentId: 'a0000000-0000-4000-8000-000000000001',
        body: { reason: 'Cancelled by text message (AI assistant)' },
      }),
    ]);
    const [sent] = await t.sql<any>(`SELECT status, action_done_at FROM ai_replies WHERE id = $1`, [turn.id]);
    expect(sent.status).toBe('sent');
    expect(sent.action_done_at).not.toBeNull();
  });

  it('sends a retried approval without asking scheduling again once its change was made', async () => {
    changes.length = 0;
    const id = 'a0000000-0000-4000-8000-000000000003';
    appointments.set(ANA.id, [appointment(id, at(tomorrow(), '14:30'))]);
    const turn = await turnFor(await text(ANA.phone, 'please cancel my appointment'));
    expect(turn.pending_action).toMatchObject({ kind: 'cancel', appointmentId: id });
    // An earlier approval cancelled it and then could not queue the text: the draft is still a draft.
    appointments.get(ANA.id)![0].status = 'cancelled';
    await t.sql(`UPDATE ai_replies SET action_done_at = now() WHERE id = $1`, [turn.id]);
    await approve(turn.id);
    expect(changes).toEqual([]);
    const [sent] = await t.sql<any>(`SELECT status, error FROM ai_replies WHERE id = $1`, [turn.id]);
    expect(sent).toEqual({ status: 'sent', error: null });
  });

  it('never touches an appointment that is not the client’s own, nor one inside the late-cancel window', async () => {
    changes.length = 0;
    appointments.set(LATE.id, [appointment('a0000000-0000-4000-8000-000000000002', at(tomorrow(), '10:00'), false)]);
    // Someone else's appointment id (Ana's): not in this client's list, so refused and handed to staff.
    const foreign = await turnFor(await text(LATE.phone, 'cancel appointment a0000000-0000-4000-8000-000000000001'));
    expect(foreign).toMatchObject({ status: 'handed-over', pending_action: null });
    expect(foreign.tool_calls[0]).toMatchObject({ name: 'cancel_appointment', refused: true });
    expect(foreign.handover_reason).toContain("is not one of the client's appointments");

    await gql(`mutation($id: ID!) { clearAiHandover(conversationId: $id) }`, { id: foreign.conversation_id });
    const late = await turnFor(await text(LATE.phone, 'cancel my appointment'));
    expect(late).toMatchObject({
      status: 'handed-over',
      handover_reason: 'Changes within 24 hours of the appointment cannot be made online; please call the salon',
      pending_action: null,
    });
    expect(changes).toEqual([]);
  });

  it('hands over when the texting phone is not a client on file', async () => {
    const turn = await turnFor(await text(UNKNOWN_PHONE, 'please cancel my appointment'));
    expect(turn).toMatchObject({
      status: 'handed-over',
      handover_reason: 'The texting phone is not on file as a client: staff must find the appointment',
    });
    expect(changes).toEqual([]);
  });

  it('books a texter on file onto their own profile (no visitor profile), and a later "cancel" finds that booking', async () => {
    appointments.set(ANA.id, []);
    changes.length = 0;
    const offer = await turnFor(await text(ANA.phone, 'can I get a haircut tomorrow afternoon?'));
    expect(offer.status).toBe('draft');
    await approve(offer.id);
    const book = await turnFor(await text(ANA.phone, '2:30 PM'));
    expect(book.status).toBe('draft');
    expect(book.pending_action).toMatchObject({ kind: 'book', clientId: ANA.id, startsAt: at(tomorrow(), '14:30') });
    expect(booked).toEqual([]);
    await approve(book.id);
    expect(booked).toEqual([
      {
        clientId: ANA.id,
        body: { locationId: LOCATION, serviceId: HAIRCUT, staffId: DANA, startsAt: at(tomorrow(), '14:30'), notes: expect.any(String) },
        authorization: expect.stringMatching(/^Bearer /),
        key: `ai-reply-${book.id}`,
      },
    ]);

    const cancel = await turnFor(await text(ANA.phone, 'please cancel my appointment'));
    expect(cancel.pending_action).toMatchObject({
      kind: 'cancel',
      clientId: ANA.id,
      appointmentId: 'b0000000-0000-4000-8000-000000000001',
    });
    await approve(cancel.id);
    expect(changes).toEqual([
      expect.objectContaining({ action: 'cancel', clientId: ANA.id, appointmentId: 'b0000000-0000-4000-8000-000000000001' }),
    ]);
  });

  it('books a texter who is not on file as an online visitor', async () => {
    booked.length = 0;
    const phone = '+13125558010';
    await approve((await turnFor(await text(phone, 'can I get a haircut tomorrow afternoon?'))).id);
    const book = await turnFor(await text(phone, '2:00 PM'));
    expect(book.pending_action).toMatchObject({ kind: 'book', clientId: null, phone });
    await approve(book.id);
    expect(booked).toEqual([
      expect.objectContaining({ clientId: null, body: expect.objectContaining({ client: { firstName: 'Text client', phone } }) }),
    ]);
  });
});
