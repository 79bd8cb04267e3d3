import { Injectable } from '@nestjs/common';
import type { PayRule } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface PayRuleRow {
  id: string;
  staffId: string;
  version: number;
  effectiveFrom: string;
  rule: PayRule;
  createdBy: string | null;
  createdAt: Date;
}

const COLUMNS = `id, staff_id AS "staffId", version, to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom", rule, created_by AS "createdBy", created_at AS "createdAt"`;

/** Pay rule versions: appended, never edited, so every past run can still name the version it used. */
@Injectable()
export class PayRuleRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ofStaff(staffId: string, m?: EntityManager): Promise<PayRuleRow[]> {
    return (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM pay_rules WHERE staff_id = $1 ORDER BY version`, [staffId]);
  }

  async all(m?: EntityManager): Promise<PayRuleRow[]> {
    return (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM pay_rules ORDER BY staff_id, version`);
  }

  async append(
    m: EntityManager,
    r: { staffId: string; effectiveFrom: string; rule: PayRule; createdBy: string | null },
  ): Promise<PayRuleRow> {
    // One writer per person at a time, so versions count up without gaps or duplicates.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('pay_rules:' || $1))`, [r.staffId]);
    const [row] = await m.query(
      `INSERT INTO pay_rules (staff_id, version, effective_from, rule, created_by)
       VALUES ($1, COALESCE((SELECT max(version) FROM pay_rules WHERE staff_id = $1), 0) + 1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [r.staffId, r.effectiveFrom, JSON.stringify(r.rule), r.createdBy],
    );
    return row;
  }
}
