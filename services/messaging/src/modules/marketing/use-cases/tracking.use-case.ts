import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../../config.js';
import { verifyTrackingToken, type TrackingClaim } from '../domain/tracking.js';

export type TrackingOutcome = { kind: 'invalid' } | { kind: 'recorded'; claim: TrackingClaim; first: boolean };

/**
 * A campaign e-mail's open pixel or tracked link was fetched. The signed token is the only
 * credential. At most one open and one click per campaign and client are recorded (the
 * table's primary key), so counting is idempotent; a click also counts as an open (images are
 * often blocked, but a click proves the e-mail was read). Only a recipient of that campaign is
 * recorded. The redirect happens whether or not this was the first click.
 */
@Injectable()
export class TrackingUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly dataSource: DataSource,
  ) {}

  async record(token: string, now = new Date()): Promise<TrackingOutcome> {
    const claim = verifyTrackingToken(this.config.EVENT_SECRET_KEY, token);
    if (!claim) return { kind: 'invalid' };
    const kinds = claim.kind === 'click' ? ['click', 'open'] : ['open'];
    const rows: { kind: string }[] = await this.dataSource.query(
      `INSERT INTO marketing_engagements (campaign_id, client_id, kind, first_url, at)
       SELECT r.campaign_id, r.client_id, k.kind, CASE WHEN k.kind = 'click' THEN $3 END, $4
         FROM marketing_recipients r CROSS JOIN unnest($5::text[]) AS k(kind)
        WHERE r.campaign_id::text = $1 AND r.client_id = $2 AND r.state = 'queued'
       ON CONFLICT (campaign_id, client_id, kind) DO NOTHING RETURNING kind`,
      [claim.campaignId, claim.clientId, claim.kind === 'click' ? claim.url : null, now, kinds],
    );
    return { kind: 'recorded', claim, first: rows.some((r) => r.kind === claim.kind) };
  }
}
