import { Injectable } from '@nestjs/common';
import type { AppointmentDepositView, CardPolicy, DepositHoldKind, DepositHoldStatus } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface DepositRow extends AppointmentDepositView {
  /** scheduling.appointment.booked.v1 as the booking wrote it, published once the deposit is paid. */
  bookedEvent: Record<string, unknown>;
}

const SELECT = `SELECT d.appointment_id, d.location_id, d.client_id, d.kind, d.save_card, d.amount_minor, d.currency, d.status, d.due_at, d.payment_ref,
  d.release_reason, d.booked_event, a.starts_at FROM appointment_deposits d JOIN appointments a ON a.id = d.appointment_id`;

interface Row {
  appointment_id: string;
  location_id: string;
  client_id: string;
  kind: DepositHoldKind;
  save_card: boolean;
  amount_minor: number;
  currency: string;
  status: DepositRow['status'];
  due_at: Date;
  payment_ref: string | null;
  release_reason: string | null;
  booked_event: Record<string, unknown>;
  starts_at: Date;
}

function toRow(r: Row): DepositRow {
  return {
    appointmentId: r.appointment_id,
    locationId: r.location_id,
    clientId: r.client_id,
    kind: r.kind,
    saveCard: r.save_card,
    amountMinor: r.amount_minor,
    currency: r.currency,
    status: r.status,
    dueAt: new Date(r.due_at).toISOString(),
    paymentRef: r.payment_ref,
    releaseReason: r.release_reason,
    startsAt: new Date(r.starts_at).toISOString(),
    bookedEvent: r.booked_event,
  };
}

/** The deposits online bookings hold their time for (migration 1796600000000-appointment-deposits). */
@Injectable()
export class AppointmentDepositRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    m: EntityManager,
    d: {
      appointmentId: string;
      locationId: string;
      clientId: string;
      kind: DepositHoldKind;
      saveCard: boolean;
      amountMinor: number;
      currency: string;
      dueAt: Date;
      bookedEvent: object;
      now: Date;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO appointment_deposits (appointment_id, location_id, client_id, kind, save_card, amount_minor, currency, status, due_at, booked_event, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $10)`,
      [
        d.appointmentId,
        d.locationId,
        d.clientId,
        d.kind,
        d.saveCard,
        d.amountMinor,
        d.currency,
        d.dueAt,
        JSON.stringify(d.bookedEvent),
        d.now,
      ],
    );
  }

  /** The location's policy on cards online (null: it requires none), read in the booking's transaction. */
  async cardPolicy(locationId: string, m: EntityManager = this.dataSource.manager): Promise<CardPolicy | null> {
    const [r] = await m.query(
      `SELECT no_show_fee_minor, late_cancel_fee_minor, late_cancel_hours FROM location_policies WHERE location_id = $1 AND require_card_online`,
      [locationId],
    );
    return r
      ? { noShowFeeMinor: r.no_show_fee_minor, lateCancelFeeMinor: r.late_cancel_fee_minor, lateCancelHours: r.late_cancel_hours }
      : null;
  }

  async find(appointmentId: string, m: EntityManager = this.dataSource.manager): Promise<DepositRow | null> {
    const [row] = await m.query(`${SELECT} WHERE d.appointment_id = $1`, [appointmentId]);
    return row ? toRow(row) : null;
  }

  /** Locks the appointment first (the order every status change takes), then the deposit. */
  async lock(m: EntityManager, appointmentId: string): Promise<DepositRow | null> {
    await m.query(`SELECT 1 FROM appointments WHERE id = $1 FOR UPDATE`, [appointmentId]);
    const [row] = await m.query(`${SELECT} WHERE d.appointment_id = $1 FOR UPDATE OF d`, [appointmentId]);
    return row ? toRow(row) : null;
  }

  async setStatus(
    m: EntityManager,
    appointmentId: string,
    status: DepositHoldStatus,
    extra: { paymentRef?: string; releaseReason?: string },
    now: Date,
  ): Promise<void> {
    await m.query(
      `UPDATE appointment_deposits SET status = $2, payment_ref = coalesce($3, payment_ref), release_reason = coalesce($4, release_reason), updated_at = $5
        WHERE appointment_id = $1`,
      [appointmentId, status, extra.paymentRef ?? null, extra.releaseReason ?? null, now],
    );
  }

  /** Holds whose time ran out before the deposit came in. */
  async overdue(now: Date, limit: number): Promise<{ appointmentId: string; kind: DepositHoldKind }[]> {
    const rows = await this.dataSource.query(
      `SELECT appointment_id, kind FROM appointment_deposits WHERE status = 'pending' AND due_at < $1 ORDER BY due_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r: { appointment_id: string; kind: DepositHoldKind }) => ({ appointmentId: r.appointment_id, kind: r.kind }));
  }

  /** The deposits of many appointments at once (the calendar's blocks). */
  async ofAppointments(ids: string[]): Promise<Map<string, DepositRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query(`${SELECT} WHERE d.appointment_id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((r: Row) => [r.appointment_id, toRow(r)]));
  }
}
