import { Injectable } from '@nestjs/common';
import type { BookingDepositStatus } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface DepositRow {
  id: string;
  appointmentId: string;
  locationId: string;
  clientId: string | null;
  /** `card`: a card hold (SetupIntent in intentId, nothing charged). */
  kind: 'deposit' | 'card';
  /** The deposit's PaymentIntent also saves its card on file (the location requires a card online). */
  saveCard: boolean;
  amountMinor: number;
  currency: string;
  status: BookingDepositStatus;
  dueAt: Date;
  intentId: string | null;
  failureReason: string | null;
  outcomeReason: string | null;
  ticketId: string | null;
  paymentId: string | null;
  refundRef: string | null;
  createdAt: Date;
}

const COLUMNS = `id, appointment_id AS "appointmentId", location_id AS "locationId", client_id AS "clientId", kind, save_card AS "saveCard", amount_minor AS "amountMinor",
  currency, status, due_at AS "dueAt", intent_id AS "intentId", failure_reason AS "failureReason", outcome_reason AS "outcomeReason",
  ticket_id AS "ticketId", payment_id AS "paymentId", refund_ref AS "refundRef", created_at AS "createdAt"`;

/** booking_deposits (migration 1796650000000-booking-deposits). */
@Injectable()
export class BookingDepositRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): EntityManager {
    return m ?? this.dataSource.manager;
  }

  /** One deposit per appointment: a second start finds the first. */
  async insertOnce(
    d: Pick<DepositRow, 'appointmentId' | 'locationId' | 'clientId' | 'kind' | 'saveCard' | 'amountMinor' | 'currency' | 'dueAt'>,
    now: Date,
  ): Promise<DepositRow> {
    await this.dataSource.query(
      `INSERT INTO booking_deposits (appointment_id, location_id, client_id, kind, save_card, amount_minor, currency, status, due_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'awaiting_payment', $8, $9, $9) ON CONFLICT (appointment_id) DO NOTHING`,
      [d.appointmentId, d.locationId, d.clientId, d.kind, d.saveCard, d.amountMinor, d.currency, d.dueAt, now],
    );
    return (await this.byAppointment(d.appointmentId))!;
  }

  async find(id: string, m?: EntityManager): Promise<DepositRow | null> {
    const [row] = await this.q(m).query(`SELECT ${COLUMNS} FROM booking_deposits WHERE id = $1`, [id]);
    return row ?? null;
  }

  async byAppointment(appointmentId: string, m?: EntityManager): Promise<DepositRow | null> {
    const [row] = await this.q(m).query(`SELECT ${COLUMNS} FROM booking_deposits WHERE appointment_id = $1`, [appointmentId]);
    return row ?? null;
  }

  async byIntent(intentId: string): Promise<DepositRow | null> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM booking_deposits WHERE intent_id = $1`, [intentId]);
    return row ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<DepositRow | null> {
    const [row] = await m.query(`SELECT ${COLUMNS} FROM booking_deposits WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async setIntent(id: string, intentId: string): Promise<void> {
    await this.dataSource.query(`UPDATE booking_deposits SET intent_id = $2, updated_at = now() WHERE id = $1 AND intent_id IS NULL`, [
      id,
      intentId,
    ]);
  }

  /**
   * Moves a deposit on only from one of the states it is expected in: answers false when another
   * request (the webhook, the page's poll, the sweep) moved it first.
   */
  async move(
    id: string,
    from: readonly BookingDepositStatus[],
    to: BookingDepositStatus,
    extra: { failureReason?: string; outcomeReason?: string; refundRef?: string; ticketId?: string; paymentId?: string } = {},
    m?: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await this.q(m).query(
      `UPDATE booking_deposits SET status = $3, failure_reason = coalesce($4, failure_reason), outcome_reason = coalesce($5, outcome_reason),
         refund_ref = coalesce($6, refund_ref), ticket_id = coalesce($7, ticket_id), payment_id = coalesce($8, payment_id), updated_at = now()
       WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
      [
        id,
        from,
        to,
        extra.failureReason ?? null,
        extra.outcomeReason ?? null,
        extra.refundRef ?? null,
        extra.ticketId ?? null,
        extra.paymentId ?? null,
      ],
    );
    return (Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows).length > 0;
  }

  /** Deposits still open after their hold's due time (or stuck between authorisation and capture). */
  async stale(before: Date, limit: number): Promise<DepositRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM booking_deposits WHERE status IN ('awaiting_payment', 'authorized') AND due_at < $1 ORDER BY due_at LIMIT $2`,
      [before, limit],
    );
  }

  /** Held deposits of these appointments, locked (the ticket that applies them). */
  async heldFor(m: EntityManager, appointmentIds: readonly string[]): Promise<DepositRow[]> {
    if (appointmentIds.length === 0) return [];
    return m.query(
      `SELECT ${COLUMNS} FROM booking_deposits WHERE appointment_id = ANY($1::uuid[]) AND status = 'held' AND kind = 'deposit' ORDER BY created_at FOR UPDATE`,
      [appointmentIds],
    );
  }
}
