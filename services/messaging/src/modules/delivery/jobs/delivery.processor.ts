import { Injectable } from '@nestjs/common';
import { QUEUES } from '@salon/contracts';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { DeliverMessageUseCase, DeliveryFailedError } from '../use-cases/deliver-message.use-case.js';
import type { DeliveryJob } from './delivery-queues.js';

/** Turns a BullMQ job into one delivery attempt; retries, backoff and delays are BullMQ's. */
@Injectable()
export class DeliveryProcessor {
  constructor(private readonly deliver: DeliverMessageUseCase) {}

  async process(job: Job<DeliveryJob>, token?: string): Promise<string> {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      const outcome = await this.deliver.deliver(job.data.messageId, {
        slotAt: job.data.slotAt,
        finalAttempt,
        channel: job.queueName === QUEUES.EMAIL ? 'email' : 'sms',
      });
      if (outcome.kind === 'done') return outcome.status;
      // Pacing or another worker's lease: wait without spending an attempt.
      if (outcome.slotAt !== undefined) await job.updateData({ ...job.data, slotAt: outcome.slotAt });
      await job.moveToDelayed(outcome.untilMs, token);
      throw new DelayedError();
    } catch (error) {
      if (error instanceof DelayedError) throw error;
      // A used pacing slot must not be reused by the retry.
      if (job.data.slotAt !== undefined) await job.updateData({ messageId: job.data.messageId });
      if (error instanceof DeliveryFailedError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
