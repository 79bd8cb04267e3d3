import { Injectable } from '@nestjs/common';
import type { ShiftStatus } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface ShiftRow {
  id: string;
  staffId: string;
  locationId: string;
  status: ShiftStatus;
  clockInAt: Date;
  clockOutAt: Date | null;
  workDate: string;
  source: 'self' | 'kiosk' | 'manager';
  approvedAt: Date | null;
  version: number;
  breaks: { startedAt: Date; endedAt: Date | null }[];
}

export interface ShiftEditRow {
  shiftId: string;
  editedBy: string;
  editedAt: Date;
  reason: string;
  before: { clockInAt: string; clockOutAt: string | null; breakMinutes: number };
  after: { clockInAt: string; clockOutAt: string | null; breakMinutes: number };
}

const SELECT = `SELECT s.id, s.staff_id AS "staffId", s.location_id AS "locationId", s.status, s.clock_in_at AS "clockInAt",
  s.clock_out_at AS "clockOutAt", to_char(s.work_date, 'YYYY-MM-DD') AS "workDate", s.source, s.approved_at AS "approvedAt", s.version,
  COALESCE((SELECT json_agg(json_build_object('startedAt', b.started_at, 'endedAt', b.ended_at) ORDER BY b.started_at)
            FROM shift_breaks b WHERE b.shift_id = s.id), '[]') AS breaks
  FROM shifts s`;

function hydrate(rows: (Omit<ShiftRow, 'breaks'> & { breaks: { startedAt: string; endedAt: string | null }[] })[]): ShiftRow[] {
  return rows.map((r) => ({
    ...r,
    breaks: r.breaks.map((b) => ({
      startedAt: new Date(b.startedAt),
      endedAt: b.endedAt ? new Date(b.endedAt) : null,
    })),
  }));
}

