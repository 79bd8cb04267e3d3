#!/usr/bin/env node
// A local stand-in for Twilio's Programmable Messaging REST API, so the official twilio SDK can
// be exercised end to end without the internet (the messaging service points TWILIO_API_URL
// here). It checks Basic auth, records what the SDK sent, answers Twilio-shaped JSON, lists
// messages like Twilio's Messages.json, and can send signed status callbacks back.
//
//   import { startTwilioPeer } from './infra/local/twilio-peer.mjs'
//   const peer = await startTwilioPeer({ port: 8006 })   // port 0 picks a free one
//   peer.url; peer.messages(); peer.clear(); peer.failNext(2, 503); peer.optOut('+1…'); await peer.stop()
//   node infra/local/twilio-peer.mjs --port 8006 [--auth-token <token>]
//
// HTTP: POST/GET /2010-04-01/Accounts/:sid/Messages.json, GET /messages, DELETE /messages,
// POST /control/fail {"count":2,"status":503}, POST /control/inbound {"url","from","body"[,"to"]}: a client's
// text to the business number, delivered to `url` signed the way Twilio signs its inbound webhook.
// Voice: POST/GET /2010-04-01/Accounts/:sid/Calls.json (what click-to-call creates), GET/DELETE /calls,
// POST /control/answer-call {"sid"[,"duration"]}: the staff leg picks up (the call's TwiML URL is fetched
// signed, then its status callback posted), POST /control/inbound-call {"url","from","to"[,"answer":
// "no-answer"|"completed"|"busy"][,"voicemailSeconds"][,"callSid"]}: a caller rings the business number and
// the peer walks Twilio's webhooks: the voice URL, the <Dial> action with DialCallStatus, then the <Record>
// action with a RecordingUrl (GET /recordings/:sid serves it), each signed.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Numbers Twilio's test credentials treat as invalid; the peer refuses them the same way (21211). */
const INVALID_NUMBERS = new Set(['+15005550001']);

