import { Injectable } from '@nestjs/common';
import type { PurchaseOrderStatus } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface PurchaseOrderRow {
  id: string;
  number: number;
  locationId: string;
  supplier: string | null;
  status: PurchaseOrderStatus;
  createdBy: string | null;
  createdAt: Date;
  orderedAt: Date | null;
  receivedAt: Date | null;
  version: number;
}

export interface PurchaseOrderLineRow {
  id: string;
  productId: string;
  productName: string;
  quantity: number;
  received: number;
  unitCostMinor: number;
}

const COLUMNS = `id, number, location_id AS "locationId", supplier, status, created_by AS "createdBy", created_at AS "createdAt",
  ordered_at AS "orderedAt", received_at AS "receivedAt", version`;

@Injectable()
export class PurchaseOrderRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string, m?: EntityManager): Promise<PurchaseOrderRow | null> {
    const rows: PurchaseOrderRow[] = await (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM purchase_orders WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<PurchaseOrderRow | null> {
    const rows: PurchaseOrderRow[] = await m.query(`SELECT ${COLUMNS} FROM purchase_orders WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async list(f: { locationId?: string; status?: PurchaseOrderStatus }): Promise<PurchaseOrderRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.locationId) where.push(`location_id = $${params.push(f.locationId)}`);
    if (f.status) where.push(`status = $${params.push(f.status)}`);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM purchase_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT 200`,
      params,
    );
  }

  async linesOf(ids: readonly string[], m?: EntityManager): Promise<Map<string, PurchaseOrderLineRow[]>> {
    const out = new Map<string, PurchaseOrderLineRow[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows: (PurchaseOrderLineRow & { orderId: string })[] = await (m ?? this.dataSource.manager).query(
      `SELECT l.purchase_order_id AS "orderId", l.id, l.product_id AS "productId", p.name AS "productName", l.quantity, l.received,
         l.unit_cost_minor AS "unitCostMinor"
       FROM purchase_order_lines l JOIN products p ON p.id = l.product_id
       WHERE l.purchase_order_id = ANY($1::uuid[]) ORDER BY l.purchase_order_id, l.position`,
      [ids],
    );
    for (const { orderId, ...line } of rows) out.get(orderId)?.push(line);
    return out;
  }

  async insert(
    m: EntityManager,
    o: { locationId: string; supplier: string | null; createdBy: string | null; createdAt: Date },
    lines: readonly { productId: string; quantity: number; unitCostMinor: number }[],
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO purchase_orders (location_id, supplier, created_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [o.locationId, o.supplier, o.createdBy, o.createdAt],
    );
    const id = rows[0]!.id;
    for (const [position, l] of lines.entries()) {
      await m.query(
        `INSERT INTO purchase_order_lines (purchase_order_id, position, product_id, quantity, unit_cost_minor) VALUES ($1, $2, $3, $4, $5)`,
        [id, position, l.productId, l.quantity, l.unitCostMinor],
      );
    }
    return id;
  }

  async setStatus(m: EntityManager, id: string, status: PurchaseOrderStatus, now: Date): Promise<void> {
    await m.query(
      `UPDATE purchase_orders SET status = $2, version = version + 1,
         ordered_at = CASE WHEN $2 IN ('ordered', 'partially_received', 'received') THEN coalesce(ordered_at, $3) ELSE ordered_at END,
         received_at = CASE WHEN $2 = 'received' THEN $3 ELSE received_at END
       WHERE id = $1`,
      [id, status, now],
    );
  }

  async receiveLine(m: EntityManager, lineId: string, received: number, unitCostMinor: number): Promise<void> {
    await m.query(`UPDATE purchase_order_lines SET received = $2, unit_cost_minor = $3 WHERE id = $1`, [lineId, received, unitCostMinor]);
  }
}
