import { Injectable } from '@nestjs/common';
import {
  AUTOMATION_DEFAULT_SETTINGS,
  AUTOMATION_DEFAULTS,
  type AutomationCounts,
  type AutomationKind,
  type ChannelRule,
} from '@salon/contracts';
import { returnedRows } from '../../../database/returned-rows.js';
import { DataSource } from 'typeorm';

/** One automation of one location as stored, defaults filled in; templates null = built-in wording. */
export interface AutomationRow {
  locationId: string;
  kind: AutomationKind;
  enabled: boolean;
  channelRule: ChannelRule;
  timing: number;
  smsTemplate: string | null;
  emailSubject: string | null;
  emailTemplate: string | null;
  version: number;
}

export interface AutomationSettingsRow {
  locationId: string;
  quietStart: string;
  quietEnd: string;
  maxPerClientPerDay: number;
  version: number;
}

type Raw = Record<string, unknown>;

function defaultsOf(locationId: string, kind: AutomationKind): AutomationRow {
  const d = AUTOMATION_DEFAULTS[kind];
  return {
    locationId,
    kind,
    enabled: d.enabled,
    channelRule: d.channelRule,
    timing: d.timing,
    smsTemplate: null,
    emailSubject: null,
    emailTemplate: null,
    version: 0,
  };
}

/** Automations and their location settings; a location that never saved one reads the defaults (version 0). */
@Injectable()
export class AutomationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(locationId: string, kind: AutomationKind): Promise<AutomationRow> {
    const [row] = await this.dataSource.query(`SELECT * FROM automations WHERE location_id = $1 AND kind = $2`, [locationId, kind]);
    return row ? toRow(row) : defaultsOf(locationId, kind);
  }

  async list(locationId: string): Promise<Map<AutomationKind, AutomationRow>> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM automations WHERE location_id = $1`, [locationId]);
    const out = new Map<AutomationKind, AutomationRow>();
    for (const kind of Object.keys(AUTOMATION_DEFAULTS) as AutomationKind[]) out.set(kind, defaultsOf(locationId, kind));
    for (const row of rows) out.set(row.kind as AutomationKind, toRow(row));
    return out;
  }

  /** Saves when `version` is the stored one (0 for never saved); false when someone saved in between. */
  async save(row: Omit<AutomationRow, 'version'>, version: number): Promise<boolean> {
    const values = [
      row.locationId,
      row.kind,
      row.enabled,
      row.channelRule,
      row.timing,
      row.smsTemplate,
      row.emailSubject,
      row.emailTemplate,
      version,
    ];
    const rows: Raw[] =
      version === 0
        ? await this.dataSource.query(
            `INSERT INTO automations (location_id, kind, enabled, channel_rule, timing, sms_template, email_subject, email_template)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING version`,
            values.slice(0, 8),
          )
        : returnedRows<Raw>(
            await this.dataSource.query(
              `UPDATE automations SET enabled = $3, channel_rule = $4, timing = $5, sms_template = $6, email_subject = $7,
               email_template = $8, version = version + 1, updated_at = now()
             WHERE location_id = $1 AND kind = $2 AND version = $9 RETURNING version`,
              values,
            ),
          );
    return rows.length > 0;
  }

  async settings(locationId: string): Promise<AutomationSettingsRow> {
    const [row] = await this.dataSource.query(`SELECT * FROM automation_settings WHERE location_id = $1`, [locationId]);
    if (!row) return { locationId, ...AUTOMATION_DEFAULT_SETTINGS, version: 0 };
    return {
      locationId,
      quietStart: row.quiet_start,
      quietEnd: row.quiet_end,
      maxPerClientPerDay: row.max_per_client_per_day,
      version: row.version,
    };
  }

  async saveSettings(s: Omit<AutomationSettingsRow, 'version'>, version: number): Promise<boolean> {
    const values = [s.locationId, s.quietStart, s.quietEnd, s.maxPerClientPerDay, version];
    const rows: Raw[] =
      version === 0
        ? await this.dataSource.query(
            `INSERT INTO automation_settings (location_id, quiet_start, quiet_end, max_per_client_per_day)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING version`,
            values.slice(0, 4),
          )
        : returnedRows<Raw>(
            await this.dataSource.query(
              `UPDATE automation_settings SET quiet_start = $2, quiet_end = $3, max_per_client_per_day = $4,
               version = version + 1, updated_at = now() WHERE location_id = $1 AND version = $5 RETURNING version`,
              values,
            ),
          );
    return rows.length > 0;
  }

  /** Per automation of a location: its sends by state, and the states of the messages they queued. */
  async counts(locationId: string): Promise<Map<string, AutomationCounts>> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT s.kind,
         count(*) FILTER (WHERE s.state = 'scheduled')::int AS scheduled,
         count(m.id) FILTER (WHERE m.status IN ('sent', 'delivered'))::int AS sent,
         count(m.id) FILTER (WHERE m.status = 'delivered')::int AS delivered,
         count(m.id) FILTER (WHERE m.status IN ('failed', 'suppressed'))::int AS failed,
         count(DISTINCT s.id) FILTER (WHERE s.replied_at IS NOT NULL)::int AS replies,
         count(DISTINCT s.id) FILTER (WHERE s.reply_action = 'confirm')::int AS confirmed
       FROM automation_sends s LEFT JOIN messages m ON m.id = ANY (s.message_ids)
       WHERE s.location_id = $1 GROUP BY s.kind`,
      [locationId],
    );
    const out = new Map<string, AutomationCounts>();
    for (const r of rows)
      out.set(r.kind as string, {
        scheduled: r.scheduled as number,
        sent: r.sent as number,
        delivered: r.delivered as number,
        failed: r.failed as number,
        replies: r.replies as number,
        confirmed: r.confirmed as number,
      });
    return out;
  }
}

function toRow(row: Raw): AutomationRow {
  return {
    locationId: row.location_id as string,
    kind: row.kind as AutomationKind,
    enabled: row.enabled as boolean,
    channelRule: row.channel_rule as ChannelRule,
    timing: row.timing as number,
    smsTemplate: (row.sms_template as string | null) ?? null,
    emailSubject: (row.email_subject as string | null) ?? null,
    emailTemplate: (row.email_template as string | null) ?? null,
    version: row.version as number,
  };
}
