import { Injectable } from '@nestjs/common';
import type { AutomationKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface AppointmentMirror {
  appointmentId: string;
  clientId: string;
  locationId: string | null;
  serviceName: string | null;
  staffId: string | null;
  startsAt: Date;
  endsAt: Date | null;
  status: string;
}

/** A built-in automation's kind, or `custom` for an owner-defined one (named by `customAutomationId`). */
export type AutomationSendKind = AutomationKind | 'custom';

export interface AutomationSendRow {
  id: string;
  locationId: string | null;
  kind: AutomationSendKind;
  customAutomationId: string | null;
  appointmentId: string | null;
  clientId: string;
  dueAt: Date;
  state: 'scheduled' | 'done' | 'cancelled' | 'skipped';
  reason: string | null;
  messageIds: string[];
  channels: string[];
  sentAt: Date | null;
}

type Raw = Record<string, unknown>;

/** The appointments automations hang on (mirrored from scheduling's events) and each automation send. */
@Injectable()
export class AutomationSendRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  /** The booking is an appointment's first event: a second copy of it never overwrites what came after. */
  async insertAppointment(a: AppointmentMirror): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO automation_appointments (appointment_id, client_id, location_id, service_name, staff_id, starts_at, ends_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (appointment_id) DO NOTHING`,
      [a.appointmentId, a.clientId, a.locationId, a.serviceName, a.staffId, a.startsAt, a.endsAt, a.status],
    );
  }

  async upsertAppointment(a: AppointmentMirror): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO automation_appointments (appointment_id, client_id, location_id, service_name, staff_id, starts_at, ends_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (appointment_id) DO UPDATE SET client_id = $2, location_id = COALESCE($3, automation_appointments.location_id),
         service_name = COALESCE($4, automation_appointments.service_name), staff_id = COALESCE($5, automation_appointments.staff_id),
         starts_at = $6, ends_at = COALESCE($7, automation_appointments.ends_at), status = $8, updated_at = now()`,
      [a.appointmentId, a.clientId, a.locationId, a.serviceName, a.staffId, a.startsAt, a.endsAt, a.status],
    );
  }

  async setAppointmentStatus(appointmentId: string, status: string): Promise<void> {
    await this.dataSource.query(`UPDATE automation_appointments SET status = $2, updated_at = now() WHERE appointment_id = $1`, [
      appointmentId,
      status,
    ]);
  }

  async appointment(appointmentId: string): Promise<AppointmentMirror | null> {
    const [r] = await this.dataSource.query(`SELECT * FROM automation_appointments WHERE appointment_id = $1`, [appointmentId]);
    return r ? toAppointment(r) : null;
  }

  /** Inserts the send once per idempotency key; answers the stored row either way, and whether it is new. */
  async insertOnce(values: {
    locationId: string | null;
    kind: AutomationSendKind;
    customAutomationId?: string | null;
    appointmentId: string | null;
    clientId: string;
    idempotencyKey: string;
    dueAt: Date;
  }): Promise<{ send: AutomationSendRow; created: boolean }> {
    const inserted: Raw[] = await this.dataSource.query(
      `INSERT INTO automation_sends (location_id, kind, appointment_id, client_id, idempotency_key, due_at, custom_automation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [
        values.locationId,
        values.kind,
        values.appointmentId,
        values.clientId,
        values.idempotencyKey,
        values.dueAt,
        values.customAutomationId ?? null,
      ],
    );
    if (inserted[0]) return { send: toSend(inserted[0]), created: true };
    const [existing] = await this.dataSource.query(`SELECT * FROM automation_sends WHERE idempotency_key = $1`, [values.idempotencyKey]);
    return { send: toSend(existing), created: false };
  }

  async find(id: string): Promise<AutomationSendRow | null> {
    const [r] = await this.dataSource.query(`SELECT * FROM automation_sends WHERE id = $1`, [id]);
    return r ? toSend(r) : null;
  }

  async lock(id: string, manager: EntityManager): Promise<AutomationSendRow | null> {
    const [r] = await manager.query(`SELECT * FROM automation_sends WHERE id = $1 FOR UPDATE`, [id]);
    return r ? toSend(r) : null;
  }

  async scheduledFor(appointmentId: string): Promise<AutomationSendRow[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT * FROM automation_sends WHERE appointment_id = $1 AND state = 'scheduled' ORDER BY due_at`,
      [appointmentId],
    );
    return rows.map(toSend);
  }

  async reschedule(id: string, dueAt: Date, reason: string | null = null): Promise<void> {
    await this.dataSource.query(
      `UPDATE automation_sends SET due_at = $2, reason = COALESCE($3, reason), updated_at = now() WHERE id = $1 AND state = 'scheduled'`,
      [id, dueAt, reason],
    );
  }

  async finish(
    id: string,
    state: 'done' | 'cancelled' | 'skipped',
    fields: { reason?: string | null; messageIds?: string[]; channels?: string[]; sentAt?: Date | null },
    manager?: EntityManager,
  ): Promise<void> {
    await this.q(manager).query(
      `UPDATE automation_sends SET state = $2, reason = $3, message_ids = $4, channels = $5, sent_at = $6, updated_at = now()
       WHERE id = $1`,
      [id, state, fields.reason ?? null, fields.messageIds ?? [], fields.channels ?? [], fields.sentAt ?? null],
    );
  }

  /** When the client's automated messages went out in the last day (the frequency cap reads them). */
  async recentSendTimes(clientId: string, now: Date): Promise<Date[]> {
    const rows: { sent_at: Date }[] = await this.dataSource.query(
      `SELECT sent_at FROM automation_sends WHERE client_id = $1 AND sent_at > $2::timestamptz - interval '1 day' AND state = 'done'`,
      [clientId, now],
    );
    return rows.map((r) => new Date(r.sent_at));
  }

  /** The client's latest reminder that went out for an appointment still to come and still standing. */
  async latestRemindedAppointment(clientId: string, now: Date): Promise<{ sendId: string; appointment: AppointmentMirror } | null> {
    const [r] = await this.dataSource.query(
      `SELECT s.id AS send_id, a.* FROM automation_sends s JOIN automation_appointments a ON a.appointment_id = s.appointment_id
       WHERE s.client_id = $1 AND s.kind IN ('reminder', 'second-reminder') AND s.state = 'done'
         AND a.status IN ('booked', 'confirmed') AND a.starts_at > $2
       ORDER BY s.sent_at DESC NULLS LAST, s.due_at DESC LIMIT 1`,
      [clientId, now],
    );
    return r ? { sendId: r.send_id as string, appointment: toAppointment(r) } : null;
  }

  async hasUpcomingAppointment(clientId: string, now: Date): Promise<boolean> {
    const [r] = await this.dataSource.query(
      `SELECT 1 FROM automation_appointments WHERE client_id = $1 AND starts_at > $2 AND status IN ('booked', 'confirmed') LIMIT 1`,
      [clientId, now],
    );
    return Boolean(r);
  }

  /** Which of these clients have an appointment still to come (a win-back is not for them). */
  async clientsWithUpcoming(clientIds: string[], now: Date): Promise<Set<string>> {
    if (clientIds.length === 0) return new Set();
    const rows: { client_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT client_id FROM automation_appointments
       WHERE client_id = ANY($1::text[]) AND starts_at > $2 AND status IN ('booked', 'confirmed')`,
      [clientIds, now],
    );
    return new Set(rows.map((r) => r.client_id));
  }

  /**
   * A location's appointments that started in [since, until), counted by status and by whether a
   * reminder (first or second) went out for them.
   */
  async appointmentOutcomes(locationId: string, since: Date, until: Date): Promise<{ reminded: boolean; status: string; count: number }[]> {
    const rows: { reminded: boolean; status: string; count: number }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM automation_sends s WHERE s.appointment_id = a.appointment_id
                        AND s.kind IN ('reminder', 'second-reminder') AND s.state = 'done') AS reminded,
              a.status, count(*)::int AS count
         FROM automation_appointments a
        WHERE a.location_id = $1 AND a.starts_at >= $2 AND a.starts_at < $3
        GROUP BY 1, 2`,
      [locationId, since, until],
    );
    return rows;
  }

  async recordReply(sendId: string, action: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE automation_sends SET replied_at = $2, reply_action = $3, updated_at = now() WHERE id = $1`, [
      sendId,
      at,
      action,
    ]);
  }

  async recent(locationId: string, limit: number): Promise<(AutomationSendRow & { messageStates: string[]; lastErrors: string[] })[]> {
    const rows: Raw[] = await this.dataSource.query(
      `SELECT s.*, COALESCE(array_agg(m.status::text) FILTER (WHERE m.id IS NOT NULL), '{}') AS message_states,
              COALESCE(array_agg(m.last_error) FILTER (WHERE m.last_error IS NOT NULL), '{}') AS last_errors
       FROM automation_sends s LEFT JOIN messages m ON m.id = ANY (s.message_ids)
       WHERE s.location_id = $1 GROUP BY s.id ORDER BY s.due_at DESC LIMIT $2`,
      [locationId, limit],
    );
    return rows.map((r) => ({ ...toSend(r), messageStates: r.message_states as string[], lastErrors: r.last_errors as string[] }));
  }
}

function toAppointment(r: Raw): AppointmentMirror {
  return {
    appointmentId: r.appointment_id as string,
    clientId: r.client_id as string,
    locationId: (r.location_id as string | null) ?? null,
    serviceName: (r.service_name as string | null) ?? null,
    staffId: (r.staff_id as string | null) ?? null,
    startsAt: new Date(r.starts_at as string),
    endsAt: r.ends_at ? new Date(r.ends_at as string) : null,
    status: r.status as string,
  };
}

function toSend(r: Raw): AutomationSendRow {
  return {
    id: r.id as string,
    locationId: (r.location_id as string | null) ?? null,
    kind: r.kind as AutomationSendKind,
    customAutomationId: (r.custom_automation_id as string | null) ?? null,
    appointmentId: (r.appointment_id as string | null) ?? null,
    clientId: r.client_id as string,
    dueAt: new Date(r.due_at as string),
    state: r.state as AutomationSendRow['state'],
    reason: (r.reason as string | null) ?? null,
    messageIds: (r.message_ids as string[]) ?? [],
    channels: (r.channels as string[]) ?? [],
    sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
  };
}
