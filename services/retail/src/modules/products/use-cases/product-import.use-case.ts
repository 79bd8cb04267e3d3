import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  PRODUCT_IMPORT_FIELDS,
  productImportInputSchema,
  type ProductImportField,
  type ProductImportResult,
  type ProductImportRow,
} from '@salon/contracts';
import { CsvFileError, parseCsv, parseInput, toCsv, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { detectProductColumns, mapProductRow, missingColumns, type ColumnMap } from '../domain/product-import.rules.js';
import { ProductRepository, productFields, type ProductFields } from '../persistence/product.repository.js';
import { toProductView } from './products.use-case.js';
import { StockLedgerUseCase } from './stock-ledger.use-case.js';

/** The most rows one import takes (it runs in one transaction). */
export const MAX_IMPORT_ROWS = 5000;
const SHOWN_ROWS = 20;

/**
 * CSV import and export of products. The import reads the file with the CSV reader every import
 * shares, detects the columns from the header (or takes a mapping), and answers per row what it
 * would do or did: create, update (a SKU or barcode already used, with onDuplicate update), skip, or
 * reject with each problem. `dryRun` (the preview) writes nothing; the import itself writes every
 * good row in one transaction, with a `received` movement for a new product's quantity.
 */
@Injectable()
export class ProductImportUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductRepository,
    private readonly ledger: StockLedgerUseCase,
  ) {}

  async run(auth: AuthContext, input: unknown, now = new Date()): Promise<ProductImportResult> {
    const i = parseInput(productImportInputSchema, input);
    let parsed;
    try {
      parsed = parseCsv(i.csv, 'product');
    } catch (error) {
      if (error instanceof CsvFileError) throw ValidationFailedError.field('csv', error.message);
      throw error;
    }
    const { columns, records } = parsed;
    if (records.length > MAX_IMPORT_ROWS)
      throw ValidationFailedError.field('csv', `has ${records.length} rows; import at most ${MAX_IMPORT_ROWS} at a time`);
    const mapping: ColumnMap = i.mapping ? { ...i.mapping } : detectProductColumns(columns);
    const missing = missingColumns(mapping, columns);
    if (missing.length) throw new ValidationFailedError(missing.map((m) => ({ field: m.split(':')[0]!, message: m.split(': ')[1]! })));
    if (!mapping.name) throw ValidationFailedError.field('mapping.name', 'choose the column that holds the product name');
    if (!mapping.price) throw ValidationFailedError.field('mapping.price', 'choose the column that holds the price');
    if (mapping.quantity && !i.locationId) throw ValidationFailedError.field('locationId', 'is required to receive the quantity column');

    const mapped = records.map((cells) => mapProductRow(cells, columns, mapping));
    const codes = mapped.flatMap((r) => (r.ok ? [r.product.sku, r.product.barcode] : [])).filter((c): c is string => !!c);
    const existing = await this.existingByCode(codes);
    const seen = new Map<string, number>();
    const rows: (ProductImportRow & { fields?: ProductFields; existingId?: string })[] = mapped.map((r, index) => {
      const row = index + 1;
      if (!r.ok)
        return {
          row,
          action: 'reject',
          name: r.name,
          sku: r.sku,
          barcode: r.barcode,
          priceMinor: null,
          quantity: null,
          problems: r.problems,
        };
      const p = r.product;
      const base = { row, name: p.name, sku: p.sku ?? null, barcode: p.barcode ?? null, priceMinor: p.priceMinor, quantity: r.quantity };
      const keys = [p.sku && `sku:${p.sku.toLowerCase()}`, p.barcode && `barcode:${p.barcode.toLowerCase()}`].filter(
        (k): k is string => !!k,
      );
      const twice = keys.find((k) => seen.has(k));
      if (twice)
        return { ...base, action: 'reject', problems: [`${twice.startsWith('sku') ? 'SKU' : 'Barcode'}: also on row ${seen.get(twice)}`] };
      keys.forEach((k) => seen.set(k, row));
      const matches = [...new Set(keys.map((k) => existing.get(k)).filter((id): id is string => !!id))];
      if (matches.length > 1) return { ...base, action: 'reject', problems: ['SKU and barcode belong to two different products'] };
      const fields = productFields(p);
      if (matches.length === 1) {
        if (i.onDuplicate === 'skip') return { ...base, action: 'skip', problems: ['Already a product (same SKU or barcode)'] };
        return { ...base, action: 'update', problems: [], fields, existingId: matches[0] };
      }
      return { ...base, action: 'create', problems: [], fields };
    });

    if (!i.dryRun) {
      await this.dataSource.transaction(async (m) => {
        for (const r of rows) {
          if (r.action === 'update') await this.products.update(m, r.existingId!, this.onlyMapped(r.fields!, mapping), now);
          if (r.action !== 'create') continue;
          const id = await this.products.insert(m, r.fields!, now);
          if (r.quantity && i.locationId) {
            const product = (await this.products.find(id, m))!;
            await this.ledger.move(m, product, {
              productId: id,
              locationId: i.locationId,
              kind: 'received',
              quantity: r.quantity,
              unitCostMinor: product.costMinor,
              reason: 'Imported',
              createdBy: actorUuid(auth.userId),
              createdAt: now,
            });
          }
        }
      });
    }
    const count = (a: ProductImportRow['action']) => rows.filter((r) => r.action === a).length;
    const strip = ({ fields: _f, existingId: _e, ...r }: (typeof rows)[number]): ProductImportRow => r;
    return {
      columns,
      mapping: Object.fromEntries(PRODUCT_IMPORT_FIELDS.map((f) => [f, mapping[f] ?? null])),
      dryRun: i.dryRun,
      totalRows: rows.length,
      created: count('create'),
      updated: count('update'),
      skipped: count('skip'),
      rejected: count('reject'),
      rows: rows.filter((r, n) => n < SHOWN_ROWS || r.action === 'reject' || r.action === 'skip').map(strip),
    };
  }

  /** GET /api/products/export: every product as CSV, headers the import detects, formula cells made safe. */
  async exportCsv(): Promise<string> {
    const header = ['Name', 'Brand', 'Category', 'SKU', 'Barcode', 'Price', 'Cost', 'Tax', 'Use', 'Active', 'Low stock', 'Photo'];
    const rows: string[][] = [header];
    for (let offset = 0; ; offset += 1000) {
      const page = await this.products.list({ limit: 1000, offset });
      for (const p of page.map((r) => toProductView(r, []))) {
        rows.push([
          p.name,
          p.brand ?? '',
          p.category ?? '',
          p.sku ?? '',
          p.barcode ?? '',
          (p.priceMinor / 100).toFixed(2),
          (p.costMinor / 100).toFixed(2),
          p.taxClass,
          p.use,
          p.active ? 'yes' : 'no',
          p.lowStockThreshold === null ? '' : String(p.lowStockThreshold),
          p.photoUrl ?? '',
        ]);
      }
      if (page.length < 1000) break;
    }
    return toCsv(rows);
  }

  /** An update changes only what the file has a column for (an absent column keeps the product's value). */
  private onlyMapped(fields: ProductFields, mapping: ColumnMap): Partial<ProductFields> {
    const byField: Record<keyof ProductFields, ProductImportField> = {
      name: 'name',
      brand: 'brand',
      category: 'category',
      sku: 'sku',
      barcode: 'barcode',
      costMinor: 'cost',
      priceMinor: 'price',
      taxClass: 'taxClass',
      use: 'use',
      active: 'active',
      photoUrl: 'photoUrl',
      lowStockThreshold: 'lowStockThreshold',
    };
    return Object.fromEntries(Object.entries(fields).filter(([k]) => mapping[byField[k as keyof ProductFields]])) as Partial<ProductFields>;
  }

  private async existingByCode(codes: readonly string[]): Promise<Map<string, string>> {
    if (!codes.length) return new Map();
    const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
    const rows: { id: string; sku: string | null; barcode: string | null }[] = await this.dataSource.query(
      `SELECT id, lower(sku) AS sku, lower(barcode) AS barcode FROM products WHERE lower(sku) = ANY($1::text[]) OR lower(barcode) = ANY($1::text[])`,
      [lower],
    );
    const out = new Map<string, string>();
    for (const r of rows) {
      if (r.sku && lower.includes(r.sku)) out.set(`sku:${r.sku}`, r.id);
      if (r.barcode && lower.includes(r.barcode)) out.set(`barcode:${r.barcode}`, r.id);
    }
    return out;
  }
}
