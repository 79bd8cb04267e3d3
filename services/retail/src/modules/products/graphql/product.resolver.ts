import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PRODUCT_LOOKUP_PERMISSIONS, PRODUCT_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { ProductImportUseCase } from '../use-cases/product-import.use-case.js';
import { ProductsUseCase } from '../use-cases/products.use-case.js';
import { PurchaseOrdersUseCase } from '../use-cases/purchase-orders.use-case.js';
import { StockCountsUseCase } from '../use-cases/stock-counts.use-case.js';
import { StockLedgerUseCase } from '../use-cases/stock-ledger.use-case.js';
import {
  CreatePurchaseOrderInput,
  ProductImportInput,
  ProductImportResultModel,
  ProductInput,
  ProductModel,
  PurchaseOrderModel,
  ReceivePurchaseOrderInput,
  StockAdjustmentInput,
  StockCountLineInput,
  StockCountModel,
  StockMovementModel,
  StockTransferInput,
} from './product.model.js';

@Resolver(() => ProductModel)
export class ProductResolver {
  constructor(
    private readonly catalogue: ProductsUseCase,
    private readonly ledger: StockLedgerUseCase,
    private readonly imports: ProductImportUseCase,
  ) {}

  @RequirePermission('edit_products')
  @Mutation(() => ProductImportResultModel, { description: 'dryRun (the default) previews what each row would do; false imports' })
  importProducts(@CurrentAuth() auth: AuthContext, @Args('input') input: ProductImportInput) {
    return this.imports.run(auth, given(input));
  }

  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Query(() => [ProductModel], { description: 'By name, brand, SKU or barcode; lowOnly with locationId: low there' })
  products(
    @Args('search', { type: () => String, nullable: true }) search?: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('lowOnly', { type: () => Boolean, nullable: true }) lowOnly?: boolean,
    @Args('active', { type: () => Boolean, nullable: true }) active?: boolean,
    @Args('use', { type: () => String, nullable: true, description: 'retail | professional' }) use?: string,
    @Args('limit', { type: () => Int, nullable: true, description: 'At most 5000 (default 500); the query cost counts it' })
    limit?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
  ) {
    return this.catalogue.list(given({ search, locationId, lowOnly, active, use, limit, offset }));
  }

  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Query(() => ProductModel)
  product(@Args('id', { type: () => ID }) id: string) {
    return this.catalogue.get(id);
  }

  @RequirePermission({ anyOf: PRODUCT_LOOKUP_PERMISSIONS })
  @Query(() => ProductModel, { nullable: true, description: 'The product with this barcode (or SKU), as a scanner types it' })
  productByCode(@Args('code') code: string) {
    return this.catalogue.byCode(code);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Query(() => [StockMovementModel], { description: 'Newest first' })
  stockMovements(
    @Args('productId', { type: () => ID, nullable: true }) productId?: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
  ) {
    return this.ledger.movements(given({ productId, locationId, limit }));
  }

  @RequirePermission('edit_products')
  @Mutation(() => ProductModel, { description: 'A taken SKU or barcode answers CONFLICT naming the field' })
  createProduct(@CurrentAuth() auth: AuthContext, @Args('input') input: ProductInput) {
    const { version: _version, ...fields } = given(input);
    return this.catalogue.create(auth, fields);
  }

  @RequirePermission('edit_products')
  @Mutation(() => ProductModel, { description: 'A stale version answers CONFLICT with the current product' })
  updateProduct(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string, @Args('input') input: ProductInput) {
    return this.catalogue.update(auth, id, given(input));
  }

  @RequirePermission('manage_stock')
  @Mutation(() => StockMovementModel, { description: 'Below zero answers CONFLICT naming the product' })
  adjustStock(@CurrentAuth() auth: AuthContext, @Args('input') input: StockAdjustmentInput) {
    return this.ledger.adjust(auth, given(input));
  }

  @RequirePermission('manage_stock')
  @Mutation(() => [StockMovementModel])
  transferStock(@CurrentAuth() auth: AuthContext, @Args('input') input: StockTransferInput) {
    return this.ledger.transfer(auth, given(input));
  }
}

@Resolver(() => PurchaseOrderModel)
export class PurchaseOrderResolver {
  constructor(private readonly orders: PurchaseOrdersUseCase) {}

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Query(() => [PurchaseOrderModel])
  purchaseOrders(
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('status', { type: () => String, nullable: true }) status?: string,
  ) {
    return this.orders.list(given({ locationId, status }));
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Query(() => PurchaseOrderModel)
  purchaseOrder(@Args('id', { type: () => ID }) id: string) {
    return this.orders.get(id);
  }

  @RequirePermission('manage_stock')
  @Mutation(() => PurchaseOrderModel)
  createPurchaseOrder(@CurrentAuth() auth: AuthContext, @Args('input') input: CreatePurchaseOrderInput) {
    return this.orders.create(auth, given(input));
  }

  @RequirePermission('manage_stock')
  @Mutation(() => PurchaseOrderModel)
  markPurchaseOrderOrdered(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('version', { type: () => Int }) version: number,
  ) {
    return this.orders.markOrdered(auth, id, { version });
  }

  @RequirePermission('manage_stock')
  @Mutation(() => PurchaseOrderModel)
  cancelPurchaseOrder(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('version', { type: () => Int }) version: number,
  ) {
    return this.orders.cancel(auth, id, { version });
  }

  @RequirePermission('manage_stock')
  @Mutation(() => PurchaseOrderModel, { description: 'Part or all of what each line still waits for' })
  receivePurchaseOrder(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: ReceivePurchaseOrderInput,
  ) {
    return this.orders.receive(auth, id, given(input));
  }
}

@Resolver(() => StockCountModel)
export class StockCountResolver {
  constructor(private readonly counts: StockCountsUseCase) {}

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Query(() => [StockCountModel])
  stockCounts(@Args('locationId', { type: () => ID, nullable: true }) locationId?: string) {
    return this.counts.list(locationId ?? undefined);
  }

  @RequirePermission({ anyOf: PRODUCT_PERMISSIONS })
  @Query(() => StockCountModel)
  stockCount(@Args('id', { type: () => ID }) id: string) {
    return this.counts.get(id);
  }

  @RequirePermission('manage_stock')
  @Mutation(() => StockCountModel)
  startStockCount(
    @CurrentAuth() auth: AuthContext,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('note', { type: () => String, nullable: true }) note?: string,
  ) {
    return this.counts.create(auth, given({ locationId, note }));
  }

  @RequirePermission('manage_stock')
  @Mutation(() => StockCountModel, { description: 'The quantities counted (replaces those products’ lines)' })
  saveStockCountLines(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('version', { type: () => Int }) version: number,
    @Args('lines', { type: () => [StockCountLineInput] }) lines: StockCountLineInput[],
  ) {
    return this.counts.saveLines(auth, id, given({ version, lines }));
  }

  @RequirePermission('manage_stock')
  @Mutation(() => StockCountModel, { description: 'Each difference becomes a counted movement' })
  postStockCount(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('version', { type: () => Int }) version: number,
  ) {
    return this.counts.post(auth, id, { version });
  }
}
