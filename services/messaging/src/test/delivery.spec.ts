import { sealSecret } from '@salon/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueMessageUseCase } from '../modules/delivery/use-cases/queue-message.use-case.js';
import { SendPasswordResetUseCase } from '../modules/password-reset/use-cases/send-password-reset.use-case.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

let t: MessagingTestApp;
let ses: LocalSes;
let peer: TwilioPeer;
let queue: QueueMessageUseCase;
const SMS_RATE = 5; // per sender per second: 200 ms apart

type Row = {
  id: string;
  status: string;
  attempts: number;
  provider: string;
  provider_message_id: string | null;
  last_error: string | null;
  body_text: string;
  sent_at: Date | null;
};
const row = async (id: string) => (await t.sql<Row>('SELECT * FROM messages WHERE id = $1', [id]))[0];
const finished = (id: string) =>
  waitFor(async () => {
    const r = await row(id);
    return ['sent', 'delivered', 'failed', 'suppressed'].includes(r.status) ? r : null;
  }, `message ${id} to finish`);
let n = 0;
const phone = () => `+1312555${String(1000 + n++).padStart(4, '0')}`;

beforeAll(async () => {
  [ses, peer] = await Promise.all([startLocalSes({ port: 0 }), startTwilioPeer({ port: 0, authToken: 'test-twilio-auth-token' })]);
  t = await startMessaging('delivery', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    TWILIO_FROM: '+15005550006',
    SMS_PER_SENDER_PER_SECOND: String(SMS_RATE),
  });
  queue = t.app.get(QueueMessageUseCase);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ses?.stop(), peer?.stop()]);
});

describe('queue → worker → provider', () => {
  it('sends an e-mail through SES (the local server) and records queued → sent with the SES id', async () => {
    const queued = await queue.queue({
      idempotencyKey: 'e2e-email-1',
      channel: 'email',
      to: 'Ana@Example.COM',
      subject: 'Hello from the pipeline',
      text: 'Plain body',
      html: '<p>HTML body</p>',
      purpose: 'test',
    });
    expect(queued.status).toBe('queued');
    expect(queued.recipient).toBe('Ana@example.com');
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'sent', attempts: 1, provider: 'ses' });
    const email = (await ses.emails()).find((e) => e.subject === 'Hello from the pipeline');
    expect(email).toMatchObject({
      messageId: done.provider_message_id,
      from: 'Willow & Sage <no-reply@demo.salon>',
      destination: { to: ['Ana@example.com'] },
      body: { text: 'Plain body', html: '<p>HTML body</p>' },
    });
  });

  it('sends an SMS through the twilio SDK to the peer, with our id in the status callback', async () => {
    const to = phone();
    const queued = await queue.queue({
      idempotencyKey: 'e2e-sms-1',
      channel: 'sms',
      to: to.slice(2),
      text: 'Your appointment is tomorrow at 10',
      purpose: 'test',
    });
    expect(queued.recipient).toBe(to);
    const done = await finished(queued.id);
    const received = peer.messages().find((m) => m.to === to)!;
    expect(done).toMatchObject({ status: 'sent', provider: 'twilio', provider_message_id: received.sid });
    expect(received.form).toMatchObject({ To: to, From: '+15005550006', Body: 'Your appointment is tomorrow at 10' });
    expect(received.statusCallback).toBe(`${t.url}/api/webhooks/twilio/status?messageId=${queued.id}`);
  });

  it('answers the same row for a repeated idempotency key and sends once', async () => {
    const input = {
      idempotencyKey: 'once-only',
      channel: 'email' as const,
      to: 'once@example.com',
      subject: 'Only once',
      text: 'x',
      purpose: 'test',
    };
    const [a, b] = await Promise.all([queue.queue(input), queue.queue(input)]);
    expect(b.id).toBe(a.id);
    await finished(a.id);
    const again = await queue.queue(input);
    expect(again).toMatchObject({ id: a.id, status: 'sent' });
    await new Promise((r) => setTimeout(r, 300)); // give a wrongly re-added job the chance to send
    expect((await ses.emails()).filter((e) => e.subject === 'Only once')).toHaveLength(1);
    expect(await t.sql('SELECT id FROM messages WHERE idempotency_key = $1', ['once-only'])).toHaveLength(1);
  });

  it('validates recipients and required fields', async () => {
    await expect(queue.queue({ idempotencyKey: 'bad-1', channel: 'sms', to: 'call me', text: 'x', purpose: 'test' })).rejects.toThrow(
      'to: must be a phone number',
    );
    await expect(
      queue.queue({ idempotencyKey: 'bad-2', channel: 'email', to: 'nope', subject: 's', text: 'x', purpose: 'test' }),
    ).rejects.toThrow('to: must be an e-mail address');
    await expect(
      queue.queue({ idempotencyKey: 'bad-3', channel: 'email', to: 'a@example.com', text: 'x', purpose: 'test' }),
    ).rejects.toThrow('subject: is required for e-mail');
  });
});