@Injectable()
export class ShiftRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  /** The person's open shift, locked: the clock actions of one person run one at a time. */
  async lockOpen(m: EntityManager, staffId: string): Promise<ShiftRow | null> {
    const locked: { id: string }[] = await m.query(`SELECT id FROM shifts WHERE staff_id = $1 AND status = 'open' FOR UPDATE`, [staffId]);
    if (!locked[0]) return null;
    return (await this.find(locked[0].id, m))!;
  }

  async find(id: string, m?: EntityManager): Promise<ShiftRow | null> {
    return hydrate(await this.q(m).query(`${SELECT} WHERE s.id = $1`, [id]))[0] ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<ShiftRow | null> {
    const locked = await m.query(`SELECT id FROM shifts WHERE id = $1 FOR UPDATE`, [id]);
    return locked.length ? this.find(id, m) : null;
  }

  /** Shifts of a person (or everyone) at a location (or all) whose work date is within [from, to]. */
  async list(
    f: { staffId?: string | null; locationId?: string | null; from: string; to: string; approvedOnly?: boolean },
    m?: EntityManager,
  ): Promise<ShiftRow[]> {
    return hydrate(
      await this.q(m).query(
        `${SELECT} WHERE s.work_date BETWEEN $1 AND $2 AND ($3::uuid IS NULL OR s.staff_id = $3) AND ($4::uuid IS NULL OR s.location_id = $4)
           AND ($5::boolean IS NOT TRUE OR s.approved_at IS NOT NULL)
         ORDER BY s.clock_in_at`,
        [f.from, f.to, f.staffId ?? null, f.locationId ?? null, f.approvedOnly ?? false],
      ),
    );
  }

  /** Inserts an open shift; the partial unique index refuses a second open one (23505) even when two screens race. */
  async insert(
    m: EntityManager,
    s: { staffId: string; locationId: string; clockInAt: Date; workDate: string; source: ShiftRow['source'] },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO shifts (staff_id, location_id, clock_in_at, work_date, source) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [s.staffId, s.locationId, s.clockInAt, s.workDate, s.source],
    );
    return row.id;
  }

  async close(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query(`UPDATE shift_breaks SET ended_at = $2 WHERE shift_id = $1 AND ended_at IS NULL`, [id, at]);
    await m.query(`UPDATE shifts SET status = 'closed', clock_out_at = $2, version = version + 1 WHERE id = $1`, [id, at]);
  }

  async startBreak(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query(`INSERT INTO shift_breaks (shift_id, started_at) VALUES ($1, $2)`, [id, at]);
    await m.query(`UPDATE shifts SET version = version + 1 WHERE id = $1`, [id]);
  }

  async endBreak(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query(`UPDATE shift_breaks SET ended_at = $2 WHERE shift_id = $1 AND ended_at IS NULL`, [id, at]);
    await m.query(`UPDATE shifts SET version = version + 1 WHERE id = $1`, [id]);
  }

  /** Open shifts older than their location's limit become forgotten (a manager fixes the clock-out). */
  async flagForgotten(m: EntityManager, now: Date, staffId: string | null): Promise<number> {
    const rows = await m.query(
      `UPDATE shifts s SET status = 'forgotten', version = version + 1
       FROM (SELECT s2.id FROM shifts s2 LEFT JOIN locations l ON l.location_id = s2.location_id
             WHERE s2.status = 'open' AND ($2::uuid IS NULL OR s2.staff_id = $2)
               AND s2.clock_in_at < $1::timestamptz - make_interval(hours => COALESCE(l.forgotten_after_hours, 14))) f
       WHERE s.id = f.id RETURNING s.id`,
      [now, staffId],
    );
    return rows[0]?.length ?? rows.length;
  }

  /** A manager's correction: times, one break of the given length (the punches' breaks replaced), approval undone. */
  async correct(
    m: EntityManager,
    id: string,
    c: { clockInAt: Date; clockOutAt: Date | null; breakMinutes: number; workDate: string },
  ): Promise<void> {
    await m.query(`DELETE FROM shift_breaks WHERE shift_id = $1`, [id]);
    if (c.breakMinutes > 0) {
      await m.query(
        `INSERT INTO shift_breaks (shift_id, started_at, ended_at) VALUES ($1, $2, $2::timestamptz + make_interval(mins => $3))`,
        [id, c.clockInAt, c.breakMinutes],
      );
    }
    await m.query(
      `UPDATE shifts SET clock_in_at = $2, clock_out_at = $3, work_date = $4, status = CASE WHEN $3::timestamptz IS NULL THEN 'forgotten' ELSE 'closed' END,
         approved_at = NULL, approved_by = NULL, version = version + 1 WHERE id = $1`,
      [id, c.clockInAt, c.clockOutAt, c.workDate],
    );
  }

  async insertEdit(m: EntityManager, e: ShiftEditRow): Promise<void> {
    await m.query(`INSERT INTO shift_edits (shift_id, edited_by, edited_at, reason, before, after) VALUES ($1, $2, $3, $4, $5, $6)`, [
      e.shiftId,
      e.editedBy,
      e.editedAt,
      e.reason,
      JSON.stringify(e.before),
      JSON.stringify(e.after),
    ]);
  }

  async editsOf(shiftIds: string[], m?: EntityManager): Promise<ShiftEditRow[]> {
    if (!shiftIds.length) return [];
    return this.q(m).query(
      `SELECT shift_id AS "shiftId", edited_by AS "editedBy", edited_at AS "editedAt", reason, before, after
       FROM shift_edits WHERE shift_id = ANY($1::uuid[]) ORDER BY edited_at`,
      [shiftIds],
    );
  }

  async approve(
    m: EntityManager,
    a: { staffId: string; locationId: string; from: string; to: string; by: string; at: Date },
  ): Promise<number> {
    await m.query(
      `INSERT INTO timesheet_approvals (staff_id, location_id, date_from, date_to, approved_by, approved_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [a.staffId, a.locationId, a.from, a.to, a.by, a.at],
    );
    const rows = await m.query(
      `UPDATE shifts SET approved_at = $5, approved_by = $6 WHERE staff_id = $1 AND location_id = $2 AND work_date BETWEEN $3 AND $4 AND status = 'closed' RETURNING id`,
      [a.staffId, a.locationId, a.from, a.to, a.at, a.by],
    );
    return rows[0]?.length ?? rows.length;
  }

  async lastApproval(
    staffId: string,
    locationId: string,
    from: string,
    to: string,
    m?: EntityManager,
  ): Promise<{ approvedAt: Date; approvedBy: string } | null> {
    const rows = await this.q(m).query(
      `SELECT approved_at AS "approvedAt", approved_by AS "approvedBy" FROM timesheet_approvals
       WHERE staff_id = $1 AND location_id = $2 AND date_from <= $3 AND date_to >= $4 ORDER BY approved_at DESC LIMIT 1`,
      [staffId, locationId, from, to],
    );
    return rows[0] ?? null;
  }

  async pinOf(m: EntityManager, staffId: string): Promise<{ pinHash: string; failedAttempts: number; lockedUntil: Date | null } | null> {
    const rows = await m.query(
      `SELECT pin_hash AS "pinHash", failed_attempts AS "failedAttempts", locked_until AS "lockedUntil" FROM clock_pins WHERE staff_id = $1 FOR UPDATE`,
      [staffId],
    );
    return rows[0] ?? null;
  }

  async savePin(m: EntityManager, staffId: string, pinHash: string): Promise<void> {
    await m.query(
      `INSERT INTO clock_pins (staff_id, pin_hash) VALUES ($1, $2)
       ON CONFLICT (staff_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, failed_attempts = 0, locked_until = NULL, updated_at = now()`,
      [staffId, pinHash],
    );
  }

  async pinAttempt(m: EntityManager, staffId: string, ok: boolean, lockUntil: Date | null): Promise<void> {
    await m.query(
      ok
        ? `UPDATE clock_pins SET failed_attempts = 0, locked_until = NULL WHERE staff_id = $1`
        : `UPDATE clock_pins SET failed_attempts = failed_attempts + 1, locked_until = $2 WHERE staff_id = $1`,
      ok ? [staffId] : [staffId, lockUntil],
    );
  }
}
