import { Injectable } from '@nestjs/common';
import type { CancellationFeeKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface CancellationFeeRow {
  appointmentId: string;
  status: 'open' | 'failed' | 'charged';
  kind: CancellationFeeKind | null;
  amountMinor: number | null;
  attempts: number;
  reason: string | null;
  failureReason: string | null;
  ticketId: string | null;
  paymentId: string | null;
}

const COLUMNS = `appointment_id AS "appointmentId", status, kind, amount_minor AS "amountMinor", attempts, reason,
  failure_reason AS "failureReason", ticket_id AS "ticketId", payment_id AS "paymentId"`;

/** cancellation_fees (migration 1796830000000-cancellation-fees): one row per appointment. */
@Injectable()
export class CancellationFeeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(appointmentId: string): Promise<CancellationFeeRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM cancellation_fees WHERE appointment_id = $1`, [appointmentId]);
    return row ?? null;
  }

  /** The appointment's row, made if missing, locked: a second click waits here for the first. */
  async lockOrCreate(m: EntityManager, appointmentId: string, now: Date): Promise<CancellationFeeRow> {
    await m.query(
      `INSERT INTO cancellation_fees (appointment_id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (appointment_id) DO NOTHING`,
      [appointmentId, now],
    );
    const [row] = await m.query(`SELECT ${COLUMNS} FROM cancellation_fees WHERE appointment_id = $1 FOR UPDATE`, [appointmentId]);
    return row;
  }

  async failed(m: EntityManager, appointmentId: string, failureReason: string, now: Date): Promise<void> {
    await m.query(
      `UPDATE cancellation_fees SET status = 'failed', attempts = attempts + 1, failure_reason = $2, updated_at = $3
       WHERE appointment_id = $1 AND status <> 'charged'`,
      [appointmentId, failureReason, now],
    );
  }

  async charged(
    m: EntityManager,
    appointmentId: string,
    fee: { kind: CancellationFeeKind; amountMinor: number; reason: string; ticketId: string; paymentId: string; chargedBy: string | null },
    now: Date,
  ): Promise<void> {
    await m.query(
      `UPDATE cancellation_fees SET status = 'charged', kind = $2, amount_minor = $3, reason = $4, ticket_id = $5, payment_id = $6,
         charged_by = $7, failure_reason = NULL, updated_at = $8
       WHERE appointment_id = $1 AND status <> 'charged'`,
      [appointmentId, fee.kind, fee.amountMinor, fee.reason, fee.ticketId, fee.paymentId, fee.chargedBy, now],
    );
  }
}
