import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiReplyQueue } from '../modules/ai/jobs/ai-reply-queue.js';
import { freePort, startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { startLlmPeer, twilioSignature, type LlmPeer } from './local-peers.js';

// AI messaging (issue 16) end to end inside messaging: the real API and worker, the real openai SDK
// against the local model server (mock-llm answering by infra/local/mock-llm.yaml), and a small
// HTTP server standing in for scheduling's online booking API (its catalogue, engine slots and
// bookings), so the tool-call loop, the guards, drafts, approval and hand-over run for real.

const AUTH_TOKEN = 'test-twilio-auth-token';
const LOCATION = '0b6f3c1e-3a52-4c4c-9a3e-5f3c2d1a0b01';
const HAIRCUT = '4a1d2c3b-1111-4c4c-9a3e-5f3c2d1a0b02';
const DANA = '7e2d1c3b-2222-4c4c-9a3e-5f3c2d1a0b03';
const UPTOWN = '0b6f3c1e-3a52-4c4c-9a3e-5f3c2d1a0b04';
const ZONE = 'America/Chicago';
const SIGNATURE = '– AI assistant';

let t: MessagingTestApp;
let llm: LlmPeer;
let scheduling: Server;
let admin: string;
const bookings: Record<string, any>[] = [];
const taken = new Set<string>();
/** The booking answer's deposit (scheduling holds the time for it) and retail's card modal for it. */
let depositDue: { amountMinor: number; currency: string; dueAt: string } | null = null;
let cardModal: Record<string, string> | null = null;
const depositStarts: string[] = [];
let inboundSeq = 0;

/** The engine's slots for a local day: 10:00 (morning), 14:00 and 14:30 with Dana, minus what is booked. */
function slotsOn(date: string) {
  return ['10:00', '14:00', '14:30']
    .map((time) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toUTC().toISO()!)
    .filter((startsAt) => !taken.has(startsAt))
    .map((startsAt) => ({ startsAt, endsAt: startsAt, staffId: DANA, staffName: 'Dana Reyes' }));
}

function startScheduling(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/online-booking') {
      return json(200, {
        businessName: 'Willow & Sage',
        design: { policies: 'Please cancel 24 hours ahead.' },
        locations: [
          { id: LOCATION, name: 'Downtown', timeZone: ZONE, address: '12 Main St', phone: '+13125550100' },
          { id: UPTOWN, name: 'Uptown', timeZone: ZONE, address: '90 North Ave', phone: '+13125550200' },
        ],
      });
    }
    if (url.pathname === '/api/online-booking/services') {
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
    }
    if (url.pathname === '/api/online-booking/availability')
      return json(200, { timeZone: ZONE, slots: slotsOn(url.searchParams.get('from')!) });
    if (url.pathname.startsWith('/api/booking-policies/')) return json(403, { error: 'Forbidden' });
    if (url.pathname === '/api/online-booking/appointments' && req.method === 'POST') {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const body = JSON.parse(raw);
        if (taken.has(body.startsAt)) return json(409, { error: 'That time was just taken', alternatives: [] });
        taken.add(body.startsAt);
        bookings.push({ ...body, idempotencyKey: req.headers['idempotency-key'] });
        json(201, {
          appointment: {
            id: `appt-${bookings.length}`,
            startsAt: body.startsAt,
            serviceName: 'Haircut',
            staffName: 'Dana Reyes',
            priceMinor: 5500,
          },
          ...(depositDue ? { deposit: depositDue } : {}),
        });
      });
      return;
    }
    // Retail's deposit of a held booking (public; the same deposit again for the same appointment).
    if (url.pathname === '/api/booking-deposits' && req.method === 'POST') {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const { appointmentId } = JSON.parse(raw);
        depositStarts.push(appointmentId);
        json(201, {
          id: 'dep-1',
          appointmentId,
          status: 'awaiting_payment',
          amountMinor: depositDue!.amountMinor,
          currency: 'USD',
          dueAt: depositDue!.dueAt,
          failureReason: null,
          cardModal,
        });
      });
      return;
    }
    json(404, { error: 'not found' });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.app.getHttpServer()).post('/graphql').set('Authorization', `Bearer ${admin}`).send({ query, variables });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as Record<string, any>;
}

