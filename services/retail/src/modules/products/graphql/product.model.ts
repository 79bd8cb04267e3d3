import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  CreateProductInput as CreateProductContract,
  ProductTaxClass,
  ProductUse,
  ProductView,
  PurchaseOrderStatus,
  PurchaseOrderView,
  StockCountView,
  StockLevelView,
  StockMovementKind,
  StockMovementView,
} from '@salon/contracts';

@ObjectType('StockLevel')
export class StockLevelModel implements StockLevelView {
  @Field(() => ID) locationId: string;
  @Field(() => Int) onHand: number;
  @Field({ description: "At or under the product's low-stock threshold" }) low: boolean;
}

@ObjectType('Product', { description: 'A product sold at the desk (retail) or used in services (professional)' })
export class ProductModel implements ProductView {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) brand: string | null;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => String, { nullable: true }) sku: string | null;
  @Field(() => String, { nullable: true }) barcode: string | null;
  @Field(() => Int) costMinor: number;
  @Field(() => Int) priceMinor: number;
  @Field(() => String, { description: 'product | service | none' }) taxClass: ProductTaxClass;
  @Field(() => String, { description: 'retail | professional' }) use: ProductUse;
  @Field() active: boolean;
  @Field(() => String, { nullable: true }) photoUrl: string | null;
  @Field(() => Int, { nullable: true }) lowStockThreshold: number | null;
  @Field(() => [StockLevelModel]) stock: StockLevelModel[];
  @Field(() => Int) version: number;
  @Field(() => Date) createdAt: string;
  @Field(() => Date) updatedAt: string;
}

@ObjectType('StockMovement')
export class StockMovementModel implements StockMovementView {
  @Field(() => ID) id: string;
  @Field(() => ID) productId: string;
  @Field() productName: string;
  @Field(() => ID) locationId: string;
  @Field(() => String, { description: 'received | sold | refunded | adjusted | used | transfer_out | transfer_in | counted' })
  kind: StockMovementKind;
  @Field(() => Int, { description: 'Signed' }) quantity: number;
  @Field(() => Int) onHandAfter: number;
  @Field(() => Int, { nullable: true }) unitCostMinor: number | null;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => ID, { nullable: true }) ticketId: string | null;
  @Field(() => ID, { nullable: true }) purchaseOrderId: string | null;
  @Field(() => ID, { nullable: true }) stockCountId: string | null;
  @Field(() => ID, { nullable: true }) transferId: string | null;
  @Field(() => ID, { nullable: true }) createdBy: string | null;
  @Field(() => Date) createdAt: string;
}

@ObjectType('PurchaseOrderLine')
export class PurchaseOrderLineModel {
  @Field(() => ID) id: string;
  @Field(() => ID) productId: string;
  @Field() productName: string;
  @Field(() => Int) quantity: number;
  @Field(() => Int) received: number;
  @Field(() => Int) unitCostMinor: number;
}

@ObjectType('PurchaseOrder')
export class PurchaseOrderModel implements PurchaseOrderView {
  @Field(() => ID) id: string;
  @Field(() => Int) number: number;
  @Field(() => ID) locationId: string;
  @Field(() => String, { nullable: true }) supplier: string | null;
  @Field(() => String, { description: 'draft | ordered | partially_received | received | cancelled' }) status: PurchaseOrderStatus;
  @Field(() => [PurchaseOrderLineModel]) lines: PurchaseOrderLineModel[];
  @Field(() => Int) totalCostMinor: number;
  @Field(() => Date) createdAt: string;
  @Field(() => Date, { nullable: true }) orderedAt: string | null;
  @Field(() => Date, { nullable: true }) receivedAt: string | null;
  @Field(() => Int) version: number;
}

@ObjectType('StockCountLine')
export class StockCountLineModel {
  @Field(() => ID) productId: string;
  @Field() productName: string;
  @Field(() => String, { nullable: true }) sku: string | null;
  @Field(() => Int) expected: number;
  @Field(() => Int) counted: number;
  @Field(() => Int) difference: number;
}

@ObjectType('StockCount')
export class StockCountModel implements StockCountView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field(() => String, { description: 'draft | posted' }) status: 'draft' | 'posted';
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => [StockCountLineModel]) lines: StockCountLineModel[];
  @Field(() => Date) createdAt: string;
  @Field(() => Date, { nullable: true }) postedAt: string | null;
  @Field(() => Int) version: number;
}

