import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@salon/contracts';
import { bullPrefix } from '../modules/delivery/jobs/delivery-queues.js';
import { QueueMessageUseCase } from '../modules/delivery/use-cases/queue-message.use-case.js';
import { startLocalSes, type LocalSes, type SesSendEvent } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { ensureWorkerBuilt, startWorkerProcess, type WorkerProcess } from './worker-process.js';

const BATCH = 40;
const KILL_AT = 15; // the local SES server kills the worker once it has accepted this e-mail, before answering

let t: MessagingTestApp;
let ses: LocalSes;
let first: WorkerProcess;
let second: WorkerProcess | undefined;
let killedDuring: SesSendEvent | undefined;
let workerEnv: Record<string, string>;

beforeAll(async () => {
  ensureWorkerBuilt();
  ses = await startLocalSes({
    port: 0,
    // SIGKILL exactly inside the window that matters: SES has accepted the e-mail, the worker has
    // not heard back, so its row still says `sending`. Other jobs are active on the worker too.
    onSend: async (event, count) => {
      if (count !== KILL_AT || !first) return;
      killedDuring = event;
      first.child.kill('SIGKILL');
      await first.exited;
    },
  });
  const env = {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SES_SEND_EVENTS_URL: `${ses.url}/send-events`,
    EMAIL_PER_SECOND: '1000',
    WORKER_CONCURRENCY: '4',
    MESSAGE_MAX_ATTEMPTS: '5',
  };
  t = await startMessaging('exactly_once_email', env, { worker: false });
  const c = t.config;
  workerEnv = {
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: c.DATABASE_URL,
    REDIS_URL: c.REDIS_URL,
    REDIS_KEY_PREFIX: c.REDIS_KEY_PREFIX,
    PUBLIC_URL: c.PUBLIC_URL,
    TWILIO_AUTH_TOKEN: c.TWILIO_AUTH_TOKEN!,
    MESSAGE_BACKOFF_MS: '100',
    // The default lock (and lease): what a deployment gets.
    WORKER_LOCK_MS: String(c.WORKER_LOCK_MS === 2000 ? 5000 : c.WORKER_LOCK_MS),
    // The sweep cannot be what rescues the crashed jobs here: only BullMQ's stalled check can.
    STRANDED_SWEEP_SECONDS: '3600',
  };
  first = await startWorkerProcess(workerEnv);
  const queue = t.app.get(QueueMessageUseCase);
  for (let i = 0; i < BATCH; i++) {
    await queue.queue({
      idempotencyKey: `email-batch-${i}`,
      channel: 'email',
      to: `client${i}@example.com`,
      subject: `Batch e-mail ${i}`,
      text: `Batch e-mail ${i}`,
      purpose: 'test',
    });
  }
  await first.exited;
}, 60_000);

afterAll(async () => {
  await second?.stop();
  if (first && first.child.exitCode === null && first.child.signalCode === null) await first.stop();
  await t?.close();
  await ses?.stop();
});

type Row = { id: string; idempotency_key: string; status: string; attempts: number; provider_message_id: string | null };
const rows = () => t.sql<Row>('SELECT id, idempotency_key, status, attempts, provider_message_id FROM messages ORDER BY idempotency_key');

describe('kill -9 the worker while SES holds an e-mail', () => {
  it('sends every e-mail exactly once, and the crashed jobs complete through the stalled check', async () => {
    const atKill = await rows();
    const sentAtKill = atKill.filter((r) => r.status === 'sent').length;
    expect(sentAtKill).toBeLessThan(BATCH);
    const inWindow = atKill.find((r) => killedDuring!.mail.tags.message_id?.includes(r.id))!;
    expect(inWindow).toMatchObject({ status: 'sending', provider_message_id: null });

    second = await startWorkerProcess(workerEnv);
    const final = await waitFor(
      async () => {
        const all = await rows();
        return all.every((r) => r.status === 'sent') ? all : null;
      },
      'every e-mail to be sent',
      40_000,
    );

    const events = await ses.sendEvents();
    const emails = await ses.emails();
    // Exactly once: one accepted send per row, and every row points at its own.
    expect(emails).toHaveLength(BATCH);
    expect(new Set(emails.map((e) => e.subject)).size).toBe(BATCH);
    const sesIdByMessage = new Map(events.map((e) => [e.mail.tags.message_id![0], e.mail.messageId]));
    for (const row of final) expect(row.provider_message_id, row.idempotency_key).toBe(sesIdByMessage.get(row.id));
    // The e-mail caught in the window was found among SES's Send events, not sent again.
    const reconciled = final.find((r) => r.id === inWindow.id)!;
    expect(reconciled.provider_message_id).toBe(killedDuring!.mail.messageId);
    expect(reconciled.attempts).toBe(2);

    // Every job, including those active on the killed worker, completed (none failed or was left behind).
    const queue = new Queue(QUEUES.EMAIL, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix(t.config) });
    try {
      const counts = await queue.getJobCounts('completed', 'failed', 'active', 'wait', 'delayed');
      expect(counts).toMatchObject({ completed: BATCH, failed: 0, active: 0, wait: 0 });
    } finally {
      await queue.close();
    }
  }, 60_000);
});