async function text(from: string, body: string, to = '+15005550006') {
  const params = { From: from, To: to, Body: body, MessageSid: `SM-ai-${++inboundSeq}` };
  await request(t.app.getHttpServer())
    .post('/api/webhooks/twilio/inbound')
    .type('form')
    .set('X-Twilio-Signature', twilioSignature(AUTH_TOKEN, `${t.url}/api/webhooks/twilio/inbound`, params))
    .send(params)
    .expect(200);
  return params.MessageSid;
}

/** The AI turn for a text, once the worker finished it. */
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

/** The worker finished the AI job of a text (whether or not it wrote anything). */
async function jobDone(sid: string) {
  const [{ id }] = await t.sql<{ id: string }>(`SELECT id FROM conversation_messages WHERE provider_message_id = $1`, [sid]);
  const queue = t.app.get(AiReplyQueue).queue;
  await waitFor(async () => (await queue.getJobState(id)) === 'completed', `the AI job of ${sid}`);
}

const saveSettings = (mode: string, autoFrom = '09:00', autoTo = '18:00', locationId = LOCATION, signature = SIGNATURE) =>
  gql(`mutation($input: AiLocationSettingsInput!) { saveAiLocationSettings(input: $input) { mode version } }`, {
    input: { locationId, mode, autoFrom, autoTo, signature },
  });
const approve = (id: string) => gql(`mutation($id: ID!) { approveAiReply(id: $id) }`, { id });
const phoneNo = (n: number) => `+1312555${String(7000 + n)}`;

beforeAll(async () => {
  llm = await startLlmPeer({ port: 0 });
  const port = await freePort();
  scheduling = await startScheduling(port);
  t = await startMessaging('ai', {
    SCHEDULING_URL: `http://127.0.0.1:${port}`,
    RETAIL_URL: `http://127.0.0.1:${port}`,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  });
  admin = await t.token('admin');
});
afterAll(async () => {
  await t?.close();
  await llm?.stop();
  await new Promise((r) => scheduling?.close(r));
});

