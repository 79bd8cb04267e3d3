import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueMessageUseCase } from '../modules/delivery/use-cases/queue-message.use-case.js';
import { startTwilioPeer, type PeerMessage, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { ensureWorkerBuilt, startWorkerProcess, type WorkerProcess } from './worker-process.js';

const BATCH = 40;
const KILL_AT = 15; // the peer kills the worker when this message arrives, before answering it

let t: MessagingTestApp;
let peer: TwilioPeer;
let first: WorkerProcess;
let second: WorkerProcess | undefined;
let killedDuring: PeerMessage | undefined;
let workerEnv: Record<string, string>;

beforeAll(async () => {
  ensureWorkerBuilt();
  peer = await startTwilioPeer({
    port: 0,
    authToken: 'test-twilio-auth-token',
    delayMs: 20,
    // SIGKILL exactly inside the window that matters: Twilio has accepted the message, the worker
    // has not heard back, so its row still says `sending`.
    onMessage: async (message, count) => {
      if (count !== KILL_AT || !first) return;
      killedDuring = message;
      first.child.kill('SIGKILL');
      await first.exited;
    },
  });
  const env = {
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    SMS_PER_SENDER_PER_SECOND: '1000',
    WORKER_CONCURRENCY: '4',
    WORKER_LOCK_MS: '1500',
    MESSAGE_MAX_ATTEMPTS: '5',
  };
  t = await startMessaging('exactly_once', env, { worker: false });
  const c = t.config;
  workerEnv = {
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: c.DATABASE_URL,
    REDIS_URL: c.REDIS_URL,
    REDIS_KEY_PREFIX: c.REDIS_KEY_PREFIX,
    PUBLIC_URL: c.PUBLIC_URL,
    TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN!, // TEST_DEFAULTS sets one
    MESSAGE_BACKOFF_MS: '100',
  };
  first = await startWorkerProcess(workerEnv);
  const queue = t.app.get(QueueMessageUseCase);
  for (let i = 0; i < BATCH; i++) {
    await queue.queue({
      idempotencyKey: `batch-${i}`,
      channel: 'sms',
      to: `+1312555${String(2000 + i)}`,
      text: `Batch message ${i}`,
      purpose: 'test',
    });
  }
  await first.exited;
}, 60_000);

afterAll(async () => {
  await second?.stop();
  if (first && first.child.exitCode === null && first.child.signalCode === null) await first.stop();
  await t?.close();
  await peer?.stop();
});

type Row = { idempotency_key: string; status: string; attempts: number; provider_message_id: string | null; recipient: string };
const rows = () =>
  t.sql<Row>('SELECT idempotency_key, status, attempts, provider_message_id, recipient FROM messages ORDER BY idempotency_key');

describe('kill -9 the worker in the middle of a batch', () => {
  it('sends every message exactly once after a new worker takes over', async () => {
    // The kill left a batch half done, with at least one message Twilio has but we did not record.
    const atKill = await rows();
    const sentAtKill = atKill.filter((r) => r.status === 'sent').length;
    expect(sentAtKill).toBeGreaterThan(0);
    expect(sentAtKill).toBeLessThan(BATCH);
    const inWindow = atKill.find((r) => r.recipient === killedDuring!.to)!;
    expect(inWindow).toMatchObject({ status: 'sending', provider_message_id: null });

    second = await startWorkerProcess(workerEnv);
    const final = await waitFor(
      async () => {
        const all = await rows();
        return all.every((r) => r.status === 'sent') ? all : null;
      },
      'every message to be sent',
      30_000,
    );

    const received = peer.messages();
    // Exactly once: one provider message per row, and every row points at its own.
    expect(received).toHaveLength(BATCH);
    expect(new Set(received.map((m) => m.body)).size).toBe(BATCH);
    const sidByRecipient = new Map(received.map((m) => [m.to, m.sid]));
    for (const row of final) expect(row.provider_message_id, row.idempotency_key).toBe(sidByRecipient.get(row.recipient));
    // The message caught in the window was reconciled with Twilio's list, not sent again.
    const reconciled = final.find((r) => r.recipient === killedDuring!.to)!;
    expect(reconciled.provider_message_id).toBe(killedDuring!.sid);
    expect(reconciled.attempts).toBe(2);
  }, 45_000);
});