@InputType('ProductInput', { description: 'Create: name and priceMinor required; update: the fields to change plus version' })
export class ProductInput implements Partial<Omit<CreateProductContract, 'name' | 'priceMinor'>> {
  @Field(() => Int, { nullable: true }) version?: number;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) brand?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) sku?: string | null;
  @Field(() => String, { nullable: true }) barcode?: string | null;
  @Field(() => Int, { nullable: true }) costMinor?: number;
  @Field(() => Int, { nullable: true }) priceMinor?: number;
  @Field(() => String, { nullable: true }) taxClass?: ProductTaxClass;
  @Field(() => String, { nullable: true }) use?: ProductUse;
  @Field(() => Boolean, { nullable: true }) active?: boolean;
  @Field(() => String, { nullable: true }) photoUrl?: string | null;
  @Field(() => Int, { nullable: true }) lowStockThreshold?: number | null;
}

@InputType('StockAdjustmentInput')
export class StockAdjustmentInput {
  @Field(() => ID) productId: string;
  @Field(() => ID) locationId: string;
  @Field(() => String, { nullable: true, description: 'adjusted (default) | used' }) kind?: 'adjusted' | 'used';
  @Field(() => Int, { description: 'Signed for adjusted; units used for used' }) quantity: number;
  @Field() reason: string;
}

@InputType('StockTransferInput')
export class StockTransferInput {
  @Field(() => ID) productId: string;
  @Field(() => ID) fromLocationId: string;
  @Field(() => ID) toLocationId: string;
  @Field(() => Int) quantity: number;
  @Field(() => String, { nullable: true }) reason?: string | null;
}

@InputType('PurchaseOrderLineInput')
export class PurchaseOrderLineInput {
  @Field(() => ID) productId: string;
  @Field(() => Int) quantity: number;
  @Field(() => Int, { nullable: true, description: "Default: the product's cost" }) unitCostMinor?: number;
}

@InputType('CreatePurchaseOrderInput')
export class CreatePurchaseOrderInput {
  @Field(() => ID) locationId: string;
  @Field(() => String, { nullable: true }) supplier?: string | null;
  @Field(() => [PurchaseOrderLineInput]) lines: PurchaseOrderLineInput[];
}

@InputType('ReceiveLineInput')
export class ReceiveLineInput {
  @Field(() => ID) lineId: string;
  @Field(() => Int) quantity: number;
  @Field(() => Int, { nullable: true }) unitCostMinor?: number;
}

@InputType('ReceivePurchaseOrderInput')
export class ReceivePurchaseOrderInput {
  @Field(() => Int) version: number;
  @Field(() => [ReceiveLineInput]) lines: ReceiveLineInput[];
}

@InputType('StockCountLineInput')
export class StockCountLineInput {
  @Field(() => ID) productId: string;
  @Field(() => Int) counted: number;
}

@InputType('ProductImportMappingInput', { description: 'The column of each field; absent: detected from the header' })
@ObjectType('ProductImportMapping')
export class ProductImportMappingModel {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) brand?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) sku?: string | null;
  @Field(() => String, { nullable: true }) barcode?: string | null;
  @Field(() => String, { nullable: true }) price?: string | null;
  @Field(() => String, { nullable: true }) cost?: string | null;
  @Field(() => String, { nullable: true }) taxClass?: string | null;
  @Field(() => String, { nullable: true }) use?: string | null;
  @Field(() => String, { nullable: true }) active?: string | null;
  @Field(() => String, { nullable: true }) lowStockThreshold?: string | null;
  @Field(() => String, { nullable: true }) photoUrl?: string | null;
  @Field(() => String, { nullable: true }) quantity?: string | null;
}

@InputType('ProductImportInput')
export class ProductImportInput {
  @Field({ description: 'The CSV text' }) csv: string;
  @Field(() => ProductImportMappingModel, { nullable: true }) mapping?: ProductImportMappingModel | null;
  @Field(() => String, { nullable: true, description: 'skip (default) | update' }) onDuplicate?: 'skip' | 'update';
  @Field(() => ID, { nullable: true, description: "Where the quantity column's stock is received" }) locationId?: string;
  @Field(() => Boolean, { nullable: true, description: 'Default true: the preview, nothing written' }) dryRun?: boolean;
}

@ObjectType('ProductImportRow')
export class ProductImportRowModel {
  @Field(() => Int) row: number;
  @Field(() => String, { description: 'create | update | skip | reject' }) action: 'create' | 'update' | 'skip' | 'reject';
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) sku: string | null;
  @Field(() => String, { nullable: true }) barcode: string | null;
  @Field(() => Int, { nullable: true }) priceMinor: number | null;
  @Field(() => Int, { nullable: true }) quantity: number | null;
  @Field(() => [String]) problems: string[];
}

@ObjectType('ProductImportResult')
export class ProductImportResultModel {
  @Field(() => [String]) columns: string[];
  @Field(() => ProductImportMappingModel) mapping: ProductImportMappingModel;
  @Field() dryRun: boolean;
  @Field(() => Int) totalRows: number;
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) skipped: number;
  @Field(() => Int) rejected: number;
  @Field(() => [ProductImportRowModel], { description: 'The first 20 rows, then every rejected or skipped row' })
  rows: ProductImportRowModel[];
}
