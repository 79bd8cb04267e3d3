import { Injectable } from '@nestjs/common';
import type { EarningKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { EarningLine } from '../domain/earnings.rules.js';

export interface RunRow {
  id: string;
  periodStart: string;
  periodEnd: string;
  status: 'draft' | 'finalised';
  currency: string;
  unapprovedStaffIds: string[];
  createdAt: Date;
  finalisedAt: Date | null;
  finalisedBy: string | null;
}

export interface LineRow extends EarningLine {
  id: string;
  runId: string;
  staffId: string;
  ticketId: string | null;
  regularMinutes: number;
  overtimeMinutes: number;
}

const RUN = `id, to_char(period_start, 'YYYY-MM-DD') AS "periodStart", to_char(period_end, 'YYYY-MM-DD') AS "periodEnd", status, currency,
  unapproved_staff_ids AS "unapprovedStaffIds", created_at AS "createdAt", finalised_at AS "finalisedAt", finalised_by AS "finalisedBy"`;
const LINE = `id, run_id AS "runId", staff_id AS "staffId", kind, source_type AS "sourceType", source_id AS "sourceId", ticket_id AS "ticketId",
  to_char(occurred_on, 'YYYY-MM-DD') AS "occurredOn", description, rule_id AS "ruleId", rule_version AS "ruleVersion", arithmetic,
  amount_minor AS "amountMinor", regular_minutes AS "regularMinutes", overtime_minutes AS "overtimeMinutes"`;

@Injectable()
export class PayrollRunRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async find(id: string, m?: EntityManager): Promise<RunRow | null> {
    return (await this.q(m).query(`SELECT ${RUN} FROM payroll_runs WHERE id = $1`, [id]))[0] ?? null;
  }

  async lockByPeriod(m: EntityManager, start: string, end: string): Promise<RunRow | null> {
    return (
      (await m.query(`SELECT ${RUN} FROM payroll_runs WHERE period_start = $1 AND period_end = $2 FOR UPDATE`, [start, end]))[0] ?? null
    );
  }

  async lock(m: EntityManager, id: string): Promise<RunRow | null> {
    return (await m.query(`SELECT ${RUN} FROM payroll_runs WHERE id = $1 FOR UPDATE`, [id]))[0] ?? null;
  }

  async list(m?: EntityManager): Promise<RunRow[]> {
    return this.q(m).query(`SELECT ${RUN} FROM payroll_runs ORDER BY period_start DESC LIMIT 200`);
  }

  /** Creates the run (the exclusion constraint refuses a period overlapping another run's: 23P01). */
  async create(m: EntityManager, r: { start: string; end: string; by: string }): Promise<string> {
    const [row] = await m.query(`INSERT INTO payroll_runs (period_start, period_end, created_by) VALUES ($1, $2, $3) RETURNING id`, [
      r.start,
      r.end,
      r.by,
    ]);
    return row.id;
  }

  async clearDraft(m: EntityManager, id: string, unapproved: string[]): Promise<void> {
    await m.query(`DELETE FROM payroll_lines WHERE run_id = $1`, [id]);
    await m.query(`UPDATE payroll_runs SET unapproved_staff_ids = $2, created_at = now() WHERE id = $1`, [id, unapproved]);
  }

  async insertLines(
    m: EntityManager,
    runId: string,
    lines: (EarningLine & { staffId: string; ticketId: string | null; regularMinutes: number; overtimeMinutes: number })[],
  ): Promise<void> {
    const chunk = 500;
    for (let i = 0; i < lines.length; i += chunk) {
      const values: unknown[] = [];
      const rows = lines.slice(i, i + chunk).map((l, j) => {
        values.push(
          runId,
          i + j,
          l.staffId,
          l.kind,
          l.sourceType,
          l.sourceId,
          l.ticketId,
          l.occurredOn,
          l.description,
          l.ruleId,
          l.ruleVersion,
          l.arithmetic,
          l.amountMinor,
          l.regularMinutes,
          l.overtimeMinutes,
        );
        const n = j * 15;
        return `(${Array.from({ length: 15 }, (_, k) => `$${n + k + 1}`).join(', ')})`;
      });
      await m.query(
        `INSERT INTO payroll_lines (run_id, position, staff_id, kind, source_type, source_id, ticket_id, occurred_on, description, rule_id, rule_version,
           arithmetic, amount_minor, regular_minutes, overtime_minutes) VALUES ${rows.join(', ')}`,
        values,
      );
    }
  }

  async lines(runId: string, staffId: string | null, m?: EntityManager): Promise<LineRow[]> {
    return this.q(m).query(
      `SELECT ${LINE} FROM payroll_lines WHERE run_id = $1 AND ($2::uuid IS NULL OR staff_id = $2) ORDER BY staff_id, position`,
      [runId, staffId],
    );
  }

  async linesOfStaff(staffId: string, from: string, to: string, m?: EntityManager): Promise<(LineRow & { runStatus: string })[]> {
    return this.q(m).query(
      `SELECT ${LINE.replace(/(^|, )(?=[a-z_]+( AS|,|$))/g, '$1l.')}, r.status AS "runStatus"
       FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id
       WHERE l.staff_id = $1 AND l.occurred_on BETWEEN $2 AND $3 ORDER BY l.occurred_on, l.position`,
      [staffId, from, to],
    );
  }

  /** Commission each person was paid on these tickets in finalised runs (what a later refund takes back a share of). */
  async finalisedCommissionByTicket(
    ticketIds: string[],
    m?: EntityManager,
    kinds: EarningKind[] = ['service_commission', 'product_commission'],
  ): Promise<{ ticketId: string; staffId: string; amountMinor: number }[]> {
    if (!ticketIds.length) return [];
    return this.q(m).query(
      `SELECT l.ticket_id AS "ticketId", l.staff_id AS "staffId", sum(l.amount_minor)::int AS "amountMinor"
       FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id
       WHERE r.status = 'finalised' AND l.ticket_id = ANY($1::uuid[]) AND l.kind = ANY($2::text[])
       GROUP BY l.ticket_id, l.staff_id`,
      [ticketIds, kinds],
    );
  }

  async finalise(m: EntityManager, id: string, by: string, at: Date): Promise<void> {
    await m.query(`UPDATE payroll_runs SET status = 'finalised', finalised_by = $2, finalised_at = $3 WHERE id = $1`, [id, by, at]);
  }

  async historyOf(staffId: string, m?: EntityManager): Promise<(RunRow & { totalMinor: number })[]> {
    return this.q(m).query(
      `SELECT ${RUN.replace(/(^|, )(?=[a-z_]+( AS|,|$))/g, '$1r.')}, COALESCE(sum(l.amount_minor), 0)::int AS "totalMinor"
       FROM payroll_runs r JOIN payroll_lines l ON l.run_id = r.id AND l.staff_id = $1
       WHERE r.status = 'finalised' GROUP BY r.id ORDER BY r.period_start DESC`,
      [staffId],
    );
  }
}
