import { Injectable } from '@nestjs/common';
import { DeliveryQueues } from '../jobs/delivery-queues.js';
import { MessageRepository } from '../persistence/message.repository.js';

/**
 * The row is written before the job is added, so a crash in between leaves a queued row with no
 * job. The worker sweeps for such rows now and then; re-adding a live job is a no-op (job id =
 * message id) and a finished job finds its row finished.
 */
@Injectable()
export class RequeueStrandedUseCase {
  constructor(
    private readonly messages: MessageRepository,
    private readonly queues: DeliveryQueues,
  ) {}

  async sweep(olderThanSeconds: number): Promise<number> {
    const stranded = await this.messages.unfinishedBefore(olderThanSeconds, 500);
    for (const m of stranded) await this.queues.revive(m.channel, m.id);
    return stranded.length;
  }
}
