import { z } from 'zod';
import { intSchema, moneyMinorSchema } from '../rules/numbers.js';
import { lineSchema, optionalLineSchema, TEXT_LIMITS } from '../rules/text.js';

/**
 * Retail's products and their stock (`/api/products`, `/api/stock-*`, `/api/purchase-orders`).
 * Money is integer minor units (USD); quantities are whole units. Stock at a location is the sum
 * of its movements (an append-only ledger); the on-hand figure is kept beside it in the same
 * transaction and can never go below zero.
 */

/** Retail products are sold on tickets; professional (back-bar) ones are used in services only. */
export const PRODUCT_USES = ['retail', 'professional'] as const;
export type ProductUse = (typeof PRODUCT_USES)[number];

/** Which of the location's tax rates a product line is taxed at (`none`: untaxed). */
export const PRODUCT_TAX_CLASSES = ['product', 'service', 'none'] as const;
export type ProductTaxClass = (typeof PRODUCT_TAX_CLASSES)[number];

/**
 * What moved stock: `received` (a purchase order or a delivery), `sold` (a closed ticket),
 * `refunded` (put back by a refund), `adjusted` (by hand, with a reason), `used` (in a service),
 * `transfer_out`/`transfer_in` (between locations, a pair), `counted` (a posted stock count's difference).
 */
export const STOCK_MOVEMENT_KINDS = ['received', 'sold', 'refunded', 'adjusted', 'used', 'transfer_out', 'transfer_in', 'counted'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The most units one movement, count line or order line may carry. */
export const MAX_STOCK_QUANTITY = 100_000;

const quantitySchema = intSchema({ min: 1, max: MAX_STOCK_QUANTITY });
const countedSchema = intSchema({ min: 0, max: MAX_STOCK_QUANTITY });
const codeSchema = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    lineSchema(64)
      .regex(/^[A-Za-z0-9._\-/ ]+$/, `${what} may hold letters, digits, spaces and . _ - /`)
      .nullish(),
  );

export const stockLevelViewSchema = z.object({
  locationId: z.string(),
  onHand: z.number().int(),
  /** At or under this, the product is low at the location (the product's threshold). */
  low: z.boolean(),
});
export type StockLevelView = z.infer<typeof stockLevelViewSchema>;

export const productViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  costMinor: z.number().int(),
  priceMinor: z.number().int(),
  taxClass: z.enum(PRODUCT_TAX_CLASSES),
  use: z.enum(PRODUCT_USES),
  active: z.boolean(),
  photoUrl: z.string().nullable(),
  /** Low at a location when its on-hand is at or under this; null: never low. */
  lowStockThreshold: z.number().int().nullable(),
  /** On hand at each location that ever had stock of it. */
  stock: z.array(stockLevelViewSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductView = z.infer<typeof productViewSchema>;

const httpUrlSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  lineSchema(TEXT_LIMITS.url)
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) address')
    .nullish(),
);

const productFields = {
  name: lineSchema(TEXT_LIMITS.name * 2, { min: 1, emptyMessage: 'is required' }),
  brand: optionalLineSchema(TEXT_LIMITS.name),
  category: optionalLineSchema(TEXT_LIMITS.name),
  sku: codeSchema('SKU'),
  barcode: codeSchema('Barcode'),
  costMinor: moneyMinorSchema(),
  priceMinor: moneyMinorSchema(),
  taxClass: z.enum(PRODUCT_TAX_CLASSES),
  use: z.enum(PRODUCT_USES),
  active: z.boolean(),
  photoUrl: httpUrlSchema,
  lowStockThreshold: intSchema({ min: 0, max: MAX_STOCK_QUANTITY }).nullish(),
};

/** POST /api/products. SKU and barcode are unique in the business (409 naming the field). */
export const createProductInputSchema = z.strictObject({
  ...productFields,
  costMinor: productFields.costMinor.default(0),
  taxClass: productFields.taxClass.default('product'),
  use: productFields.use.default('retail'),
  active: productFields.active.default(true),
});
export type CreateProductInput = z.input<typeof createProductInputSchema>;

