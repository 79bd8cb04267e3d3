import { Injectable } from '@nestjs/common';
import type { PrepaidPlanKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface PlanRow {
  id: string;
  kind: PrepaidPlanKind;
  name: string;
  priceMinor: number;
  period: 'month' | 'year' | null;
  credits: number;
  serviceIds: string[];
  discountBps: number;
  validityDays: number | null;
  priorityDays: number;
  active: boolean;
  /** Its recurring price at Stripe, made on the first sale billed there. */
  stripePriceId: string | null;
}

const COLUMNS = `id, kind, name, price_minor AS "priceMinor", period, credits, service_ids AS "serviceIds", discount_bps AS "discountBps",
  validity_days AS "validityDays", priority_days AS "priorityDays", active, stripe_price_id AS "stripePriceId"`;

/** Membership and package plans (what the desk sells). */
@Injectable()
export class PlanRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(m?: EntityManager): Promise<PlanRow[]> {
    return (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM prepaid_plans ORDER BY kind, name`);
  }

  async findMany(ids: readonly string[], m?: EntityManager): Promise<Map<string, PlanRow>> {
    if (!ids.length) return new Map();
    const rows: PlanRow[] = await (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM prepaid_plans WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Keeps the first price made for a plan (a racing second answers the first). */
  async savePrice(planId: string, priceId: string): Promise<string> {
    await this.dataSource.query(`UPDATE prepaid_plans SET stripe_price_id = $2 WHERE id = $1 AND stripe_price_id IS NULL`, [
      planId,
      priceId,
    ]);
    const rows: { priceId: string }[] = await this.dataSource.query(
      `SELECT stripe_price_id AS "priceId" FROM prepaid_plans WHERE id = $1`,
      [planId],
    );
    return rows[0]!.priceId;
  }

  async insert(m: EntityManager, p: Omit<PlanRow, 'id' | 'active' | 'stripePriceId'>): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO prepaid_plans (kind, name, price_minor, period, credits, service_ids, discount_bps, validity_days, priority_days)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9) RETURNING id`,
      [p.kind, p.name, p.priceMinor, p.period, p.credits, p.serviceIds, p.discountBps, p.validityDays, p.priorityDays],
    );
    return rows[0]!.id;
  }
}