describe('retries and failures', () => {
  it('retries a refused send with exponential backoff, then sends', async () => {
    peer.failNext(2, 503);
    const queued = await queue.queue({
      idempotencyKey: 'retry-then-ok',
      channel: 'sms',
      to: phone(),
      text: 'Third time lucky',
      purpose: 'test',
    });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(peer.messages().filter((m) => m.body === 'Third time lucky')).toHaveLength(1);
  });

  it('marks the message failed with the error when every attempt is refused', async () => {
    peer.failNext(3, 500);
    const queued = await queue.queue({
      idempotencyKey: 'always-refused',
      channel: 'sms',
      to: phone(),
      text: 'Never arrives',
      purpose: 'test',
    });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'failed', attempts: 3 });
    expect(done.last_error).toMatch(/^Twilio: 20500 Internal Server Error/);
    const job = await t.app.get(QueueMessageUseCase)['queues'].queue('sms').getJob(queued.id);
    expect(await job?.isFailed()).toBe(true); // the failed job stays inspectable
  });

  it('fails at once, without retries, when the provider says the number is invalid', async () => {
    const queued = await queue.queue({ idempotencyKey: 'invalid-number', channel: 'sms', to: '+15005550001', text: 'x', purpose: 'test' });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.last_error).toContain('21211');
  });
});

describe('per-sender SMS pacing', () => {
  it('spaces one sender’s texts at least 1/rate apart, measured where the provider received them', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push((await queue.queue({ idempotencyKey: `paced-${i}`, channel: 'sms', to: phone(), text: `Paced ${i}`, purpose: 'test' })).id);
    for (const id of ids) await finished(id);
    const times = peer
      .messages()
      .filter((m) => m.body.startsWith('Paced '))
      .map((m) => m.receivedAt)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    const gaps = times.slice(1).map((at, i) => at - times[i]);
    // Slots are reserved exactly 1/rate apart on Redis's clock; the HTTP hop to the peer shifts
    // each arrival by its own delay (tens of ms on a loaded machine), which moves single gaps
    // but not the whole span by more than two hops (on a machine at load 30 one hop took ~90 ms,
    // so one interval of slack). Unpaced, all five land within a few ms.
    const interval = 1000 / SMS_RATE;
    expect(times[4] - times[0]).toBeGreaterThanOrEqual(3 * interval);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(interval / 2);
  });
});

describe('password-reset delivery', () => {
  const base = { userId: 'u1', firstName: 'Ana', businessName: 'Willow & Sage', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };

  it('opens the sealed token and e-mails the reset link; a redelivered event sends nothing more', async () => {
    const useCase = t.app.get(SendPasswordResetUseCase);
    const payload = {
      ...base,
      requestId: 'req-email-1',
      channel: 'email',
      to: 'ana@example.com',
      secret: sealSecret('tok-123', t.config.EVENT_SECRET_KEY),
    };
    const message = await useCase.execute(payload);
    expect(message.idempotencyKey).toBe('password-reset:req-email-1');
    await finished(message.id);
    expect((await useCase.execute(payload)).id).toBe(message.id);
    const emails = (await ses.emails()).filter((e) => e.subject === 'Reset your Willow & Sage password');
    expect(emails).toHaveLength(1);
    expect(emails[0].body.text).toContain(`${t.url}/reset-password?token=tok-123`);
    expect(emails[0].body.text).toContain('valid for 60 minutes');
    // The secret does not stay in the message log once it is out.
    expect((await row(message.id)).body_text).toBe('[redacted]');
  });

  it('texts the code', async () => {
    const to = phone();
    const message = await t.app
      .get(SendPasswordResetUseCase)
      .execute({ ...base, requestId: 'req-sms-1', channel: 'sms', to, secret: sealSecret('123456', t.config.EVENT_SECRET_KEY) });
    await finished(message.id);
    expect(peer.messages().find((m) => m.to === to)?.body).toBe(
      "Willow & Sage: your password reset code is 123456. It expires in 10 minutes. If you didn't ask for it, ignore this message.",
    );
  });

  it('refuses a secret sealed with another key', async () => {
    const payload = {
      ...base,
      requestId: 'req-bad',
      channel: 'email',
      to: 'x@example.com',
      secret: sealSecret('t', 'some-other-key-0123456789'),
    };
    await expect(t.app.get(SendPasswordResetUseCase).execute(payload)).rejects.toThrow();
  });
});