/** PATCH /api/products/{id}: the fields to change, with the `version` read (409 when stale). */
export const updateProductInputSchema = z
  .strictObject({ version: intSchema({ min: 1 }), ...productFields })
  .partial()
  .required({ version: true });
export type UpdateProductInput = z.input<typeof updateProductInputSchema>;

export const productListQuerySchema = z.strictObject({
  /** Name, brand, SKU or barcode contains this (case-insensitive). */
  search: optionalLineSchema(TEXT_LIMITS.search),
  /** With `lowOnly`: low at this location. */
  locationId: z.uuid('must be a location id').optional(),
  lowOnly: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
  active: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
  use: z.enum(PRODUCT_USES).optional(),
  limit: z.coerce
    .number()
    .pipe(intSchema({ min: 1, max: 5000 }))
    .optional(),
  offset: z.coerce
    .number()
    .pipe(intSchema({ min: 0, max: 1_000_000 }))
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const stockMovementViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  locationId: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: what it added (+) or took (−). */
  quantity: z.number().int(),
  /** On hand at the location right after it. */
  onHandAfter: z.number().int(),
  unitCostMinor: z.number().int().nullable(),
  reason: z.string().nullable(),
  ticketId: z.string().nullable(),
  purchaseOrderId: z.string().nullable(),
  stockCountId: z.string().nullable(),
  transferId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovementView = z.infer<typeof stockMovementViewSchema>;

export const stockMovementListQuerySchema = z.strictObject({
  productId: z.uuid('must be a product id').optional(),
  locationId: z.uuid('must be a location id').optional(),
  limit: z.coerce
    .number()
    .pipe(intSchema({ min: 1, max: 500 }))
    .optional(),
});

const reasonSchema = lineSchema(TEXT_LIMITS.label, { min: 1, emptyMessage: 'is required' });

/**
 * POST /api/stock-adjustments: a change by hand (`adjusted`, signed, with a reason: damaged, found,
 * stolen) or a product used in a service (`used`, taken from stock).
 */
export const stockAdjustmentInputSchema = z.strictObject({
  productId: z.uuid('must be a product id'),
  locationId: z.uuid('must be a location id'),
  kind: z.enum(['adjusted', 'used']).default('adjusted'),
  /** Signed for `adjusted`; a positive count taken for `used`. */
  quantity: intSchema({ min: -MAX_STOCK_QUANTITY, max: MAX_STOCK_QUANTITY }).refine((q) => q !== 0, 'must not be 0'),
  reason: reasonSchema,
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInputSchema>;

/** POST /api/stock-transfers: units from one location to another (a pair of movements). */
export const stockTransferInputSchema = z
  .strictObject({
    productId: z.uuid('must be a product id'),
    fromLocationId: z.uuid('must be a location id'),
    toLocationId: z.uuid('must be a location id'),
    quantity: quantitySchema,
    reason: optionalLineSchema(TEXT_LIMITS.label),
  })
  .refine((t) => t.fromLocationId !== t.toLocationId, { message: 'must be another location', path: ['toLocationId'] });
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

// ---- Stock counts ----

export const STOCK_COUNT_STATUSES = ['draft', 'posted'] as const;

export const stockCountLineViewSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  /** On hand now (for a draft) or when it was posted. */
  expected: z.number().int(),
  counted: z.number().int(),
  /** counted − expected. */
  difference: z.number().int(),
});

export const stockCountViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  note: z.string().nullable(),
  lines: z.array(stockCountLineViewSchema),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  version: z.number().int(),
});
export type StockCountView = z.infer<typeof stockCountViewSchema>;

/** POST /api/stock-counts: a draft count at a location. */
export const createStockCountInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  note: optionalLineSchema(TEXT_LIMITS.line),
});

/** PUT /api/stock-counts/{id}/lines: the quantities counted so far (replaces the given products' lines). */
export const stockCountLinesInputSchema = z.strictObject({
  version: intSchema({ min: 1 }),
  lines: z
    .array(z.strictObject({ productId: z.uuid('must be a product id'), counted: countedSchema }))
    .min(1, 'count at least one product')
    .max(5000, 'at most 5000 lines'),
});
export type StockCountLinesInput = z.input<typeof stockCountLinesInputSchema>;

