import { Injectable } from '@nestjs/common';
import type { CallDirection, CallOutcome, CallView, PhoneNumberInput, PhoneNumberView } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface CallRow {
  id: string;
  callSid: string;
  locationId: string;
  direction: CallDirection;
  phone: string;
  staffPhone: string | null;
  clientId: string | null;
  clientName: string | null;
  outcome: CallOutcome;
  startedAt: Date;
}

const NUMBER_COLUMNS = `location_id AS "locationId", number, forward_to AS "forwardTo", ring_staff AS "ringStaff",
  ring_seconds AS "ringSeconds", text_back AS "textBack", greeting`;
const CALL_COLUMNS = `id, call_sid AS "callSid", location_id AS "locationId", direction, phone, staff_phone AS "staffPhone",
  client_id AS "clientId", client_name AS "clientName", outcome, started_at AS "startedAt"`;

/** Phone numbers, the call log and the voice webhook inbox (SQL in one place). */
@Injectable()
export class PhoneRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  async numbers(): Promise<PhoneNumberView[]> {
    return this.dataSource.query(`SELECT ${NUMBER_COLUMNS} FROM phone_numbers ORDER BY location_id`);
  }

  async numberOfLocation(locationId: string): Promise<PhoneNumberView | null> {
    const [row] = await this.dataSource.query(`SELECT ${NUMBER_COLUMNS} FROM phone_numbers WHERE location_id = $1`, [locationId]);
    return row ?? null;
  }

  async numberCalled(number: string): Promise<PhoneNumberView | null> {
    const [row] = await this.dataSource.query(`SELECT ${NUMBER_COLUMNS} FROM phone_numbers WHERE number = $1`, [number]);
    return row ?? null;
  }

  /** Insert or replace; null when the number already belongs to another location. */
  async saveNumber(input: PhoneNumberInput): Promise<PhoneNumberView | null> {
    const [taken] = await this.dataSource.query(`SELECT location_id FROM phone_numbers WHERE number = $1 AND location_id <> $2`, [
      input.number,
      input.locationId,
    ]);
    if (taken) return null;
    const [row] = await this.dataSource.query(
      `INSERT INTO phone_numbers (location_id, number, forward_to, ring_staff, ring_seconds, text_back, greeting)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (location_id) DO UPDATE SET number = EXCLUDED.number, forward_to = EXCLUDED.forward_to,
         ring_staff = EXCLUDED.ring_staff, ring_seconds = EXCLUDED.ring_seconds, text_back = EXCLUDED.text_back,
         greeting = EXCLUDED.greeting, updated_at = now()
       RETURNING ${NUMBER_COLUMNS}`,
      [input.locationId, input.number, input.forwardTo, input.ringStaff, input.ringSeconds, input.textBack, input.greeting],
    );
    return row;
  }

  /**
   * Records a webhook step of a call once: true the first time (CallSid + step is the inbox key),
   * false when Twilio delivers the same step again.
   */
  async firstDelivery(callSid: string, step: string, manager: EntityManager): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO call_webhook_inbox (call_sid, step) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING call_sid`,
      [callSid, step],
    );
    return rows.length === 1;
  }

  async insertCall(call: Omit<CallRow, 'id'> & { id?: string; createdBy?: string | null }, manager?: EntityManager): Promise<CallRow> {
    await this.q(manager).query(
      `INSERT INTO calls (id, call_sid, location_id, direction, phone, staff_phone, client_id, client_name, outcome, started_at, created_by)
       VALUES (COALESCE($11::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (call_sid) DO NOTHING`,
      [
        call.callSid,
        call.locationId,
        call.direction,
        call.phone,
        call.staffPhone,
        call.clientId,
        call.clientName,
        call.outcome,
        call.startedAt,
        call.createdBy ?? null,
        call.id ?? null,
      ],
    );
    return (await this.callBySid(call.callSid, manager))!;
  }

  async callBySid(callSid: string, manager?: EntityManager): Promise<CallRow | null> {
    const [row] = await this.q(manager).query(`SELECT ${CALL_COLUMNS} FROM calls WHERE call_sid = $1`, [callSid]);
    return row ?? null;
  }

  async callById(id: string): Promise<CallRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${CALL_COLUMNS} FROM calls WHERE id = $1`, [id]);
    return row ?? null;
  }

  async update(
    callSid: string,
    changes: {
      outcome?: CallOutcome;
      durationSeconds?: number | null;
      recordingUrl?: string;
      textBackMessageId?: string;
      textBackSkipped?: string;
    },
    manager?: EntityManager,
  ): Promise<void> {
    await this.q(manager).query(
      `UPDATE calls SET outcome = COALESCE($2, outcome), duration_seconds = COALESCE($3, duration_seconds),
         recording_url = COALESCE($4, recording_url), text_back_message_id = COALESCE($5, text_back_message_id),
         text_back_skipped = COALESCE($6, text_back_skipped), updated_at = now()
       WHERE call_sid = $1`,
      [
        callSid,
        changes.outcome ?? null,
        changes.durationSeconds ?? null,
        changes.recordingUrl ?? null,
        changes.textBackMessageId ?? null,
        changes.textBackSkipped ?? null,
      ],
    );
  }

  /** Click to call: the row exists before Twilio names the call (its bridge URL carries our id). */
  async setCallSid(id: string, callSid: string): Promise<void> {
    await this.dataSource.query(`UPDATE calls SET call_sid = $2, updated_at = now() WHERE id = $1`, [id, callSid]);
  }

  async deleteCall(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM calls WHERE id = $1`, [id]);
  }

  async linkClient(callId: string, clientId: string, clientName: string): Promise<void> {
    const [call] = await this.dataSource.query(`SELECT phone FROM calls WHERE id = $1`, [callId]);
    if (!call) return;
    // Every earlier call from that phone belongs to the new client as well.
    await this.dataSource.query(
      `UPDATE calls SET client_id = $2, client_name = $3, updated_at = now() WHERE phone = $1 AND client_id IS NULL`,
      [call.phone, clientId, clientName],
    );
  }

  /** A location's calls, newest first, with the text-back's delivery state from the message log. */
  async log(filter: { locationId?: string; clientId?: string; id?: string }, limit: number): Promise<CallView[]> {
    const rows = await this.dataSource.query(
      `SELECT c.id, c.location_id AS "locationId", c.call_sid AS "callSid", c.direction, c.phone, c.client_id AS "clientId",
              c.client_name AS "clientName", c.outcome, c.started_at AS "startedAt", c.duration_seconds AS "durationSeconds",
              c.recording_url AS "recordingUrl",
              CASE WHEN m.id IS NOT NULL THEN 'text ' || m.status::text ELSE c.text_back_skipped END AS "textBack"
         FROM calls c LEFT JOIN messages m ON m.id = c.text_back_message_id
        WHERE ($1::text IS NULL OR c.location_id = $1) AND ($3::text IS NULL OR c.client_id = $3) AND ($4::uuid IS NULL OR c.id = $4)
          AND c.call_sid NOT LIKE 'pending:%'
        ORDER BY c.started_at DESC LIMIT $2`,
      [filter.locationId ?? null, limit, filter.clientId ?? null, filter.id ?? null],
    );
    return rows.map((r: CallView & { startedAt: Date | string }) => ({
      ...r,
      startedAt: new Date(r.startedAt).toISOString(),
    }));
  }
}