export async function startTwilioPeer({ port = 8006, host = '127.0.0.1', authToken, delayMs = 0, onMessage } = {}) {
  const received = [];
  const calls = [];
  let failures = { count: 0, status: 500 };
  // Numbers that replied STOP at Twilio: sends to them are refused with 21610, as Twilio does.
  const unsubscribed = new Set();

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://peer');
      const body = await readBody(req);
      const match = url.pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-zA-Z]{32})\/Messages\.json$/);
      if (match) {
        const auth = basicAuth(req.headers.authorization);
        if (!auth || auth.user !== match[1] || (authToken && auth.password !== authToken)) {
          return json(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        }
        if (req.method === 'GET') return json(res, 200, listPage(match[1], url, received));
        if (req.method !== 'POST') return json(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
        const form = Object.fromEntries(new URLSearchParams(body));
        if (failures.count > 0) {
          failures.count -= 1;
          return json(res, failures.status, {
            code: 20500,
            message: 'Internal Server Error (peer told to fail)',
            more_info: 'https://www.twilio.com/docs/errors/20500',
            status: failures.status,
          });
        }
        if (!form.To || !form.Body || !(form.From || form.MessagingServiceSid)) {
          return json(res, 400, { code: 21604, message: "A 'To' phone number, a 'From' number and a 'Body' are required.", status: 400 });
        }
        if (unsubscribed.has(form.To)) {
          return json(res, 400, {
            code: 21610,
            message: 'Attempt to send to unsubscribed recipient',
            more_info: 'https://www.twilio.com/docs/errors/21610',
            status: 400,
          });
        }
        if (INVALID_NUMBERS.has(form.To)) {
          return json(res, 400, {
            code: 21211,
            message: `The 'To' number ${form.To} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          });
        }
        const now = new Date();
        const message = {
          sid: `SM${randomBytes(16).toString('hex')}`,
          accountSid: match[1],
          to: form.To,
          from: form.From ?? null,
          body: form.Body,
          statusCallback: form.StatusCallback ?? null,
          form,
          receivedAt: Date.now(),
          dateCreated: now.toUTCString(),
        };
        received.push(message);
        // Lets a test act between "Twilio has it" and "the caller heard back" (e.g. kill the caller).
        if (onMessage) await onMessage(message, received.length);
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        return json(res, 201, resource(message));
      }
      const callsMatch = url.pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-zA-Z]{32})\/Calls\.json$/);
      if (callsMatch) {
        const auth = basicAuth(req.headers.authorization);
        if (!auth || auth.user !== callsMatch[1] || (authToken && auth.password !== authToken)) {
          return json(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        }
        if (req.method === 'GET') return json(res, 200, callsPage(callsMatch[1], calls));
        if (req.method !== 'POST') return json(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
        const form = Object.fromEntries(new URLSearchParams(body));
        if (!form.To || !form.From)
          return json(res, 400, { code: 21201, message: "A 'To' and a 'From' phone number are required.", status: 400 });
        if (!form.Url && !form.Twiml) return json(res, 400, { code: 21205, message: "A 'Url' or 'Twiml' is required.", status: 400 });
        if (INVALID_NUMBERS.has(form.To)) {
          return json(res, 400, { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, status: 400 });
        }
        const call = {
          sid: `CA${randomBytes(16).toString('hex')}`,
          accountSid: callsMatch[1],
          to: form.To,
          from: form.From,
          url: form.Url ?? null,
          statusCallback: form.StatusCallback ?? null,
          status: 'queued',
          duration: null,
          form,
          receivedAt: Date.now(),
          dateCreated: new Date().toUTCString(),
        };
        calls.push(call);
        return json(res, 201, callResource(call));
      }
      if (url.pathname === '/calls' && req.method === 'GET') return json(res, 200, calls);
      if (url.pathname === '/calls' && req.method === 'DELETE') {
        calls.length = 0;
        return json(res, 200, { cleared: true });
      }
      if (url.pathname === '/control/answer-call' && req.method === 'POST') {
        const wanted = JSON.parse(body || '{}');
        return json(res, 200, await answerCall(wanted.sid, wanted));
      }
      if (url.pathname === '/control/inbound-call' && req.method === 'POST') {
        return json(res, 200, await inboundCall(JSON.parse(body || '{}')));
      }
      const recording = url.pathname.match(/^\/recordings\/(RE[0-9a-f]{32})$/);
      if (recording && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(SILENT_WAV);
        return;
      }
      if (url.pathname === '/messages' && req.method === 'GET') return json(res, 200, received);
      if (url.pathname === '/messages' && req.method === 'DELETE') {
        received.length = 0;
        return json(res, 200, { cleared: true });
      }
      if (url.pathname === '/control/inbound' && req.method === 'POST') {
        const wanted = JSON.parse(body || '{}');
        const answer = await deliverInbound(wanted);
        return json(res, 200, { status: answer.status, body: await answer.text() });
      }
      if (url.pathname === '/control/fail' && req.method === 'POST') {
        const wanted = JSON.parse(body || '{}');
        failures = { count: Number(wanted.count ?? 1), status: Number(wanted.status ?? 500) };
        return json(res, 200, failures);
      }
      return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    } catch (error) {
      return json(res, 500, { message: String(error?.message ?? error), status: 500 });
    }
  });
  /** A text from `from` to the business number, posted to `url` (the inbound webhook) with Twilio's signature. */
  function deliverInbound({ url: target, from, body: text, to = '+15005550006' }) {
    const params = {
      AccountSid: 'AC00000000000000000000000000000000',
      ApiVersion: '2010-04-01',
      Body: String(text ?? ''),
      From: String(from),
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      NumMedia: '0',
      SmsSid: '',
      To: String(to),
    };
    params.SmsSid = params.MessageSid;
    return fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, target, params) },
      body: new URLSearchParams(params).toString(),
    });
  }

  /** Posts `params` to `target` signed with `token` (Twilio's X-Twilio-Signature); answers {url, status, body}. */
  async function postSigned(target, params, token = authToken) {
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(token, target, params) },
      body: new URLSearchParams(params).toString(),
    });
    return { url: target, status: answer.status, body: await answer.text() };
  }

  /** The staff leg of a created call picks up: Twilio fetches its TwiML, the call ends, the status callback follows. */
  /**
   * Staff answer (or not, `status`) the phone a click-to-call rings: the call's URL is posted, then,
   * when its TwiML dials the client with an action, that action with the client leg's result
   * (`clientAnswer` as DialCallStatus, `clientSeconds` as DialCallDuration), then the statusCallback.
   */
  async function answerCall(sid, { duration = 42, status = 'completed', clientAnswer = 'completed', clientSeconds } = {}) {
    const call = calls.find((c) => c.sid === sid);
    if (!call) throw new Error(`No call ${sid}`);
    const base = {
      AccountSid: call.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: sid,
      Direction: 'outbound-api',
      From: call.from,
      To: call.to,
    };
    const steps = [];
    if (status === 'completed' && call.url) {
      steps.push(await postSigned(call.url, { ...base, CallStatus: 'in-progress' }));
      const dialAction = attribute(steps[0].body, 'Dial', 'action');
      if (steps[0].status === 200 && dialAction) {
        const dialed = {
          ...base,
          CallStatus: 'in-progress',
          DialCallStatus: clientAnswer,
          DialCallSid: `CA${randomBytes(16).toString('hex')}`,
        };
        if (clientAnswer === 'completed') dialed.DialCallDuration = String(clientSeconds ?? duration);
        steps.push(await postSigned(dialAction, dialed));
      }
    }
    call.status = status;
    call.duration = status === 'completed' ? duration : 0;
    if (call.statusCallback) {
      steps.push(await postSigned(call.statusCallback, { ...base, CallStatus: status, CallDuration: String(call.duration) }));
    }
    return { sid, steps };
  }

  /**
   * A caller rings a business number: the voice URL is posted, then, as the TwiML says, the <Dial>
   * action with `answer` as DialCallStatus, then (with voicemailSeconds) the <Record> action. Every
   * post is signed, so the receiver checks them like Twilio's.
   */
  async function inboundCall({ url: target, from, to, answer = 'no-answer', voicemailSeconds = 0, callSid, talkSeconds = 60 }) {
    const sid = callSid ?? `CA${randomBytes(16).toString('hex')}`;
    const base = {
      AccountSid: 'AC00000000000000000000000000000000',
      ApiVersion: '2010-04-01',
      CallSid: sid,
      Direction: 'inbound',
      From: String(from),
      To: String(to),
    };
    const steps = [await postSigned(target, { ...base, CallStatus: 'ringing' })];
    const dialAction = attribute(steps[0].body, 'Dial', 'action');
    if (steps[0].status !== 200 || !dialAction) return { callSid: sid, steps };
    const dialed = { ...base, CallStatus: 'in-progress', DialCallStatus: answer, DialCallSid: `CA${randomBytes(16).toString('hex')}` };
    if (answer === 'completed') dialed.DialCallDuration = String(talkSeconds);
    steps.push(await postSigned(dialAction, dialed));
    const recordAction = attribute(steps[1].body, 'Record', 'action');
    if (recordAction && voicemailSeconds > 0) {
      const recordingSid = `RE${randomBytes(16).toString('hex')}`;
      steps.push(
        await postSigned(recordAction, {
          ...base,
          CallStatus: 'in-progress',
          RecordingSid: recordingSid,
          RecordingUrl: `${url}/recordings/${recordingSid}`,
          RecordingDuration: String(voicemailSeconds),
        }),
      );
    }
    return { callSid: sid, steps };
  }

  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${address.port}`;

  return {
    url,
    port: address.port,
    /** Everything received, oldest first: { sid, to, from, body, statusCallback, form, receivedAt }. */
    messages: () => received.slice(),
    clear: () => void (received.length = 0),
    /** The next `count` sends answer `status` (Twilio error 20500) instead of being accepted. */
    failNext: (count, status = 500) => void (failures = { count, status }),
    /** A client texts the business number: Twilio's signed inbound webhook to `url`. */
    sendInbound: (options) => deliverInbound(options),
    /** Calls created through the Calls API, oldest first: { sid, to, from, url, statusCallback, status, form }. */
    calls: () => calls.slice(),
    /** The staff leg of a created call answers (TwiML fetched, status callback posted). */
    answerCall: (sid, options) => answerCall(sid, options),
    /** A caller rings a business number; the peer walks the signed voice webhooks (see inboundCall). */
    inboundCall: (options) => inboundCall(options),
    /** Posts any form to `target` signed with `token` (default: the peer's), as Twilio would. */
    postSigned: (target, params, token) => postSigned(target, params, token),
    /** The number replied STOP at Twilio: sends to it answer error 21610 from now on. */
    optOut: (number) => void unsubscribed.add(number),
    /**
     * Posts a MessageStatus callback for a received message to its StatusCallback URL, signed
     * with `authToken` the way Twilio signs (HMAC-SHA1 over URL + sorted form fields).
     */
    async sendStatusCallback(sid, status = 'delivered', { token = authToken, callbackUrl, extra = {} } = {}) {
      const message = received.find((m) => m.sid === sid);
      const target = callbackUrl ?? message?.statusCallback;
      if (!message || !target) throw new Error(`No status callback URL for ${sid}`);
      const params = {
        AccountSid: message.accountSid,
        From: message.from ?? '',
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
        ApiVersion: '2010-04-01',
        ...extra,
      };
      return fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(token, target, params) },
        body: new URLSearchParams(params).toString(),
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's webhook signature: base64 HMAC-SHA1 of the URL followed by each sorted key and value. */
export function twilioSignature(authToken, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The value of `name` on the first <tag …> of a TwiML answer, XML entities decoded. */
function attribute(twiml, tag, name) {
  const element = String(twiml).match(new RegExp(`<${tag}\\b[^>]*>`));
  const value = element?.[0].match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
  return (
    value
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&') ?? null
  );
}

/** A quarter second of 8 kHz silence: what a recording URL serves. */
const SILENT_WAV = (() => {
  const samples = 2000;
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  b.fill(128, 44);
  return b;
})();

function callResource(c) {
  return {
    sid: c.sid,
    account_sid: c.accountSid,
    api_version: '2010-04-01',
    date_created: c.dateCreated,
    date_updated: c.dateCreated,
    direction: 'outbound-api',
    duration: c.duration === null ? null : String(c.duration),
    from: c.from,
    from_formatted: c.from,
    status: c.status,
    to: c.to,
    to_formatted: c.to,
    uri: `/2010-04-01/Accounts/${c.accountSid}/Calls/${c.sid}.json`,
  };
}

function callsPage(accountSid, calls) {
  const uri = `/2010-04-01/Accounts/${accountSid}/Calls.json?PageSize=50&Page=0`;
  const matching = calls.filter((c) => c.accountSid === accountSid).reverse();
  return {
    calls: matching.map(callResource),
    first_page_uri: uri,
    next_page_uri: null,
    page: 0,
    page_size: 50,
    previous_page_uri: null,
    start: 0,
    end: Math.max(0, matching.length - 1),
    uri,
  };
}

function resource(m) {
  return {
    sid: m.sid,
    account_sid: m.accountSid,
    api_version: '2010-04-01',
    body: m.body,
    date_created: m.dateCreated,
    date_updated: m.dateCreated,
    date_sent: null,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    status: 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

/** Twilio's list shape, newest first, filtered by To/From like the real API. */
function listPage(accountSid, url, received) {
  const to = url.searchParams.get('To');
  const from = url.searchParams.get('From');
  const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
  const matching = received
    .filter((m) => m.accountSid === accountSid && (!to || m.to === to) && (!from || m.from === from))
    .reverse()
    .slice(0, pageSize);
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages.json?PageSize=${pageSize}&Page=0`;
  return {
    messages: matching.map(resource),
    end: Math.max(0, matching.length - 1),
    first_page_uri: uri,
    next_page_uri: null,
    page: 0,
    page_size: pageSize,
    previous_page_uri: null,
    start: 0,
    uri,
  };
}

function basicAuth(header) {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req
      .on('data', (c) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8006' },
      host: { type: 'string', default: '127.0.0.1' },
      'auth-token': { type: 'string' },
    },
  });
  const peer = await startTwilioPeer({ port: Number(values.port), host: values.host, authToken: values['auth-token'] });
  console.log(`twilio-peer: listening on ${peer.url} (GET ${peer.url}/messages lists what it received)`);
  const stop = () => peer.stop().then(() => process.exit(0));
  process.on('SIGINT', stop).on('SIGTERM', stop);
}
