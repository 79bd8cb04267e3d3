import { Injectable } from '@nestjs/common';
import type { ProductTaxClass, ProductUse } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface ProductRow {
  id: string;
  name: string;
  brand: string | null;
  category: string | null;
  sku: string | null;
  barcode: string | null;
  costMinor: number;
  priceMinor: number;
  taxClass: ProductTaxClass;
  use: ProductUse;
  active: boolean;
  photoUrl: string | null;
  lowStockThreshold: number | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type ProductFields = Omit<ProductRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/** A parsed product input (the form's or an imported row's) as the columns it fills. */
export function productFields(p: {
  name: string;
  brand?: string | null;
  category?: string | null;
  sku?: string | null;
  barcode?: string | null;
  costMinor: ProductFields['costMinor'];
  priceMinor: ProductFields['priceMinor'];
  taxClass: ProductFields['taxClass'];
  use: ProductFields['use'];
  active: ProductFields['active'];
  photoUrl?: string | null;
  lowStockThreshold?: number | null;
}): ProductFields {
  return {
    name: p.name,
    brand: p.brand ?? null,
    category: p.category ?? null,
    sku: p.sku ?? null,
    barcode: p.barcode ?? null,
    costMinor: p.costMinor,
    priceMinor: p.priceMinor,
    taxClass: p.taxClass,
    use: p.use,
    active: p.active,
    photoUrl: p.photoUrl ?? null,
    lowStockThreshold: p.lowStockThreshold ?? null,
  };
}

const COLUMNS = `p.id, p.name, p.brand, p.category, p.sku, p.barcode, p.cost_minor AS "costMinor", p.price_minor AS "priceMinor",
  p.tax_class AS "taxClass", p.use, p.active, p.photo_url AS "photoUrl", p.low_stock_threshold AS "lowStockThreshold", p.version,
  p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

const FIELD_COLUMNS: Record<keyof ProductFields, string> = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  sku: 'sku',
  barcode: 'barcode',
  costMinor: 'cost_minor',
  priceMinor: 'price_minor',
  taxClass: 'tax_class',
  use: 'use',
  active: 'active',
  photoUrl: 'photo_url',
  lowStockThreshold: 'low_stock_threshold',
};

export interface ProductFilter {
  search?: string | null;
  active?: boolean;
  use?: ProductUse;
  /** Only products low (at or under their threshold) at this location. */
  lowAt?: string;
  limit: number;
  offset: number;
}

/** Which field a unique index guards, from the constraint PostgreSQL names in a 23505. */
export function uniqueFieldOf(error: unknown): 'sku' | 'barcode' | null {
  const e = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  if (e.code !== '23505') return null;
  const constraint = e.constraint ?? e.driverError?.constraint ?? '';
  return constraint.includes('sku') ? 'sku' : constraint.includes('barcode') ? 'barcode' : null;
}

@Injectable()
export class ProductRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async find(id: string, m?: EntityManager): Promise<ProductRow | null> {
    const rows: ProductRow[] = await this.q(m).query(`SELECT ${COLUMNS} FROM products p WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findMany(ids: readonly string[], m?: EntityManager): Promise<Map<string, ProductRow>> {
    if (!ids.length) return new Map();
    const rows: ProductRow[] = await this.q(m).query(`SELECT ${COLUMNS} FROM products p WHERE p.id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  async lock(m: EntityManager, id: string): Promise<ProductRow | null> {
    const rows: ProductRow[] = await m.query(`SELECT ${COLUMNS} FROM products p WHERE p.id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async findByCode(field: 'sku' | 'barcode', code: string, m?: EntityManager): Promise<ProductRow | null> {
    const rows: ProductRow[] = await this.q(m).query(`SELECT ${COLUMNS} FROM products p WHERE lower(p.${field}) = lower($1)`, [code]);
    return rows[0] ?? null;
  }

  async list(f: ProductFilter): Promise<ProductRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (f.search) {
      const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
      add(
        (n) =>
          `(lower(p.name) LIKE ${n} OR lower(coalesce(p.brand, '')) LIKE ${n} OR lower(coalesce(p.sku, '')) LIKE ${n} OR lower(coalesce(p.barcode, '')) LIKE ${n})`,
        like,
      );
    }
    if (f.active !== undefined) add((n) => `p.active = ${n}`, f.active);
    if (f.use) add((n) => `p.use = ${n}`, f.use);
    if (f.lowAt)
      add(
        (n) =>
          `p.low_stock_threshold IS NOT NULL AND coalesce((SELECT b.on_hand FROM stock_balances b WHERE b.product_id = p.id AND b.location_id = ${n}), 0) <= p.low_stock_threshold`,
        f.lowAt,
      );
    params.push(f.limit, f.offset);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM products p ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY lower(p.name), p.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  async insert(m: EntityManager, p: ProductFields, now: Date): Promise<string> {
    const keys = Object.keys(FIELD_COLUMNS) as (keyof ProductFields)[];
    const rows: { id: string }[] = await m.query(
      `INSERT INTO products (${keys.map((k) => FIELD_COLUMNS[k]).join(', ')}, created_at, updated_at)
       VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}, $${keys.length + 1}, $${keys.length + 1}) RETURNING id`,
      [...keys.map((k) => p[k]), now],
    );
    return rows[0]!.id;
  }

  async update(m: EntityManager, id: string, change: Partial<ProductFields>, now: Date): Promise<void> {
    const keys = (Object.keys(change) as (keyof ProductFields)[]).filter((k) => k in FIELD_COLUMNS);
    await m.query(
      `UPDATE products SET ${keys.map((k, i) => `${FIELD_COLUMNS[k]} = $${i + 2}`).join(', ')}${keys.length ? ',' : ''}
         version = version + 1, updated_at = $${keys.length + 2} WHERE id = $1`,
      [id, ...keys.map((k) => change[k]), now],
    );
  }
}
