import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  createPurchaseOrderInputSchema,
  isUuid,
  purchaseOrderListQuerySchema,
  purchaseOrderStatusInputSchema,
  receivePurchaseOrderInputSchema,
  type PurchaseOrderView,
} from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, ValidationFailedError, type AuthContext, type FieldProblem } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { receive } from '../domain/stock.rules.js';
import { ProductRepository } from '../persistence/product.repository.js';
import { PurchaseOrderRepository, type PurchaseOrderLineRow, type PurchaseOrderRow } from '../persistence/purchase-order.repository.js';
import { StockLedgerUseCase } from './stock-ledger.use-case.js';

function toView(o: PurchaseOrderRow, lines: readonly PurchaseOrderLineRow[]): PurchaseOrderView {
  return {
    id: o.id,
    number: o.number,
    locationId: o.locationId,
    supplier: o.supplier,
    status: o.status,
    lines: lines.map((l) => ({ ...l })),
    totalCostMinor: lines.reduce((sum, l) => sum + l.quantity * l.unitCostMinor, 0),
    createdAt: o.createdAt.toISOString(),
    orderedAt: o.orderedAt?.toISOString() ?? null,
    receivedAt: o.receivedAt?.toISOString() ?? null,
    version: o.version,
  };
}

/**
 * Purchase orders: a draft, ordered, then received in part or whole. Each delivery writes a
 * `received` movement per line with the cost paid, in the transaction that records it.
 */
@Injectable()
export class PurchaseOrdersUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: PurchaseOrderRepository,
    private readonly products: ProductRepository,
    private readonly ledger: StockLedgerUseCase,
  ) {}

  async get(id: string, m?: EntityManager): Promise<PurchaseOrderView> {
    const o = isUuid(id) ? await this.orders.find(id, m) : null;
    if (!o) throw new NotFoundError(`Purchase order ${id} not found`);
    return toView(o, (await this.orders.linesOf([id], m)).get(id) ?? []);
  }

  async list(query: unknown): Promise<PurchaseOrderView[]> {
    const q = parseInput(purchaseOrderListQuerySchema, query);
    const rows = await this.orders.list(q);
    const lines = await this.orders.linesOf(rows.map((r) => r.id));
    return rows.map((r) => toView(r, lines.get(r.id) ?? []));
  }

  async create(auth: AuthContext, input: unknown, now = new Date()): Promise<PurchaseOrderView> {
    const o = parseInput(createPurchaseOrderInputSchema, input);
    const products = await this.products.findMany([...new Set(o.lines.map((l) => l.productId))]);
    const problems: FieldProblem[] = [];
    o.lines.forEach((l, i) => {
      if (!products.has(l.productId)) problems.push({ field: `lines.${i}.productId`, message: 'is not a product' });
    });
    if (problems.length) throw new ValidationFailedError(problems);
    const id = await this.dataSource.transaction((m) =>
      this.orders.insert(
        m,
        { locationId: o.locationId, supplier: o.supplier ?? null, createdBy: actorUuid(auth.userId), createdAt: now },
        o.lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          unitCostMinor: l.unitCostMinor ?? products.get(l.productId)!.costMinor,
        })),
      ),
    );
    return this.get(id);
  }

  async markOrdered(_auth: AuthContext, id: string, input: unknown, now = new Date()) {
    return this.transition(id, input, ['draft'], 'ordered', now);
  }

  async cancel(_auth: AuthContext, id: string, input: unknown, now = new Date()) {
    return this.transition(id, input, ['draft', 'ordered'], 'cancelled', now);
  }

  /** A delivery: part or all of what each line still waits for, with the unit cost paid (the product's cost follows it). */
  async receive(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<PurchaseOrderView> {
    const r = parseInput(receivePurchaseOrderInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Purchase order ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const order = await this.lockCurrent(m, id, r.version);
      const lines = (await this.orders.linesOf([id], m)).get(id) ?? [];
      const outcome = receive(order.status, lines, r.lines);
      if (!outcome.ok) {
        if (outcome.field === 'status') throw new ConflictError(outcome.message, await this.get(id, m), 'status');
        throw ValidationFailedError.field(outcome.field, outcome.message);
      }
      const byId = new Map(lines.map((l) => [l.id, l]));
      const costs = new Map(r.lines.filter((l) => l.unitCostMinor !== undefined).map((l) => [l.lineId, l.unitCostMinor!]));
      const products = await this.products.findMany(
        lines.map((l) => l.productId),
        m,
      );
      for (const next of outcome.lines) {
        if (!next.arriving) continue;
        const line = byId.get(next.id)!;
        const unitCostMinor = costs.get(next.id) ?? line.unitCostMinor;
        await this.orders.receiveLine(m, next.id, next.received, unitCostMinor);
        await this.ledger.move(m, products.get(line.productId)!, {
          productId: line.productId,
          locationId: order.locationId,
          kind: 'received',
          quantity: next.arriving,
          unitCostMinor,
          purchaseOrderId: id,
          createdBy: actorUuid(auth.userId),
          createdAt: now,
        });
        if (costs.has(next.id)) await this.products.update(m, line.productId, { costMinor: unitCostMinor }, now);
      }
      await this.orders.setStatus(m, id, outcome.status, now);
      return this.get(id, m);
    });
  }

  private async transition(id: string, input: unknown, from: readonly string[], to: 'ordered' | 'cancelled', now: Date) {
    const { version } = parseInput(purchaseOrderStatusInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Purchase order ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const order = await this.lockCurrent(m, id, version);
      if (!from.includes(order.status))
        throw new ConflictError(`This order is ${order.status.replace('_', ' ')}`, await this.get(id, m), 'status');
      await this.orders.setStatus(m, id, to, now);
      return this.get(id, m);
    });
  }

  private async lockCurrent(m: EntityManager, id: string, version: number): Promise<PurchaseOrderRow> {
    const order = await this.orders.lock(m, id);
    if (!order) throw new NotFoundError(`Purchase order ${id} not found`);
    if (order.version !== version)
      throw new ConflictError('This order was changed by someone else; here is the current one', await this.get(id, m), 'version');
    return order;
  }
}
