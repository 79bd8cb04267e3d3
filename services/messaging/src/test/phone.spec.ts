import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioPeer, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * The phone (issue 16) through the real API and worker: Twilio's signed voice webhooks as the local
 * Twilio peer posts them (forged ones refused), idempotency on the CallSid, the missed-call text
 * through the SMS queue to the peer, click to call through the Calls API, and a client made from
 * an unknown caller. A small HTTP server stands in for the clients service and identity.
 */

const AUTH_TOKEN = 'test-twilio-auth-token';
const BUSINESS_NUMBER = '+13125550000';
const FRONT_DESK = '+13125550001';
const STAFF_CELL = '+13125550002';
const OWN_PHONE = '+13125550003';
const LOCATION = 'loc-phone';
const consent = (granted: boolean) => ({ granted, changedAt: null, method: 'staff', changedBy: null });
const client = (id: string, firstName: string, phone: string, sms: boolean) => ({
  id,
  firstName,
  lastName: 'Client',
  phone,
  email: null,
  smsConsent: consent(sms),
  emailConsent: consent(false),
});

let t: MessagingTestApp;
let peer: TwilioPeer;
let fake: { url: string; created: object[]; stop(): Promise<void> };
// Client ids are UUIDs, as the clients service makes them.
const ANA = '0b6f3c2e-1a57-4a8e-9c61-6e0d6f1a0001';
const BO = '0b6f3c2e-1a57-4a8e-9c61-6e0d6f1a0002';
const clients: Record<string, ReturnType<typeof client>> = {
  [ANA]: client(ANA, 'Ana', '+13125550101', true),
  [BO]: client(BO, 'Bo', '+13125550102', false),
};
const tokens: Record<string, string> = {};

/** Clients (search by phone, one client, create) and identity (a user's permissions). */
function startFakeClients(): Promise<typeof fake> {
  const created: object[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const one = /^\/api\/clients\/([^/]+)$/.exec(url.pathname);
    const perms = /^\/api\/users\/([^/]+)\/permissions$/.exec(url.pathname);
    const user = /^\/api\/users\/([^/]+)$/.exec(url.pathname);
    // Identity's users: the phone on phone-staff's own profile.
    if (user) return user[1] === 'phone-staff' ? send(200, { id: 'phone-staff', phone: OWN_PHONE }) : send(404, { error: 'Not found' });
    if (url.pathname === '/api/clients' && req.method === 'GET') {
      const search = url.searchParams.get('search');
      const data = Object.values(clients).filter((c) => c.phone === search);
      return send(200, { data, total: data.length });
    }
    if (url.pathname === '/api/clients' && req.method === 'POST') {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          const input = JSON.parse(body) as { firstName: string; lastName: string; phone: string };
          const made = client(randomUUID(), input.firstName, input.phone, false);
          made.lastName = input.lastName;
          clients[made.id] = made;
          created.push(input);
          send(201, made);
        });
      return;
    }
    if (one) return clients[one[1]!] ? send(200, clients[one[1]!]) : send(404, { error: 'Not found' });
    if (perms) {
      const permissions = perms[1] === 'phone-staff' ? ['view_phone'] : [];
      return send(200, { data: { permissions, groups: [], directPermissions: permissions } });
    }
    send(404, { error: 'Not found' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, created, stop: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

async function gql(as: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[as]}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string } }[] };
}

