import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface StockCountRow {
  id: string;
  locationId: string;
  status: 'draft' | 'posted';
  note: string | null;
  createdAt: Date;
  postedAt: Date | null;
  version: number;
}

export interface StockCountLineRow {
  productId: string;
  productName: string;
  sku: string | null;
  counted: number;
  /** What was on hand when the count was posted; null while it is a draft. */
  expected: number | null;
}

const COLUMNS = `id, location_id AS "locationId", status, note, created_at AS "createdAt", posted_at AS "postedAt", version`;

@Injectable()
export class StockCountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string, m?: EntityManager): Promise<StockCountRow | null> {
    const rows: StockCountRow[] = await (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM stock_counts WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<StockCountRow | null> {
    const rows: StockCountRow[] = await m.query(`SELECT ${COLUMNS} FROM stock_counts WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async list(locationId?: string): Promise<StockCountRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM stock_counts ${locationId ? 'WHERE location_id = $1' : ''} ORDER BY created_at DESC LIMIT 100`,
      locationId ? [locationId] : [],
    );
  }

  async lines(id: string, m?: EntityManager): Promise<StockCountLineRow[]> {
    return (m ?? this.dataSource.manager).query(
      `SELECT l.product_id AS "productId", p.name AS "productName", p.sku, l.counted, l.expected
       FROM stock_count_lines l JOIN products p ON p.id = l.product_id WHERE l.stock_count_id = $1 ORDER BY lower(p.name)`,
      [id],
    );
  }

  async insert(
    m: EntityManager,
    c: { locationId: string; note: string | null; createdBy: string | null; createdAt: Date },
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO stock_counts (location_id, note, created_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [c.locationId, c.note, c.createdBy, c.createdAt],
    );
    return rows[0]!.id;
  }

  async saveLines(m: EntityManager, id: string, lines: readonly { productId: string; counted: number }[]): Promise<void> {
    await m.query(
      `INSERT INTO stock_count_lines (stock_count_id, product_id, counted)
       SELECT $1, x.product_id, x.counted FROM unnest($2::uuid[], $3::int[]) AS x(product_id, counted)
       ON CONFLICT (stock_count_id, product_id) DO UPDATE SET counted = EXCLUDED.counted`,
      [id, lines.map((l) => l.productId), lines.map((l) => l.counted)],
    );
    await m.query(`UPDATE stock_counts SET version = version + 1 WHERE id = $1`, [id]);
  }

  async markPosted(m: EntityManager, id: string, expected: ReadonlyMap<string, number>, now: Date): Promise<void> {
    await m.query(
      `UPDATE stock_count_lines l SET expected = x.expected FROM unnest($2::uuid[], $3::int[]) AS x(product_id, expected)
       WHERE l.stock_count_id = $1 AND l.product_id = x.product_id`,
      [id, [...expected.keys()], [...expected.values()]],
    );
    await m.query(`UPDATE stock_counts SET status = 'posted', posted_at = $2, version = version + 1 WHERE id = $1`, [id, now]);
  }
}
