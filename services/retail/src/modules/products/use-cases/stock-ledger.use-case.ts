import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  isUuid,
  stockAdjustmentInputSchema,
  stockMovementListQuerySchema,
  stockTransferInputSchema,
  type StockMovementView,
} from '@salon/contracts';
import { ConflictError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { becameLow, notEnoughStock, restockable, signedQuantity } from '../domain/stock.rules.js';
import { ProductRepository, type ProductRow } from '../persistence/product.repository.js';
import { StockRepository, type MovementRow, type NewMovement } from '../persistence/stock.repository.js';

export function toMovementView(r: MovementRow): StockMovementView {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    locationId: r.locationId,
    kind: r.kind,
    quantity: r.quantity,
    onHandAfter: r.onHandAfter,
    unitCostMinor: r.unitCostMinor,
    reason: r.reason,
    ticketId: r.ticketId,
    purchaseOrderId: r.purchaseOrderId,
    stockCountId: r.stockCountId,
    transferId: r.transferId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A product line of a closed ticket, as the ledger needs it. */
export interface SoldLine {
  id: string;
  productId: string | null;
  quantity: number;
}

type Movement = Pick<NewMovement, 'productId' | 'locationId' | 'kind' | 'quantity' | 'createdAt'> & Partial<NewMovement>;

/**
 * Every change of stock goes through `move`: the balance row first (a conditional update that
 * refuses to go below zero, 409 naming the product), then the movement with the on-hand after it,
 * then, when it turned the product low at the location, `retail.product.stock-low.v1`. Always
 * inside the caller's transaction, so a sale, a delivery or a count moves stock with what caused it.
 */
@Injectable()
export class StockLedgerUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductRepository,
    private readonly stock: StockRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async move(m: EntityManager, product: ProductRow, mv: Movement, field: string | null = null): Promise<number> {
    const after = await this.stock.moveBalance(m, mv.productId, mv.locationId, mv.quantity, mv.createdAt);
    if (after === null) {
      const onHand = await this.stock.onHand(mv.productId, mv.locationId, m);
      throw new ConflictError(
        notEnoughStock(product.name, onHand, -mv.quantity),
        { productId: product.id, productName: product.name, locationId: mv.locationId, onHand },
        field,
      );
    }
    await this.stock.insertMovement(
      m,
      {
        unitCostMinor: null,
        reason: null,
        ticketId: null,
        ticketLineId: null,
        purchaseOrderId: null,
        stockCountId: null,
        transferId: null,
        createdBy: null,
        ...mv,
      },
      after,
    );
    if (becameLow(after - mv.quantity, after, product.lowStockThreshold)) {
      await this.outbox.append(m, {
        type: 'retail.product.stock-low.v1',
        aggregateType: 'product',
        aggregateId: product.id,
        locationId: mv.locationId,
        actor: mv.createdBy ? { type: 'user', id: mv.createdBy } : { type: 'system', id: null },
        payload: {
          productId: product.id,
          name: product.name,
          sku: product.sku,
          locationId: mv.locationId,
          onHand: after,
          threshold: product.lowStockThreshold!,
        },
      });
    }
    return after;
  }

  /**
   * The `sold` movements of a ticket that closes, in its transaction: refused (409 naming the
   * product) when a location has fewer than the ticket sells. Products in id order, so two tickets
   * selling the same two products lock their balances in the same order.
   */
  async sellTicket(
    m: EntityManager,
    ticket: { id: string; locationId: string },
    lines: readonly SoldLine[],
    actor: string | null,
    now: Date,
  ) {
    const sold = lines.filter((l): l is SoldLine & { productId: string } => !!l.productId);
    if (!sold.length) return;
    const products = await this.products.findMany([...new Set(sold.map((l) => l.productId))], m);
    for (const line of [...sold].sort((a, b) => a.productId.localeCompare(b.productId) || a.id.localeCompare(b.id))) {
      await this.move(
        m,
        products.get(line.productId)!,
        {
          productId: line.productId,
          locationId: ticket.locationId,
          kind: 'sold',
          quantity: signedQuantity('sold', line.quantity),
          ticketId: ticket.id,
          ticketLineId: line.id,
          createdBy: actor,
          createdAt: now,
        },
        'lines',
      );
    }
  }

  /** Puts a refunded ticket's products back (`refunded`), each line at most what it sold less earlier returns. */
  async restockTicket(
    m: EntityManager,
    ticket: { id: string; locationId: string },
    lines: readonly SoldLine[],
    actor: string | null,
    now: Date,
  ) {
    const returned = await this.stock.returnedOf(m, ticket.id);
    const sold = await this.stock.movements({ ticketId: ticket.id, limit: 1000 }, m);
    const soldByLine = new Map<string, number>();
    for (const s of sold)
      if (s.kind === 'sold' && s.ticketLineId) soldByLine.set(s.ticketLineId, (soldByLine.get(s.ticketLineId) ?? 0) - s.quantity);
    const back = lines
      .filter((l): l is SoldLine & { productId: string } => !!l.productId)
      .map((l) => ({ line: l, units: restockable(soldByLine.get(l.id) ?? 0, returned.get(l.id) ?? 0) }))
      .filter((x) => x.units > 0);
    if (!back.length) return 0;
    const products = await this.products.findMany([...new Set(back.map((b) => b.line.productId))], m);
    for (const { line, units } of back) {
      await this.move(m, products.get(line.productId)!, {
        productId: line.productId,
        locationId: ticket.locationId,
        kind: 'refunded',
        quantity: units,
        ticketId: ticket.id,
        ticketLineId: line.id,
        createdBy: actor,
        createdAt: now,
      });
    }
    return back.reduce((n, b) => n + b.units, 0);
  }

  /** POST /api/stock-adjustments: by hand with a reason, or used in a service. */
  async adjust(auth: AuthContext, input: unknown, now = new Date()): Promise<StockMovementView> {
    const a = parseInput(stockAdjustmentInputSchema, input);
    if (a.kind === 'used' && a.quantity < 0) throw ValidationFailedError.field('quantity', 'must be the units used (more than 0)');
    const product = await this.requireProduct(a.productId, 'productId');
    return this.dataSource.transaction(async (m) => {
      await this.move(
        m,
        product,
        {
          productId: a.productId,
          locationId: a.locationId,
          kind: a.kind,
          quantity: signedQuantity(a.kind, a.quantity),
          reason: a.reason,
          createdBy: actorUuid(auth.userId),
          createdAt: now,
        },
        'quantity',
      );
      const [latest] = await this.stock.movements({ productId: a.productId, locationId: a.locationId, limit: 1 }, m);
      return toMovementView(latest!);
    });
  }

  /** POST /api/stock-transfers: a pair of movements sharing a transfer id. */
  async transfer(auth: AuthContext, input: unknown, now = new Date()): Promise<StockMovementView[]> {
    const t = parseInput(stockTransferInputSchema, input);
    const product = await this.requireProduct(t.productId, 'productId');
    return this.dataSource.transaction(async (m) => {
      const transferId = randomUUID();
      const base = { productId: t.productId, reason: t.reason ?? null, transferId, createdBy: actorUuid(auth.userId), createdAt: now };
      await this.move(m, product, { ...base, locationId: t.fromLocationId, kind: 'transfer_out', quantity: -t.quantity }, 'quantity');
      await this.move(m, product, { ...base, locationId: t.toLocationId, kind: 'transfer_in', quantity: t.quantity });
      const rows = await this.stock.movements({ productId: t.productId, limit: 10 }, m);
      return rows.filter((r) => r.transferId === transferId).map(toMovementView);
    });
  }

  async movements(query: unknown): Promise<StockMovementView[]> {
    const q = parseInput(stockMovementListQuerySchema, query);
    return (await this.stock.movements({ productId: q.productId, locationId: q.locationId, limit: q.limit ?? 100 })).map(toMovementView);
  }

  private async requireProduct(id: string, field: string): Promise<ProductRow> {
    const product = isUuid(id) ? await this.products.find(id) : null;
    if (!product) throw ValidationFailedError.field(field, 'is not a product');
    return product;
  }
}