const voiceUrl = () => `${t.url}/api/webhooks/twilio/voice`;
const callRow = async (sid: string) => (await t.sql<Record<string, any>>('SELECT * FROM calls WHERE call_sid = $1', [sid]))[0];
const count = async (table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const textsTo = (phone: string) => peer.messages().filter((m) => m.to === phone);
const CALL_FIELDS = 'id callSid direction phone clientId clientName outcome durationSeconds recordingUrl textBack';

beforeAll(async () => {
  peer = await startTwilioPeer({ port: 0, authToken: AUTH_TOKEN });
  fake = await startFakeClients();
  t = await startMessaging('phone', {
    EMAIL_PROVIDER: 'log',
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    SMS_PER_SENDER_PER_SECOND: '50',
    CLIENTS_URL: fake.url,
    IDENTITY_URL: fake.url,
    PERMISSION_CACHE_SECONDS: '0',
  });
  tokens.admin = await t.token('admin');
  tokens.phoneStaff = await t.token('staff', 'phone-staff');
  tokens.otherStaff = await t.token('staff', 'other-staff');
  const saved = await gql(
    'admin',
    `mutation($input: PhoneNumberInput!) { savePhoneNumber(input: $input) { locationId number forwardTo ringStaff ringSeconds textBack } }`,
    { input: { locationId: LOCATION, number: '(312) 555-0000', forwardTo: FRONT_DESK, ringStaff: [STAFF_CELL], ringSeconds: 15 } },
  );
  expect(saved.data?.savePhoneNumber).toEqual({
    locationId: LOCATION,
    number: BUSINESS_NUMBER,
    forwardTo: FRONT_DESK,
    ringStaff: [STAFF_CELL],
    ringSeconds: 15,
    textBack: true,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await peer?.stop();
  await fake?.stop();
});

describe('voice webhook signatures', () => {
  it('refuses a forged or missing signature with 403 and records nothing', async () => {
    const params = { CallSid: 'CAforged', From: '+13125550101', To: BUSINESS_NUMBER, CallStatus: 'ringing', AccountSid: 'AC0' };
    const forged = await peer.postSigned(voiceUrl(), params, 'not-the-auth-token');
    expect(forged.status).toBe(403);
    const unsigned = await fetch(voiceUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(unsigned.status).toBe(403);
    // Signed for other fields than the ones sent: a changed DialCallStatus is refused too.
    const tampered = await fetch(`${voiceUrl()}/dial-result`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': (await import('./local-peers.js')).twilioSignature(AUTH_TOKEN, `${voiceUrl()}/dial-result`, {
          ...params,
          DialCallStatus: 'completed',
        }),
      },
      body: new URLSearchParams({ ...params, DialCallStatus: 'no-answer' }).toString(),
    });
    expect(tampered.status).toBe(403);
    expect(await count('calls')).toBe(0);
    expect(await count('call_webhook_inbox')).toBe(0);
    expect(peer.messages()).toHaveLength(0);
  });

  it('answers a valid signature with TwiML that rings the front desk and the staff list with a timeout', async () => {
    const step = await peer.postSigned(voiceUrl(), {
      CallSid: 'CAvalid',
      From: '+13125550199',
      To: BUSINESS_NUMBER,
      CallStatus: 'ringing',
      AccountSid: 'AC0',
    });
    expect(step.status).toBe(200);
    expect(step.body).toContain(`<Dial timeout="15" action="${t.url}/api/webhooks/twilio/voice/dial-result"`);
    expect(step.body).toContain(`<Number>${FRONT_DESK}</Number><Number>${STAFF_CELL}</Number>`);
    expect(await callRow('CAvalid')).toMatchObject({ direction: 'inbound', outcome: 'ringing', phone: '+13125550199', client_id: null });
  });

  it('hangs up on a number that belongs to no location', async () => {
    const step = await peer.postSigned(voiceUrl(), { CallSid: 'CAnowhere', From: '+13125550199', To: '+13125559999', AccountSid: 'AC0' });
    expect(step.body).toContain('<Hangup/>');
    expect(await callRow('CAnowhere')).toBeUndefined();
  });
});

