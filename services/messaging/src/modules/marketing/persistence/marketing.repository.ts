import { Injectable } from '@nestjs/common';
import type { CampaignChannel, CampaignState, CampaignStatsView, SegmentRule } from '@salon/contracts';
import { returnedRows } from '../../../database/returned-rows.js';
import { DataSource, type EntityManager } from 'typeorm';

export interface SegmentRow {
  id: string;
  name: string;
  match: 'all' | 'any';
  rules: SegmentRule[];
  version: number;
  updatedAt: Date;
}

export interface CampaignRow {
  id: string;
  name: string;
  channel: CampaignChannel;
  segmentId: string;
  segmentName: string | null;
  locationId: string | null;
  subject: string | null;
  html: string | null;
  design: string | null;
  text: string | null;
  state: CampaignState;
  scheduledAt: Date | null;
  sentAt: Date | null;
  version: number;
  /** While sending: the last client of the last page queued (the job resumes after it). */
  progressAfter: string | null;
}

export interface NewCampaign {
  name: string;
  channel: CampaignChannel;
  segmentId: string;
  locationId: string | null;
  subject: string | null;
  html: string | null;
  design: string | null;
  text: string | null;
  createdBy: string | null;
}

/** What the recipient rules need to know about one page of clients (see `pageFacts`). */
export interface PageFacts {
  recorded: Map<string, { state: 'queued' | 'skipped'; messageId: string | null }>;
  unsubscribed: Set<string>;
  recentSends: Map<string, Date[]>;
  /** Normalised addresses that get nothing on this channel: STOP phones, suppressed e-mail addresses (lower case). */
  blockedAddresses: Set<string>;
}

