import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, OutboxWriter } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../../config.js';
import { verifyUnsubscribeToken, type UnsubscribeClaim } from '../domain/unsubscribe-token.js';

export type UnsubscribeOutcome = { kind: 'invalid' } | { kind: 'done'; claim: UnsubscribeClaim; first: boolean };

/**
 * A campaign's unsubscribe link: the signed token is the only credential (no session). Recorded
 * once per client, channel and campaign; the first time it also publishes
 * `messaging.marketing.unsubscribed.v1` in the same transaction, so the clients service withdraws
 * the consent. Campaign sends check the record at once, before that event has come back.
 */
@Injectable()
export class UnsubscribeUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  check(token: string): UnsubscribeClaim | null {
    return verifyUnsubscribeToken(this.config.EVENT_SECRET_KEY, token);
  }

  async unsubscribe(token: string, now = new Date()): Promise<UnsubscribeOutcome> {
    const claim = this.check(token);
    if (!claim) return { kind: 'invalid' };
    const first = await this.dataSource.transaction(async (manager) => {
      const rows: unknown[] = await manager.query(
        `INSERT INTO marketing_unsubscribes (client_id, channel, campaign_id, at)
         SELECT $1, $2, c.id, $4 FROM marketing_campaigns c WHERE c.id = $3
         ON CONFLICT (client_id, channel, campaign_id) DO NOTHING RETURNING id`,
        [claim.clientId, claim.channel, claim.campaignId, now],
      );
      if (rows.length === 0) return false;
      await this.outbox.append(manager, {
        type: 'messaging.marketing.unsubscribed.v1',
        aggregateType: 'client',
        aggregateId: claim.clientId,
        locationId: null,
        actor: { type: 'system', id: null },
        payload: { clientId: claim.clientId, channel: claim.channel, campaignId: claim.campaignId, at: now.toISOString() },
      });
      return true;
    });
    return { kind: 'done', claim, first };
  }
}