describe('a missed call', () => {
  it('goes to voicemail and texts the caller the booking link through the SMS queue and the Twilio peer', async () => {
    const call = await peer.inboundCall({
      url: voiceUrl(),
      from: '+13125550101',
      to: BUSINESS_NUMBER,
      answer: 'no-answer',
      voicemailSeconds: 14,
    });
    expect(call.steps.map((s) => [s.status, s.status === 200 ? '' : s.body])).toEqual([
      [200, ''],
      [200, ''],
      [200, ''],
    ]);
    expect(call.steps[1]!.body).toContain('<Record action=');
    const text = await waitFor(async () => textsTo('+13125550101')[0], 'the missed-call text at the peer');
    // From the location's own number (the one the client called), not the default TWILIO_FROM.
    expect(text.from).toBe(BUSINESS_NUMBER);
    expect(text.body).toBe(
      `Hi Ana, sorry we missed your call. Book online any time: ${t.url}/booking or reply here and we will get back to you.`,
    );
    const row = await callRow(call.callSid);
    expect(row).toMatchObject({ client_id: ANA, client_name: 'Ana Client', outcome: 'voicemail', duration_seconds: 14 });
    expect(row!.recording_url).toMatch(new RegExp(`^${peer.url}/recordings/RE`));
    expect((await fetch(row!.recording_url)).headers.get('content-type')).toBe('audio/wav');
    const [message] = await t.sql<{ status: string; purpose: string }>('SELECT status, purpose FROM messages WHERE id = $1', [
      row!.text_back_message_id,
    ]);
    expect(message).toMatchObject({ purpose: 'missed-call' });
    // The log shows it, and the text sits in the caller's inbox conversation.
    const log = await gql('admin', `query($l: ID) { calls(locationId: $l) { ${CALL_FIELDS} } }`, { l: LOCATION });
    const entry = log.data!.calls.find((c: { callSid: string }) => c.callSid === call.callSid);
    expect(entry).toMatchObject({ direction: 'inbound', outcome: 'voicemail', clientId: ANA, clientName: 'Ana Client' });
    expect(entry.textBack).toMatch(/^text (queued|sending|sent|delivered)$/);
    const [conversation] = await t.sql<{ last_message_text: string }>('SELECT last_message_text FROM conversations WHERE phone = $1', [
      '+13125550101',
    ]);
    expect(conversation!.last_message_text).toContain('sorry we missed your call');
  });

  it('acts once per CallSid: redelivered webhooks record nothing twice and send no second text', async () => {
    const call = await peer.inboundCall({ url: voiceUrl(), from: '+13125550177', to: BUSINESS_NUMBER, answer: 'busy' });
    await waitFor(async () => textsTo('+13125550177')[0], 'the first text-back');
    const base = { AccountSid: 'AC0', CallSid: call.callSid, From: '+13125550177', To: BUSINESS_NUMBER };
    for (let i = 0; i < 2; i++) {
      expect((await peer.postSigned(voiceUrl(), { ...base, CallStatus: 'ringing' })).status).toBe(200);
      const again = await peer.postSigned(`${voiceUrl()}/dial-result`, { ...base, DialCallStatus: 'busy' });
      expect(again.body).toContain('<Record');
    }
    expect(await t.sql('SELECT id FROM calls WHERE call_sid = $1', [call.callSid])).toHaveLength(1);
    expect(await t.sql('SELECT id FROM messages WHERE idempotency_key = $1', [`missed-call:${call.callSid}`])).toHaveLength(1);
    expect(await t.sql('SELECT step FROM call_webhook_inbox WHERE call_sid = $1 ORDER BY step', [call.callSid])).toEqual([
      { step: 'dial-result' },
      { step: 'text-back' },
    ]);
    expect(textsTo('+13125550177')).toHaveLength(1);
    expect((await callRow(call.callSid))!.outcome).toBe('missed');
    // A late "no-answer" for a voicemail never moves it back.
    const first = (await t.sql<{ call_sid: string }>("SELECT call_sid FROM calls WHERE outcome = 'voicemail' LIMIT 1"))[0]!;
    await peer.postSigned(`${voiceUrl()}/dial-result`, { ...base, CallSid: first.call_sid, DialCallStatus: 'no-answer' });
    expect((await callRow(first.call_sid))!.outcome).toBe('voicemail');
  });

  it('texts nobody who withdrew SMS consent or texted STOP', async () => {
    const bo = await peer.inboundCall({ url: voiceUrl(), from: '+13125550102', to: BUSINESS_NUMBER, answer: 'no-answer' });
    await t.sql(`INSERT INTO sms_consent (phone, opted_out, source) VALUES ('+13125550155', true, 'STOP')`);
    const stopped = await peer.inboundCall({ url: voiceUrl(), from: '+13125550155', to: BUSINESS_NUMBER, answer: 'no-answer' });
    expect((await callRow(bo.callSid))!.text_back_skipped).toBe('no consent');
    expect((await callRow(stopped.callSid))!.text_back_skipped).toBe('opted out');
    expect(textsTo('+13125550102')).toHaveLength(0);
    expect(textsTo('+13125550155')).toHaveLength(0);
  });

  it('logs an answered call with its length and no text', async () => {
    const call = await peer.inboundCall({
      url: voiceUrl(),
      from: '+13125550188',
      to: BUSINESS_NUMBER,
      answer: 'completed',
      talkSeconds: 95,
    });
    expect(call.steps[1]!.body).toContain('<Hangup/>');
    expect(await callRow(call.callSid)).toMatchObject({ outcome: 'answered', duration_seconds: 95, text_back_message_id: null });
  });
});

