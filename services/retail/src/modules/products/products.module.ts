import { Module } from '@nestjs/common';
import { ProductResolver, PurchaseOrderResolver, StockCountResolver } from './graphql/product.resolver.js';
import { ProductsController } from './http/products.controller.js';
import { StockController } from './http/stock.controller.js';
import { ProductImportUseCase } from './use-cases/product-import.use-case.js';
import { ProductsUseCase } from './use-cases/products.use-case.js';
import { PurchaseOrdersUseCase } from './use-cases/purchase-orders.use-case.js';
import { StockCountsUseCase } from './use-cases/stock-counts.use-case.js';
import { StockLedgerUseCase } from './use-cases/stock-ledger.use-case.js';

/** Products, the stock ledger, purchase orders and stock counts. Checkout uses the ledger when a ticket closes or is refunded. */
@Module({
  controllers: [ProductsController, StockController],
  providers: [
    ProductsUseCase,
    ProductImportUseCase,
    StockLedgerUseCase,
    PurchaseOrdersUseCase,
    StockCountsUseCase,
    ProductResolver,
    PurchaseOrderResolver,
    StockCountResolver,
  ],
  exports: [StockLedgerUseCase, ProductsUseCase],
})
export class ProductsModule {}
