import { Injectable } from '@nestjs/common';
import { createProductInputSchema, isUuid, productListQuerySchema, updateProductInputSchema, type ProductView } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { isLow } from '../domain/stock.rules.js';
import { ProductRepository, uniqueFieldOf, productFields, type ProductFields, type ProductRow } from '../persistence/product.repository.js';
import { StockRepository, type LevelRow } from '../persistence/stock.repository.js';

export function toProductView(p: ProductRow, levels: readonly LevelRow[]): ProductView {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    sku: p.sku,
    barcode: p.barcode,
    costMinor: p.costMinor,
    priceMinor: p.priceMinor,
    taxClass: p.taxClass,
    use: p.use,
    active: p.active,
    photoUrl: p.photoUrl,
    lowStockThreshold: p.lowStockThreshold,
    stock: levels.map((l) => ({ locationId: l.locationId, onHand: l.onHand, low: isLow(l.onHand, p.lowStockThreshold) })),
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const CODE_LABEL = { sku: 'SKU', barcode: 'barcode' } as const;

/** The catalogue of products: SKU and barcode unique in the business (409 naming the field). */
@Injectable()
export class ProductsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductRepository,
    private readonly stock: StockRepository,
  ) {}

  async get(id: string): Promise<ProductView> {
    const p = isUuid(id) ? await this.products.find(id) : null;
    if (!p) throw new NotFoundError(`Product ${id} not found`);
    return toProductView(p, (await this.stock.levelsOf([id])).get(id) ?? []);
  }

  /** The product a scanner or a typist gave the code of (barcode first, then SKU); null when none. */
  async byCode(code: string): Promise<ProductView | null> {
    const trimmed = code.trim();
    if (!trimmed || trimmed.length > 64) return null;
    const p = (await this.products.findByCode('barcode', trimmed)) ?? (await this.products.findByCode('sku', trimmed));
    return p ? toProductView(p, (await this.stock.levelsOf([p.id])).get(p.id) ?? []) : null;
  }

  async list(query: unknown): Promise<ProductView[]> {
    const q = parseInput(productListQuerySchema, query);
    const rows = await this.products.list({
      search: q.search,
      active: q.active,
      use: q.use,
      lowAt: q.lowOnly && q.locationId ? q.locationId : undefined,
      limit: q.limit ?? 500,
      offset: q.offset ?? 0,
    });
    const levels = await this.stock.levelsOf(rows.map((r) => r.id));
    return rows.map((r) => toProductView(r, levels.get(r.id) ?? []));
  }

  async create(_auth: AuthContext, input: unknown, now = new Date()): Promise<ProductView> {
    const p = parseInput(createProductInputSchema, input);
    const fields = productFields(p);
    const id = await this.unique(fields, () => this.dataSource.transaction((m) => this.products.insert(m, fields, now)));
    return this.get(id);
  }

  async update(_auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<ProductView> {
    const { version, ...change } = parseInput(updateProductInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Product ${id} not found`);
    const fields = Object.fromEntries(
      Object.entries(change)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, v ?? null]),
    ) as Partial<ProductFields>;
    await this.unique(fields, () =>
      this.dataSource.transaction(async (m) => {
        const current = await this.products.lock(m, id);
        if (!current) throw new NotFoundError(`Product ${id} not found`);
        if (current.version !== version)
          throw new ConflictError(
            'This product was changed by someone else while you were editing; here is the current one',
            toProductView(current, []),
            'version',
          );
        await this.products.update(m, id, fields, now);
      }),
    );
    return this.get(id);
  }

  /** Runs a write; a taken SKU or barcode answers 409 naming the field and the product that has it. */
  private async unique<T>(fields: Partial<ProductFields>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const field = uniqueFieldOf(error);
      if (!field) throw error;
      const holder = await this.products.findByCode(field, fields[field]!);
      throw new ConflictError(
        `The ${CODE_LABEL[field]} ${fields[field]} is already used by ${holder?.name ?? 'another product'}`,
        holder ? { productId: holder.id } : undefined,
        field,
      );
    }
  }
}