describe('click to call and unknown callers', () => {
  const callAna = (staffPhone?: string) =>
    gql('phoneStaff', `mutation($i: CallClientInput!) { callClient(input: $i) { ${CALL_FIELDS} } }`, {
      i: { locationId: LOCATION, clientId: ANA, ...(staffPhone ? { staffPhone } : {}) },
    });

  it('rings the staff phone through the Calls API, bridges to the client from the business number, and logs the client leg', async () => {
    const made = await callAna(STAFF_CELL);
    expect(made.errors).toBeUndefined();
    expect(made.data!.callClient).toMatchObject({ direction: 'outbound', phone: '+13125550101', clientId: ANA, outcome: 'ringing' });
    const placed = peer.calls().at(-1);
    expect(placed).toMatchObject({ to: STAFF_CELL, from: BUSINESS_NUMBER, sid: made.data!.callClient.callSid });
    // Staff were on the line 61 s; the client picked up and talked 48 s of them.
    const answered = await peer.answerCall(placed!.sid, { duration: 61, clientAnswer: 'completed', clientSeconds: 48 });
    expect(answered.steps.map((s) => s.status)).toEqual([200, 200, 204]);
    const action = `${t.url}/api/webhooks/twilio/voice/bridge-result?callId=${made.data!.callClient.id}`;
    expect(answered.steps[0]!.body).toContain(
      `<Dial callerId="${BUSINESS_NUMBER}" action="${action.replace(/&/g, '&amp;')}" method="POST"><Number>+13125550101</Number></Dial>`,
    );
    expect(await callRow(placed!.sid)).toMatchObject({ outcome: 'answered', duration_seconds: 48, created_by: 'phone-staff' });
  });

  it('logs a click to call the client did not pick up as missed, though staff answered', async () => {
    const made = await callAna();
    const placed = peer.calls().at(-1)!;
    expect(placed.to).toBe(FRONT_DESK);
    const steps = (await peer.answerCall(placed.sid, { duration: 30, clientAnswer: 'no-answer' })).steps;
    expect(steps.map((s) => s.status)).toEqual([200, 200, 204]);
    expect(await callRow(placed.sid)).toMatchObject({ outcome: 'missed', duration_seconds: null });
    expect(made.data!.callClient.phone).toBe('+13125550101');

    // Staff did not pick up: the client was never dialled.
    await callAna(STAFF_CELL);
    const unanswered = peer.calls().at(-1)!;
    await peer.answerCall(unanswered.sid, { status: 'no-answer' });
    expect(await callRow(unanswered.sid)).toMatchObject({ outcome: 'missed', duration_seconds: null });
  });

  it('rings only the location’s front desk or staff list, or the caller’s own phone: never any number (toll fraud)', async () => {
    const before = peer.calls().length;
    const stranger = await callAna('+442071838750');
    expect(stranger.errors![0]!.message).toContain('staffPhone');
    expect(await t.sql('SELECT 1 FROM calls WHERE staff_phone = $1', ['+442071838750'])).toEqual([]);
    expect(peer.calls()).toHaveLength(before);
    // The caller's own phone on their profile (identity) may be rung.
    const own = await callAna(OWN_PHONE);
    expect(own.errors).toBeUndefined();
    expect(peer.calls().at(-1)).toMatchObject({ to: OWN_PHONE, from: BUSINESS_NUMBER });
    // Another user's own phone is not theirs: the admin has none on file here.
    const other = await gql('admin', `mutation($i: CallClientInput!) { callClient(input: $i) { id } }`, {
      i: { locationId: LOCATION, clientId: ANA, staffPhone: OWN_PHONE },
    });
    expect(other.errors![0]!.message).toContain('staffPhone');
  });

  it('refuses a client without a phone number, and a location without a number, naming the field', async () => {
    const noNumber = await gql('admin', `mutation { callClient(input: { locationId: "elsewhere", clientId: "${ANA}" }) { id } }`);
    expect(noNumber.errors![0]!.message).toContain('locationId');
  });

  it('makes an unknown caller a client through the clients service, and matches their calls', async () => {
    const [unknown] = await t.sql<{ id: string }>("SELECT id FROM calls WHERE phone = '+13125550177'");
    const made = await gql('admin', `mutation($i: ClientFromCallInput!) { createClientFromCall(input: $i) { ${CALL_FIELDS} } }`, {
      i: { callId: unknown!.id, firstName: 'Cy', lastName: 'Caller' },
    });
    expect(made.errors).toBeUndefined();
    expect(made.data!.createClientFromCall).toMatchObject({ clientName: 'Cy Caller', phone: '+13125550177' });
    expect(fake.created).toEqual([{ firstName: 'Cy', lastName: 'Caller', phone: '+13125550177', source: 'Phone call' }]);
    const again = await gql('admin', `mutation($i: ClientFromCallInput!) { createClientFromCall(input: $i) { id } }`, {
      i: { callId: unknown!.id, firstName: 'Cy' },
    });
    expect(again.errors![0]!.message).toContain('callId');
  });

  it('needs view_phone', async () => {
    expect((await gql('phoneStaff', `{ calls(locationId: "${LOCATION}") { id } }`)).errors).toBeUndefined();
    expect((await gql('otherStaff', `{ calls(locationId: "${LOCATION}") { id } }`)).errors![0]!.extensions.code).toBe('FORBIDDEN');
  });
});