describe('AI messaging', () => {
  it('without a provider the page says so and inbound texts get no AI turn', async () => {
    expect((await gql(`{ aiProvider { configured baseUrl model hasKey } }`)).aiProvider).toEqual({
      configured: false,
      baseUrl: null,
      model: null,
      hasKey: false,
    });
    await saveSettings('draft');
    const sid = await text(phoneNo(1), 'can I get a haircut tomorrow afternoon?');
    // The inbox has the text; the assistant wrote nothing.
    await jobDone(sid);
    expect(await t.sql(`SELECT * FROM ai_replies`)).toEqual([]);
  });

  it('drafts a reply offering only engine times, books the one the client picks on approval, and logs it all', async () => {
    const provider = await gql(`mutation($input: AiProviderInput!) { saveAiProvider(input: $input) { configured model hasKey } }`, {
      input: { baseUrl: llm.baseUrl, model: 'local', apiKey: 'local-key' },
    });
    expect(provider.saveAiProvider).toEqual({ configured: true, model: 'local', hasKey: true });
    const phone = phoneNo(2);

    const first = await turnFor(await text(phone, 'can I get a haircut tomorrow afternoon?'));
    expect(first.status).toBe('draft');
    // Tomorrow afternoon's engine slots, not the morning one, quoted with the catalogue's price; signed as AI.
    expect(first.body).toMatch(
      /^We can do Haircut \(45 min, \$55\.00\) on \w+ \d+ \w+: 2:00 PM, 2:30 PM\. Which time suits you\?\n– AI assistant$/,
    );
    expect(first.tool_calls).toEqual([
      expect.objectContaining({ name: 'find_times', refused: false, result: expect.stringContaining('2:00 PM, 2:30 PM') }),
    ]);
    expect(JSON.stringify(first.context)).toContain('- Haircut: 45 min, $55.00');
    expect(JSON.stringify(first.context)).toContain('Please cancel 24 hours ahead.');

    // Nothing reaches the client before staff approve.
    expect(await t.sql(`SELECT 1 FROM messages WHERE purpose = 'ai-reply'`)).toEqual([]);
    await approve(first.id);
    const [sent] = await t.sql<any>(`SELECT body_text AS body, recipient FROM messages WHERE purpose = 'ai-reply'`);
    expect(sent.body).toBe(first.body);

    const second = await turnFor(await text(phone, '2:30 PM'));
    expect(second.status).toBe('draft');
    expect(second.pending_action).toMatchObject({ serviceId: HAIRCUT, staffId: DANA, phone });
    expect(second.body).toMatch(/^Booked: Haircut on \w+ \d+ \w+ at 2:30 PM with Dana Reyes\. See you then!/);
    expect(bookings).toEqual([]); // a draft books nothing
    await approve(second.id);
    expect(bookings).toHaveLength(1);
    expect(DateTime.fromISO(bookings[0].startsAt, { zone: ZONE }).toFormat('HH:mm')).toBe('14:30');
    expect(bookings[0]).toMatchObject({ locationId: LOCATION, serviceId: HAIRCUT, staffId: DANA, client: { phone } });
    expect(bookings[0].idempotencyKey).toBe(`ai-reply-${second.id}`);
    // A second click changes nothing.
    await approve(second.id);
    expect(bookings).toHaveLength(1);

    // The admin log shows both turns with their tool calls.
    const log = (await gql(`{ aiReplies(limit: 10) { status body pendingAction toolCalls { name refused } } }`)).aiReplies;
    expect(log.slice(0, 2).map((r: any) => [r.status, r.toolCalls.map((c: any) => c.name)])).toEqual([
      ['sent', ['book_appointment']],
      ['sent', ['find_times']],
    ]);
  });

  it('refuses to book a time the engine did not return, and hands the conversation over', async () => {
    const phone = phoneNo(3);
    const turn = await turnFor(await text(phone, 'book me a haircut at midnight tomorrow'));
    expect(turn.tool_calls[0]).toMatchObject({ name: 'book_appointment', refused: true });
    expect(turn.tool_calls[0].result).toContain('11:45 PM was not offered by the availability engine');
    expect(turn.status).toBe('handed-over');
    expect(turn.pending_action).toBeNull();
    const handovers = (await gql(`{ aiHandovers { phone reason } }`)).aiHandovers;
    expect(handovers).toContainEqual({ phone, reason: expect.stringContaining('did not return') });
  });

  it('never lets a made-up time or price reach the client', async () => {
    const made = await turnFor(await text(phoneNo(4), 'can you squeeze me in?'));
    expect(made).toMatchObject({
      status: 'handed-over',
      handover_reason: 'The reply named 4:15 PM, a time the availability engine did not return',
    });
    const cheap = await turnFor(await text(phoneNo(5), 'any discount?'));
    expect(cheap).toMatchObject({ status: 'handed-over', handover_reason: 'The reply quoted $5.00, a price the catalogue does not hold' });
    const fair = await turnFor(await text(phoneNo(6), 'how much is a cut?'));
    expect(fair).toMatchObject({ status: 'draft', body: `A haircut is $55.00 and takes 45 minutes.\n${SIGNATURE}` });
  });

  it('hands over at once when asked for a person or on a complaint, then stays quiet until cleared', async () => {
    const phone = phoneNo(7);
    const person = await turnFor(await text(phone, 'Can I speak to a real person please'));
    expect(person).toMatchObject({ status: 'handed-over', handover_reason: 'The client asked for a person', tool_calls: [] });
    const quiet = await text(phone, 'how much is a cut?');
    await jobDone(quiet);
    expect(
      await t.sql(
        `SELECT 1 FROM ai_replies r JOIN conversation_messages cm ON cm.id = r.inbound_message_id WHERE cm.provider_message_id = $1`,
        [quiet],
      ),
    ).toEqual([]);
    const [{ conversation_id }] = await t.sql<any>(
      `SELECT conversation_id FROM ai_handovers h JOIN conversations c ON c.id = h.conversation_id WHERE c.phone = $1`,
      [phone],
    );
    await gql(`mutation($id: ID!) { clearAiHandover(conversationId: $id) }`, { id: conversation_id });
    expect((await turnFor(await text(phone, 'how much is a cut?'))).status).toBe('draft');

    const complaint = await turnFor(await text(phoneNo(8), 'My colour was awful and I want a refund'));
    expect(complaint).toMatchObject({ status: 'handed-over', handover_reason: 'The client complained' });
    // The model is unsure: it hands over itself.
    const unsure = await turnFor(await text(phoneNo(9), 'do you sell gift cards for dogs?'));
    expect(unsure).toMatchObject({ status: 'handed-over', handover_reason: 'The assistant was not sure what to answer' });
  });

  it('STOP applies to AI replies: a draft for an opted-out number is never sent', async () => {
    const phone = phoneNo(10);
    const turn = await turnFor(await text(phone, 'how much is a cut?'));
    expect(turn.status).toBe('draft');
    await text(phone, 'STOP');
    await approve(turn.id);
    const [row] = await t.sql<any>(`SELECT status, error FROM ai_replies WHERE id = $1`, [turn.id]);
    expect(row).toEqual({ status: 'discarded', error: 'The number texted STOP: no AI reply is sent' });
    expect(await t.sql(`SELECT 1 FROM messages WHERE purpose = 'ai-reply' AND recipient = $1`, [phone])).toEqual([]);
  });

  it('in auto mode during its hours the reply is sent without approval', async () => {
    await saveSettings('auto', '00:00', '00:00'); // the same time: all day
    const turn = await turnFor(await text(phoneNo(11), 'how much is a cut?'));
    await waitFor(
      async () => (await t.sql<any>(`SELECT status FROM ai_replies WHERE id = $1`, [turn.id]))[0].status === 'sent',
      'the auto send',
    );
    expect(await t.sql(`SELECT 1 FROM messages WHERE purpose = 'ai-reply' AND recipient = $1`, [phoneNo(11)])).toHaveLength(1);
  });

  it('never tells the client "booked" when the time is only held for a deposit: the payment link, else staff', async () => {
    await saveSettings('draft');
    taken.clear();
    const dueAt = DateTime.now().plus({ minutes: 30 }).toUTC().toISO()!;
    depositDue = { amountMinor: 2000, currency: 'USD', dueAt };
    cardModal = { kind: 'hosted_page', url: 'http://127.0.0.1:8007/hosted/payment_intents/pi_1?client_secret=s' };
    const phone = phoneNo(12);
    await approve((await turnFor(await text(phone, 'can I get a haircut tomorrow afternoon?'))).id);
    const book = await turnFor(await text(phone, '2:00 PM'));
    expect(book.body).toMatch(/^Booked: /); // the model could not know
    await approve(book.id);
    const [sent] = await t.sql<any>(
      `SELECT body_text AS body FROM messages WHERE purpose = 'ai-reply' AND recipient = $1 ORDER BY queued_at DESC LIMIT 1`,
      [phone],
    );
    const due = DateTime.fromISO(dueAt, { zone: ZONE }).toFormat("cccc d LLLL 'at' h:mm a");
    expect(sent.body).toBe(
      `Not booked yet: Haircut on ${DateTime.now().setZone(ZONE).plus({ days: 1 }).toFormat('cccc d LLLL')} at 2:00 PM with Dana Reyes is held for you until ${due}. ` +
        `A deposit of $20.00 confirms it; pay it here: ${cardModal.url}\n${SIGNATURE}`,
    );
    expect(sent.body).not.toMatch(/booked:/i);
    const [row] = await t.sql<any>(`SELECT status, body, pending_action FROM ai_replies WHERE id = $1`, [book.id]);
    expect(row).toMatchObject({ status: 'sent', body: sent.body, pending_action: { held: { appointmentId: expect.any(String) } } });
    expect(depositStarts).toEqual([row.pending_action.held.appointmentId]);

    // No link retail can give (its card form needs the booking page): nothing is sent, staff take it with the reason.
    taken.clear();
    cardModal = { kind: 'payment_element', publishableKey: 'pk', clientSecret: 's' };
    const other = phoneNo(13);
    await approve((await turnFor(await text(other, 'can I get a haircut tomorrow afternoon?'))).id);
    const held = await turnFor(await text(other, '2:00 PM'));
    await approve(held.id);
    const [after] = await t.sql<any>(`SELECT status, error FROM ai_replies WHERE id = $1`, [held.id]);
    expect(after.status).toBe('handed-over');
    expect(after.error).toContain('needs a deposit of $20.00 and no payment link could be made');
    expect(await t.sql(`SELECT 1 FROM messages WHERE purpose = 'ai-reply' AND recipient = $1`, [other])).toHaveLength(1);
    expect((await gql(`{ aiHandovers { phone reason } }`)).aiHandovers).toContainEqual({ phone: other, reason: after.error });
    depositDue = null;
  });

  it('answers for the location whose own number was texted; a number that is no location’s keeps the old rule', async () => {
    await saveSettings('draft');
    await saveSettings('draft', '09:00', '18:00', UPTOWN, '– Uptown assistant');
    const number = (locationId: string, n: string) =>
      gql(`mutation($input: PhoneNumberInput!) { savePhoneNumber(input: $input) { number } }`, {
        input: { locationId, number: n, forwardTo: '+13125550111', ringStaff: [], ringSeconds: 15 },
      });
    await number(LOCATION, '+13125550301');
    await number(UPTOWN, '+13125550302');
    const phone = phoneNo(14);

    const uptown = await turnFor(await text(phone, 'how much is a cut?', '+13125550302'));
    expect(uptown).toMatchObject({
      location_id: UPTOWN,
      status: 'draft',
      body: 'A haircut is $55.00 and takes 45 minutes.\n– Uptown assistant',
    });
    expect(JSON.stringify(uptown.context)).toContain('Uptown');
    const [{ to_number }] = await t.sql<any>(`SELECT to_number FROM conversation_messages WHERE id = $1`, [uptown.inbound_message_id]);
    expect(to_number).toBe('+13125550302');
    // The same texter at the other location's number is answered for that location.
    expect((await turnFor(await text(phone, 'how much is a cut?', '+13125550301'))).location_id).toBe(LOCATION);
    // A number that is no location's (the shared sender): the first location with the assistant on, as before.
    expect((await turnFor(await text(phoneNo(15), 'how much is a cut?'))).location_id).toBe(LOCATION);
    // Uptown's assistant off: a text to Uptown's number gets no turn, and is not answered as Downtown either.
    await saveSettings('off', '09:00', '18:00', UPTOWN, '– Uptown assistant');
    const quiet = await text(phoneNo(16), 'how much is a cut?', '+13125550302');
    await jobDone(quiet);
    expect(
      await t.sql(
        `SELECT 1 FROM ai_replies r JOIN conversation_messages cm ON cm.id = r.inbound_message_id WHERE cm.provider_message_id = $1`,
        [quiet],
      ),
    ).toEqual([]);
  });

  it('always sends the location’s AI signature, whatever the draft was edited to, and refuses a signature too short to read', async () => {
    await saveSettings('draft');
    const phone = phoneNo(17);
    const turn = await turnFor(await text(phone, 'how much is a cut?'));
    expect(turn.status).toBe('draft');
    // Staff edit the draft and drop the AI label.
    await gql(`mutation($id: ID!, $text: String) { approveAiReply(id: $id, text: $text) }`, {
      id: turn.id,
      text: 'A cut is $55.00, see you soon!',
    });
    const [sent] = await t.sql<any>(`SELECT body_text AS body FROM messages WHERE purpose = 'ai-reply' AND recipient = $1`, [phone]);
    expect(sent.body).toBe(`A cut is $55.00, see you soon!\n${SIGNATURE}`);

    for (const signature of ['AI', '-----', '   ai   ']) {
      const res = await request(t.app.getHttpServer())
        .post('/graphql')
        .set('Authorization', `Bearer ${admin}`)
        .send({
          query: `mutation($input: AiLocationSettingsInput!) { saveAiLocationSettings(input: $input) { mode } }`,
          variables: { input: { locationId: LOCATION, mode: 'draft', autoFrom: '09:00', autoTo: '18:00', signature } },
        });
      expect(JSON.stringify(res.body.errors), signature).toContain('signature');
    }
  });
});