/** What messaging itself knows of a client's history: completed visits (scheduling's events) and spend (retail's). */
export interface ClientHistory {
  visits: number;
  lastVisitAt: Date | null;
  services: string[];
  spendMinor: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of hand-written SQL, mapped right below
type Raw = Record<string, any>;

const CAMPAIGN_COLUMNS = `c.id, c.name, c.channel, c.segment_id, s.name AS segment_name, c.location_id, c.subject, c.html, c.design, c.text,
  c.state, c.scheduled_at, c.sent_at, c.version, c.progress_after`;

/** Segments, campaigns, their recipients, unsubscribes and the mirrored history segments read. */
@Injectable()
export class MarketingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async segments(): Promise<SegmentRow[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM marketing_segments ORDER BY name, id`);
    return rows.map(segmentRow);
  }

  async segment(id: string): Promise<SegmentRow | null> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM marketing_segments WHERE id = $1`, [id]);
    return rows[0] ? segmentRow(rows[0]) : null;
  }

  async insertSegment(s: { name: string; match: string; rules: SegmentRule[] }): Promise<SegmentRow> {
    const rows: Raw[] = await this.dataSource.query(`INSERT INTO marketing_segments (name, match, rules) VALUES ($1, $2, $3) RETURNING *`, [
      s.name,
      s.match,
      JSON.stringify(s.rules),
    ]);
    return segmentRow(rows[0]!);
  }

  /** Null when the version read is no longer the current one (someone saved in between). */
  async updateSegment(id: string, version: number, s: { name: string; match: string; rules: SegmentRule[] }): Promise<SegmentRow | null> {
    const rows = returnedRows<Raw>(
      await this.dataSource.query(
        `UPDATE marketing_segments SET name = $3, match = $4, rules = $5, version = version + 1, updated_at = now()
       WHERE id = $1 AND version = $2 RETURNING *`,
        [id, version, s.name, s.match, JSON.stringify(s.rules)],
      ),
    );
    return rows[0] ? segmentRow(rows[0]) : null;
  }

  async campaigns(): Promise<CampaignRow[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM marketing_campaigns c LEFT JOIN marketing_segments s ON s.id = c.segment_id
       ORDER BY COALESCE(c.sent_at, c.scheduled_at, c.created_at) DESC, c.id`,
    );
    return rows.map(campaignRow);
  }

  async campaign(id: string): Promise<CampaignRow | null> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM marketing_campaigns c LEFT JOIN marketing_segments s ON s.id = c.segment_id WHERE c.id = $1`,
      [id],
    );
    return rows[0] ? campaignRow(rows[0]) : null;
  }

  async insertCampaign(c: NewCampaign): Promise<string> {
    const rows: { id: string }[] = await this.dataSource.query(
      `INSERT INTO marketing_campaigns (name, channel, segment_id, location_id, subject, html, design, text, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [c.name, c.channel, c.segmentId, c.locationId, c.subject, c.html, c.design, c.text, c.createdBy],
    );
    return rows[0]!.id;
  }

  /** Only a draft (or a scheduled one, which goes back to draft) can be edited; false on a stale version. */
  async updateCampaign(id: string, version: number, c: NewCampaign): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE marketing_campaigns SET name = $3, channel = $4, segment_id = $5, location_id = $6, subject = $7, html = $8, design = $9,
         text = $10, state = 'draft', scheduled_at = NULL, version = version + 1, updated_at = now()
       WHERE id = $1 AND version = $2 AND state IN ('draft', 'scheduled') RETURNING id`,
        [id, version, c.name, c.channel, c.segmentId, c.locationId, c.subject, c.html, c.design, c.text],
      ),
    );
    return rows.length > 0;
  }

  /** draft|scheduled → scheduled at `at`; false when the campaign has started, been sent or cancelled. */
  async schedule(id: string, at: Date): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE marketing_campaigns SET state = 'scheduled', scheduled_at = $2, version = version + 1, updated_at = now()
       WHERE id = $1 AND state IN ('draft', 'scheduled') RETURNING id`,
        [id, at],
      ),
    );
    return rows.length > 0;
  }

  async cancel(id: string): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE marketing_campaigns SET state = 'cancelled', version = version + 1, updated_at = now()
       WHERE id = $1 AND state IN ('draft', 'scheduled') RETURNING id`,
        [id],
      ),
    );
    return rows.length > 0;
  }

  /**
   * The send job takes the campaign: scheduled (due) → sending. A retried job finds it `sending`
   * and goes on (the recipients' primary key keeps it from sending twice). Null: not this job's to send.
   */
  async startSending(id: string, now: Date): Promise<CampaignRow | null> {
    await this.dataSource.query(
      `UPDATE marketing_campaigns SET state = 'sending', updated_at = now() WHERE id = $1 AND state = 'scheduled' AND scheduled_at <= $2`,
      [id, now],
    );
    const c = await this.campaign(id);
    return c && c.state === 'sending' ? c : null;
  }

  /** Quiet hours: back to scheduled, for the morning. */
  async deferSending(id: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE marketing_campaigns SET state = 'scheduled', scheduled_at = $2, updated_at = now() WHERE id = $1 AND state = 'sending'`,
      [id, until],
    );
  }

  async finishSending(id: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE marketing_campaigns SET state = 'sent', sent_at = $2, progress_after = NULL, updated_at = now() WHERE id = $1 AND state = 'sending'`,
      [id, now],
    );
  }

  /** A page is queued: the next attempt of this job starts after `clientId`. */
  async saveProgress(id: string, clientId: string): Promise<void> {
    await this.dataSource.query(`UPDATE marketing_campaigns SET progress_after = $2 WHERE id = $1 AND state = 'sending'`, [id, clientId]);
  }

  /**
   * Everything the recipient rules need about one page of clients, one query each: the page's
   * recipients already recorded (a resumed or concurrent job), one-click unsubscribes still in
   * force, recent sends for the cap, and the addresses that must get nothing (a phone's STOP, an
   * e-mail on the suppression list).
   */
  async pageFacts(
    campaignId: string,
    channel: CampaignChannel,
    clientIds: readonly string[],
    addresses: readonly string[],
    since: Date,
  ): Promise<PageFacts> {
    const [recorded, unsubscribed, recent, blocked] = await Promise.all([
      this.dataSource.query(
        `SELECT client_id, state, message_id FROM marketing_recipients WHERE campaign_id = $1 AND client_id = ANY($2::text[])`,
        [campaignId, clientIds],
      ) as Promise<{ client_id: string; state: 'queued' | 'skipped'; message_id: string | null }[]>,
      this.dataSource.query(
        `SELECT DISTINCT u.client_id FROM marketing_unsubscribes u
           LEFT JOIN client_consent cc ON cc.client_id::text = u.client_id AND cc.channel = u.channel
          WHERE u.client_id = ANY($1::text[]) AND u.channel = $2 AND (cc.decided_at IS NULL OR cc.decided_at <= u.at OR NOT cc.granted)`,
        [clientIds, channel],
      ) as Promise<{ client_id: string }[]>,
      this.dataSource.query(
        `SELECT client_id, created_at AS at FROM marketing_recipients WHERE client_id = ANY($1::text[]) AND state = 'queued' AND created_at > $2
         UNION ALL SELECT client_id, sent_at FROM automation_sends WHERE client_id = ANY($1::text[]) AND sent_at > $2`,
        [clientIds, since],
      ) as Promise<{ client_id: string; at: Date }[]>,
      addresses.length === 0
        ? Promise.resolve([])
        : (this.dataSource.query(
            channel === 'sms'
              ? `SELECT phone AS address FROM sms_consent WHERE phone = ANY($1::text[]) AND opted_out`
              : `SELECT address FROM email_suppressions WHERE address = ANY($1::text[])`,
            [channel === 'sms' ? addresses : addresses.map((a) => a.toLowerCase())],
          ) as Promise<{ address: string }[]>),
    ]);
    const recentSends = new Map<string, Date[]>();
    for (const r of recent) recentSends.set(r.client_id, [...(recentSends.get(r.client_id) ?? []), new Date(r.at)]);
    return {
      recorded: new Map(recorded.map((r) => [r.client_id, { state: r.state, messageId: r.message_id }])),
      unsubscribed: new Set(unsubscribed.map((r) => r.client_id)),
      recentSends,
      blockedAddresses: new Set(blocked.map((r) => r.address)),
    };
  }

  /**
   * Claims a page's (campaign, client) pairs in one statement; answers the clients this call
   * claimed (a pair another attempt holds is left as it is: the primary key keeps one row each).
   */
  async claimRecipients(
    campaignId: string,
    rows: readonly { clientId: string; state: 'queued' | 'skipped'; reason: string | null }[],
    manager: EntityManager,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    // Sorted, so two attempts on the same page take the key locks in one order (no deadlock).
    const sorted = [...rows].sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
    const claimed: { client_id: string }[] = await manager.query(
      `INSERT INTO marketing_recipients (campaign_id, client_id, state, reason)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])
       ON CONFLICT (campaign_id, client_id) DO NOTHING RETURNING client_id`,
      [campaignId, sorted.map((r) => r.clientId), sorted.map((r) => r.state), sorted.map((r) => r.reason)],
    );
    return new Set(claimed.map((r) => r.client_id));
  }

  async linkMessages(campaignId: string, links: readonly { clientId: string; messageId: string }[], manager: EntityManager): Promise<void> {
    if (links.length === 0) return;
    await manager.query(
      `UPDATE marketing_recipients r SET message_id = l.message_id
         FROM unnest($2::text[], $3::uuid[]) AS l(client_id, message_id)
        WHERE r.campaign_id = $1 AND r.client_id = l.client_id AND r.message_id IS DISTINCT FROM l.message_id`,
      [campaignId, links.map((l) => l.clientId), links.map((l) => l.messageId)],
    );
  }

  runInTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Records a one-click unsubscribe; the same link followed twice records it once. */
  async recordUnsubscribe(clientId: string, channel: CampaignChannel, campaignId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO marketing_unsubscribes (client_id, channel, campaign_id) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, channel, campaign_id) DO NOTHING RETURNING id`,
      [clientId, channel, campaignId],
    );
    return rows.length > 0;
  }

  /**
   * Whether the client unsubscribed from this channel after their latest consent decision: a
   * consent given again later (the clients service's newer decision) lifts it.
   */
  async unsubscribed(clientId: string, channel: CampaignChannel): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM marketing_unsubscribes u
        LEFT JOIN client_consent cc ON cc.client_id::text = u.client_id AND cc.channel = u.channel
       WHERE u.client_id = $1 AND u.channel = $2 AND (cc.decided_at IS NULL OR cc.decided_at <= u.at OR NOT cc.granted) LIMIT 1`,
      [clientId, channel],
    );
    return rows.length > 0;
  }

  async stats(campaignIds: string[]): Promise<Map<string, CampaignStatsView>> {
    if (campaignIds.length === 0) return new Map();
    const rows: Raw[] = await this.dataSource.query(
      `SELECT r.campaign_id,
              count(*) FILTER (WHERE r.state = 'queued')::int AS recipients,
              count(*) FILTER (WHERE r.state = 'skipped')::int AS skipped,
              count(*) FILTER (WHERE m.status IN ('sent', 'delivered'))::int AS sent,
              count(*) FILTER (WHERE m.status = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE m.status IN ('failed', 'suppressed'))::int AS failed,
              count(*) FILTER (WHERE m.status = 'failed' AND m.last_error LIKE 'Bounced%')::int AS bounced,
              (SELECT count(*)::int FROM marketing_recipients q
                 JOIN automation_appointments a ON a.client_id = q.client_id
                  AND a.booked_at >= q.created_at AND a.booked_at < q.created_at + interval '7 days'
                WHERE q.campaign_id = r.campaign_id AND q.state = 'queued') AS booked,
              (SELECT count(DISTINCT u.client_id)::int FROM marketing_unsubscribes u WHERE u.campaign_id = r.campaign_id) AS unsubscribed,
              (SELECT count(*)::int FROM marketing_engagements e WHERE e.campaign_id = r.campaign_id AND e.kind = 'open') AS opened,
              (SELECT count(*)::int FROM marketing_engagements e WHERE e.campaign_id = r.campaign_id AND e.kind = 'click') AS clicked
         FROM marketing_recipients r LEFT JOIN messages m ON m.id = r.message_id
        WHERE r.campaign_id = ANY($1::uuid[])
        GROUP BY r.campaign_id`,
      [campaignIds],
    );
    return new Map(
      rows.map((r) => [
        r.campaign_id as string,
        {
          recipients: r.recipients,
          skipped: r.skipped,
          sent: r.sent,
          delivered: r.delivered,
          failed: r.failed,
          bounced: r.bounced,
          booked: r.booked,
          unsubscribed: r.unsubscribed,
          opened: r.opened,
          clicked: r.clicked,
        },
      ]),
    );
  }

  /** Completed visits and closed-ticket spend of these clients, from the mirrors. */
  async histories(clientIds: string[]): Promise<Map<string, ClientHistory>> {
    const out = new Map<string, ClientHistory>();
    if (clientIds.length === 0) return out;
    const visits: Raw[] = await this.dataSource.query(
      `SELECT client_id, count(*)::int AS visits, max(starts_at) AS last_visit,
              array_remove(array_agg(DISTINCT service_name), NULL) AS services
         FROM automation_appointments WHERE client_id = ANY($1::text[]) AND status = 'completed' GROUP BY client_id`,
      [clientIds],
    );
    const spend: Raw[] = await this.dataSource.query(
      `SELECT client_id, sum(total_minor)::bigint AS spend FROM marketing_client_spend WHERE client_id = ANY($1::text[]) GROUP BY client_id`,
      [clientIds],
    );
    const blank = (): ClientHistory => ({ visits: 0, lastVisitAt: null, services: [], spendMinor: 0 });
    for (const v of visits)
      out.set(v.client_id, {
        ...blank(),
        visits: v.visits,
        lastVisitAt: v.last_visit ? new Date(v.last_visit) : null,
        services: v.services,
      });
    for (const s of spend) out.set(s.client_id, { ...(out.get(s.client_id) ?? blank()), spendMinor: Number(s.spend) });
    return out;
  }

  /** retail.ticket.closed.v1: the ticket's total counts once for its client (a redelivery changes nothing). */
  async recordSpend(ticketId: string, clientId: string, totalMinor: number, closedAt: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO marketing_client_spend (ticket_id, client_id, total_minor, closed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (ticket_id) DO NOTHING`,
      [ticketId, clientId, totalMinor, closedAt],
    );
  }
}

function segmentRow(r: Raw): SegmentRow {
  return { id: r.id, name: r.name, match: r.match, rules: r.rules, version: r.version, updatedAt: new Date(r.updated_at) };
}

function campaignRow(r: Raw): CampaignRow {
  return {
    id: r.id,
    name: r.name,
    channel: r.channel,
    segmentId: r.segment_id,
    segmentName: r.segment_name ?? null,
    locationId: r.location_id,
    subject: r.subject,
    html: r.html,
    design: r.design,
    text: r.text,
    state: r.state,
    scheduledAt: r.scheduled_at ? new Date(r.scheduled_at) : null,
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
    version: r.version,
    progressAfter: r.progress_after ?? null,
  };
}
