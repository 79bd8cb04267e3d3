import { Injectable } from '@nestjs/common';
import type { StockMovementKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface MovementRow {
  id: string;
  productId: string;
  productName: string;
  locationId: string;
  kind: StockMovementKind;
  quantity: number;
  onHandAfter: number;
  unitCostMinor: number | null;
  reason: string | null;
  ticketId: string | null;
  ticketLineId: string | null;
  purchaseOrderId: string | null;
  stockCountId: string | null;
  transferId: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export type NewMovement = Omit<MovementRow, 'id' | 'productName' | 'onHandAfter'>;

const MOVEMENT_COLUMNS = `s.id, s.product_id AS "productId", p.name AS "productName", s.location_id AS "locationId", s.kind, s.quantity,
  s.on_hand_after AS "onHandAfter", s.unit_cost_minor AS "unitCostMinor", s.reason, s.ticket_id AS "ticketId",
  s.ticket_line_id AS "ticketLineId", s.purchase_order_id AS "purchaseOrderId", s.stock_count_id AS "stockCountId",
  s.transfer_id AS "transferId", s.created_by AS "createdBy", s.created_at AS "createdAt"`;

export interface LevelRow {
  productId: string;
  locationId: string;
  onHand: number;
}

/** The ledger (`stock_movements`, append-only) and the on-hand it keeps (`stock_balances`). */
@Injectable()
export class StockRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Moves a balance by `delta` and answers what it is after, or null when it would go below zero.
   * A taking is one conditional UPDATE: it waits for any other desk's lock on the row and then
   * re-reads it, so of two desks selling the last unit one updates and the other finds no row.
   */
  async moveBalance(m: EntityManager, productId: string, locationId: string, delta: number, now: Date): Promise<number | null> {
    if (delta > 0) {
      const rows: { onHand: number }[] = await m.query(
        `INSERT INTO stock_balances (product_id, location_id, on_hand, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_id, location_id) DO UPDATE SET on_hand = stock_balances.on_hand + EXCLUDED.on_hand, updated_at = EXCLUDED.updated_at
         RETURNING on_hand AS "onHand"`,
        [productId, locationId, delta, now],
      );
      return rows[0]!.onHand;
    }
    const [rows] = (await m.query(
      `UPDATE stock_balances SET on_hand = on_hand + $3, updated_at = $4
       WHERE product_id = $1 AND location_id = $2 AND on_hand + $3 >= 0 RETURNING on_hand AS "onHand"`,
      [productId, locationId, delta, now],
    )) as [{ onHand: number }[], number];
    return rows[0]?.onHand ?? null;
  }

  async onHand(productId: string, locationId: string, m?: EntityManager): Promise<number> {
    const rows: { onHand: number }[] = await (m ?? this.dataSource.manager).query(
      `SELECT on_hand AS "onHand" FROM stock_balances WHERE product_id = $1 AND location_id = $2`,
      [productId, locationId],
    );
    return rows[0]?.onHand ?? 0;
  }

  async insertMovement(m: EntityManager, mv: NewMovement, onHandAfter: number): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO stock_movements (product_id, location_id, kind, quantity, on_hand_after, unit_cost_minor, reason, ticket_id, ticket_line_id,
         purchase_order_id, stock_count_id, transfer_id, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        mv.productId,
        mv.locationId,
        mv.kind,
        mv.quantity,
        onHandAfter,
        mv.unitCostMinor,
        mv.reason,
        mv.ticketId,
        mv.ticketLineId,
        mv.purchaseOrderId,
        mv.stockCountId,
        mv.transferId,
        mv.createdBy,
        mv.createdAt,
      ],
    );
    return rows[0]!.id;
  }

  /** Every location's on-hand of these products. */
  async levelsOf(productIds: readonly string[], m?: EntityManager): Promise<Map<string, LevelRow[]>> {
    const out = new Map<string, LevelRow[]>(productIds.map((id) => [id, []]));
    if (!productIds.length) return out;
    const rows: LevelRow[] = await (m ?? this.dataSource.manager).query(
      `SELECT product_id AS "productId", location_id AS "locationId", on_hand AS "onHand" FROM stock_balances
       WHERE product_id = ANY($1::uuid[]) ORDER BY location_id`,
      [productIds],
    );
    for (const r of rows) out.get(r.productId)?.push(r);
    return out;
  }

  /** On-hand of every product at a location (the stock screen and the count sheet). */
  async levelsAt(locationId: string, m?: EntityManager): Promise<Map<string, number>> {
    const rows: LevelRow[] = await (m ?? this.dataSource.manager).query(
      `SELECT product_id AS "productId", on_hand AS "onHand" FROM stock_balances WHERE location_id = $1`,
      [locationId],
    );
    return new Map(rows.map((r) => [r.productId, r.onHand]));
  }

  async movements(
    f: { productId?: string; locationId?: string; ticketId?: string; limit: number },
    m?: EntityManager,
  ): Promise<MovementRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.productId) where.push(`s.product_id = $${params.push(f.productId)}`);
    if (f.locationId) where.push(`s.location_id = $${params.push(f.locationId)}`);
    if (f.ticketId) where.push(`s.ticket_id = $${params.push(f.ticketId)}`);
    params.push(f.limit);
    return (m ?? this.dataSource.manager).query(
      `SELECT ${MOVEMENT_COLUMNS} FROM stock_movements s JOIN products p ON p.id = s.product_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY s.created_at DESC, s.id LIMIT $${params.length}`,
      params,
    );
  }

  /** Units of each of a ticket's lines put back by earlier refunds. */
  async returnedOf(m: EntityManager, ticketId: string): Promise<Map<string, number>> {
    const rows: { lineId: string; units: number }[] = await m.query(
      `SELECT ticket_line_id AS "lineId", sum(quantity)::int AS units FROM stock_movements
       WHERE ticket_id = $1 AND kind = 'refunded' AND ticket_line_id IS NOT NULL GROUP BY ticket_line_id`,
      [ticketId],
    );
    return new Map(rows.map((r) => [r.lineId, r.units]));
  }
}
