import { Injectable } from '@nestjs/common';
import type { AutomationCounts, ChannelRule, CustomAutomationTrigger, CustomAutomationView } from '@salon/contracts';
import { DataSource } from 'typeorm';

/** One owner-defined automation as stored: the view without its send counts. */
export type CustomAutomationRow = Omit<CustomAutomationView, 'counts'>;

export type NewCustomAutomation = Omit<CustomAutomationRow, 'id' | 'version'>;

type Raw = Record<string, unknown>;

const COLUMNS = `location_id, name, trigger, delay_hours, service_contains, first_visit_only, channel_rule, sms_template,
  email_subject, email_template, enabled, days`;

function values(a: NewCustomAutomation): unknown[] {
  return [
    a.locationId,
    a.name,
    a.trigger,
    a.delayHours,
    a.serviceContains,
    a.firstVisitOnly,
    a.channelRule,
    a.smsTemplate,
    a.emailSubject,
    a.emailTemplate,
    a.enabled,
    a.days,
  ];
}

/** The owner's own automations, and what their sends need to know at planning time. */
@Injectable()
export class CustomAutomationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(locationId: string): Promise<CustomAutomationRow[]> {
    const rows: Raw[] = await this.dataSource.query(`SELECT * FROM custom_automations WHERE location_id = $1 ORDER BY created_at, id`, [
      locationId,
    ]);
    return rows.map(toRow);
  }

  async find(id: string): Promise<CustomAutomationRow | null> {
    const [row] = await this.dataSource.query(`SELECT * FROM custom_automations WHERE id = $1`, [id]);
    return row ? toRow(row) : null;
  }

  /** The automations of a location that are on for this trigger. */
  async enabledFor(locationId: string, trigger: CustomAutomationTrigger): Promise<CustomAutomationRow[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT * FROM custom_automations WHERE location_id = $1 AND trigger = $2 AND enabled ORDER BY created_at, id`,
      [locationId, trigger],
    );
    return rows.map(toRow);
  }

  async insert(a: NewCustomAutomation): Promise<string> {
    const [row] = await this.dataSource.query(
      `INSERT INTO custom_automations (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      values(a),
    );
    return row.id as string;
  }

  /** Saves when `version` is the stored one; false when someone saved in between (or it is not this location's). */
  async update(id: string, version: number, a: NewCustomAutomation): Promise<boolean> {
    // TypeORM answers an UPDATE on PostgreSQL with [rows, affected count].
    const [rows] = (await this.dataSource.query(
      `UPDATE custom_automations SET name = $2, trigger = $3, delay_hours = $4, service_contains = $5, first_visit_only = $6,
         channel_rule = $7, sms_template = $8, email_subject = $9, email_template = $10, enabled = $11, days = $12,
         version = version + 1, updated_at = now()
       WHERE location_id = $1 AND id = $13 AND version = $14 RETURNING id`,
      [...values(a), id, version],
    )) as [Raw[], number];
    return rows.length > 0;
  }

  /** The client's completed visits that started before this time (the "first visit" condition). */
  async completedVisitsBefore(clientId: string, before: Date, exceptAppointmentId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM automation_appointments
        WHERE client_id = $1 AND status = 'completed' AND starts_at < $2 AND appointment_id <> $3`,
      [clientId, before, exceptAppointmentId],
    );
    return row.n as number;
  }

  /** Per owner automation of a location: its sends by state and its messages' states. */
  async counts(locationId: string): Promise<Map<string, AutomationCounts>> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT s.custom_automation_id AS id,
         count(DISTINCT s.id) FILTER (WHERE s.state = 'scheduled')::int AS scheduled,
         count(m.id) FILTER (WHERE m.status IN ('sent', 'delivered'))::int AS sent,
         count(m.id) FILTER (WHERE m.status = 'delivered')::int AS delivered,
         count(m.id) FILTER (WHERE m.status IN ('failed', 'suppressed'))::int AS failed,
         count(DISTINCT s.id) FILTER (WHERE s.replied_at IS NOT NULL)::int AS replies,
         count(DISTINCT s.id) FILTER (WHERE s.reply_action = 'confirm')::int AS confirmed
       FROM automation_sends s LEFT JOIN messages m ON m.id = ANY (s.message_ids)
       WHERE s.location_id = $1 AND s.custom_automation_id IS NOT NULL GROUP BY s.custom_automation_id`,
      [locationId],
    );
    return new Map(
      rows.map((r) => [
        r.id as string,
        {
          scheduled: r.scheduled as number,
          sent: r.sent as number,
          delivered: r.delivered as number,
          failed: r.failed as number,
          replies: r.replies as number,
          confirmed: r.confirmed as number,
        },
      ]),
    );
  }
}

function toRow(r: Raw): CustomAutomationRow {
  return {
    id: r.id as string,
    locationId: r.location_id as string,
    name: r.name as string,
    trigger: r.trigger as CustomAutomationTrigger,
    delayHours: r.delay_hours as number,
    days: (r.days as number | null) ?? null,
    serviceContains: (r.service_contains as string | null) ?? null,
    firstVisitOnly: r.first_visit_only as boolean,
    channelRule: r.channel_rule as ChannelRule,
    smsTemplate: r.sms_template as string,
    emailSubject: r.email_subject as string,
    emailTemplate: r.email_template as string,
    enabled: r.enabled as boolean,
    version: r.version as number,
  };
}
