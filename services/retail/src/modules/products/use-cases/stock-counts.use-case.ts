import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  createStockCountInputSchema,
  isUuid,
  purchaseOrderStatusInputSchema,
  stockCountLinesInputSchema,
  type StockCountView,
} from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, ValidationFailedError, type AuthContext, type FieldProblem } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { countDifferences } from '../domain/stock.rules.js';
import { ProductRepository } from '../persistence/product.repository.js';
import { StockCountRepository, type StockCountRow } from '../persistence/stock-count.repository.js';
import { StockRepository } from '../persistence/stock.repository.js';
import { StockLedgerUseCase } from './stock-ledger.use-case.js';

/**
 * Stock counts: enter counted quantities (a draft, shown against what is on hand now), then post
 * them: each difference becomes a `counted` movement, against the on-hand at the moment of posting.
 */
@Injectable()
export class StockCountsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly counts: StockCountRepository,
    private readonly stock: StockRepository,
    private readonly products: ProductRepository,
    private readonly ledger: StockLedgerUseCase,
  ) {}

  async get(id: string, m?: EntityManager): Promise<StockCountView> {
    const c = isUuid(id) ? await this.counts.find(id, m) : null;
    if (!c) throw new NotFoundError(`Stock count ${id} not found`);
    return this.view(c, m);
  }

  async list(locationId?: string): Promise<StockCountView[]> {
    if (locationId !== undefined && !isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    return Promise.all((await this.counts.list(locationId)).map((c) => this.view(c)));
  }

  async create(auth: AuthContext, input: unknown, now = new Date()): Promise<StockCountView> {
    const c = parseInput(createStockCountInputSchema, input);
    const id = await this.dataSource.transaction((m) =>
      this.counts.insert(m, { locationId: c.locationId, note: c.note ?? null, createdBy: actorUuid(auth.userId), createdAt: now }),
    );
    return this.get(id);
  }

  async saveLines(_auth: AuthContext, id: string, input: unknown): Promise<StockCountView> {
    const s = parseInput(stockCountLinesInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Stock count ${id} not found`);
    const products = await this.products.findMany([...new Set(s.lines.map((l) => l.productId))]);
    const problems: FieldProblem[] = [];
    s.lines.forEach((l, i) => {
      if (!products.has(l.productId)) problems.push({ field: `lines.${i}.productId`, message: 'is not a product' });
    });
    if (problems.length) throw new ValidationFailedError(problems);
    return this.dataSource.transaction(async (m) => {
      await this.lockDraft(m, id, s.version);
      await this.counts.saveLines(m, id, s.lines);
      return this.get(id, m);
    });
  }

  async post(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<StockCountView> {
    const { version } = parseInput(purchaseOrderStatusInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Stock count ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const count = await this.lockDraft(m, id, version);
      const lines = await this.counts.lines(id, m);
      if (!lines.length) throw ValidationFailedError.field('lines', 'count at least one product before posting');
      // The balances are locked (created at 0 where missing) before they are read, so a sale
      // cannot slip between what the count expects and the difference it posts.
      const ids = lines.map((l) => l.productId).sort();
      await m.query(
        `INSERT INTO stock_balances (product_id, location_id, on_hand) SELECT x, $2, 0 FROM unnest($1::uuid[]) AS x ON CONFLICT DO NOTHING`,
        [ids, count.locationId],
      );
      const locked: { productId: string; onHand: number }[] = await m.query(
        `SELECT product_id AS "productId", on_hand AS "onHand" FROM stock_balances WHERE location_id = $2 AND product_id = ANY($1::uuid[])
         ORDER BY product_id FOR UPDATE`,
        [ids, count.locationId],
      );
      const expected = new Map(locked.map((r) => [r.productId, r.onHand]));
      const products = await this.products.findMany(ids, m);
      for (const d of countDifferences(
        lines.map((l) => ({ productId: l.productId, counted: l.counted, expected: expected.get(l.productId) ?? 0 })),
      )) {
        await this.ledger.move(m, products.get(d.productId)!, {
          productId: d.productId,
          locationId: count.locationId,
          kind: 'counted',
          quantity: d.difference,
          stockCountId: id,
          reason: count.note,
          createdBy: actorUuid(auth.userId),
          createdAt: now,
        });
      }
      await this.counts.markPosted(m, id, expected, now);
      return this.get(id, m);
    });
  }

  private async view(c: StockCountRow, m?: EntityManager): Promise<StockCountView> {
    const lines = await this.counts.lines(c.id, m);
    const onHand = c.status === 'draft' ? await this.stock.levelsAt(c.locationId, m) : new Map<string, number>();
    return {
      id: c.id,
      locationId: c.locationId,
      status: c.status,
      note: c.note,
      createdAt: c.createdAt.toISOString(),
      postedAt: c.postedAt?.toISOString() ?? null,
      version: c.version,
      lines: lines.map((l) => {
        const expected = l.expected ?? onHand.get(l.productId) ?? 0;
        return {
          productId: l.productId,
          productName: l.productName,
          sku: l.sku,
          expected,
          counted: l.counted,
          difference: l.counted - expected,
        };
      }),
    };
  }

  private async lockDraft(m: EntityManager, id: string, version: number): Promise<StockCountRow> {
    const count = await this.counts.lock(m, id);
    if (!count) throw new NotFoundError(`Stock count ${id} not found`);
    if (count.status !== 'draft') throw new ConflictError('This count is already posted', await this.get(id, m), 'status');
    if (count.version !== version)
      throw new ConflictError('This count was changed by someone else; here is the current one', await this.get(id, m), 'version');
    return count;
  }
}