// ---- Purchase orders ----

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const purchaseOrderLineViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  received: z.number().int(),
  unitCostMinor: z.number().int(),
});

export const purchaseOrderViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  locationId: z.string(),
  supplier: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  lines: z.array(purchaseOrderLineViewSchema),
  /** Σ quantity × unit cost. */
  totalCostMinor: z.number().int(),
  createdAt: z.string(),
  orderedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  version: z.number().int(),
});
export type PurchaseOrderView = z.infer<typeof purchaseOrderViewSchema>;

/** POST /api/purchase-orders: a draft order for a location. */
export const createPurchaseOrderInputSchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  supplier: optionalLineSchema(TEXT_LIMITS.name),
  lines: z
    .array(
      z.strictObject({
        productId: z.uuid('must be a product id'),
        quantity: quantitySchema,
        /** Default: the product's cost. */
        unitCostMinor: moneyMinorSchema().optional(),
      }),
    )
    .min(1, 'order at least one product')
    .max(500, 'at most 500 lines'),
});
export type CreatePurchaseOrderInput = z.input<typeof createPurchaseOrderInputSchema>;

/** POST /api/purchase-orders/{id}/receive: what arrived, per line (part or all of what is left), with the cost paid. */
export const receivePurchaseOrderInputSchema = z.strictObject({
  version: intSchema({ min: 1 }),
  lines: z
    .array(z.strictObject({ lineId: z.uuid('must be a line id'), quantity: quantitySchema, unitCostMinor: moneyMinorSchema().optional() }))
    .min(1, 'receive at least one line')
    .max(500, 'at most 500 lines'),
});
export type ReceivePurchaseOrderInput = z.input<typeof receivePurchaseOrderInputSchema>;

export const purchaseOrderStatusInputSchema = z.strictObject({ version: intSchema({ min: 1 }) });

export const purchaseOrderListQuerySchema = z.strictObject({
  locationId: z.uuid('must be a location id').optional(),
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
});

// ---- CSV import and export ----

/** What an import's columns can fill; `quantity` is stock on hand received at `locationId` for new products. */
export const PRODUCT_IMPORT_FIELDS = [
  'name',
  'brand',
  'category',
  'sku',
  'barcode',
  'price',
  'cost',
  'taxClass',
  'use',
  'active',
  'lowStockThreshold',
  'photoUrl',
  'quantity',
] as const;
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number];

/** The most characters an import file may have (about 5,000 products with every column). */
export const PRODUCT_IMPORT_MAX_CHARS = 2_000_000;

/**
 * POST /api/products/import: the CSV text, the column of each field (absent: detected from the
 * header), what to do with a row whose SKU or barcode is already a product, and `dryRun` for the
 * preview (nothing is written).
 */
export const productImportInputSchema = z.strictObject({
  csv: z.string().min(1, 'is empty').max(PRODUCT_IMPORT_MAX_CHARS, `must be at most ${PRODUCT_IMPORT_MAX_CHARS} characters`),
  mapping: z.partialRecord(z.enum(PRODUCT_IMPORT_FIELDS), lineSchema(TEXT_LIMITS.label).nullable()).nullish(),
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  /** Where the `quantity` column's stock is received (required when that column is mapped). */
  locationId: z.uuid('must be a location id').optional(),
  dryRun: z.boolean().default(true),
});
export type ProductImportInput = z.input<typeof productImportInputSchema>;

export const productImportRowSchema = z.object({
  /** 1-based, the first row under the header. */
  row: z.number().int(),
  action: z.enum(['create', 'update', 'skip', 'reject']),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  /** Why a row is rejected (or skipped), one per problem, naming the column. */
  problems: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportResultSchema = z.object({
  columns: z.array(z.string()),
  mapping: z.partialRecord(z.enum(PRODUCT_IMPORT_FIELDS), z.string().nullable()),
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  /** The first 20 rows, then every rejected or skipped row. */
  rows: z.array(productImportRowSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
