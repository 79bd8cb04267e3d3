import { graphql } from '../../gql';

export const PRODUCT_FIELDS = graphql(`
  fragment ProductFields on Product {
    id
    name
    brand
    category
    sku
    barcode
    costMinor
    priceMinor
    taxClass
    use
    active
    photoUrl
    lowStockThreshold
    version
    stock {
      locationId
      onHand
      low
    }
  }
`);

export const PRODUCTS = graphql(`
  query Products($search: String, $locationId: ID, $lowOnly: Boolean, $limit: Int!, $offset: Int) {
    products(search: $search, locationId: $locationId, lowOnly: $lowOnly, limit: $limit, offset: $offset) {
      ...ProductFields
    }
  }
`);

export const CREATE_PRODUCT = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      ...ProductFields
    }
  }
`);

export const UPDATE_PRODUCT = graphql(`
  mutation UpdateProduct($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      ...ProductFields
    }
  }
`);

export const PURCHASE_ORDER_FIELDS = graphql(`
  fragment PurchaseOrderFields on PurchaseOrder {
    id
    number
    locationId
    supplier
    status
    totalCostMinor
    createdAt
    version
    lines {
      id
      productId
      productName
      quantity
      received
      unitCostMinor
    }
  }
`);

export const PURCHASE_ORDERS = graphql(`
  query PurchaseOrders($locationId: ID) {
    purchaseOrders(locationId: $locationId) {
      ...PurchaseOrderFields
    }
  }
`);

export const CREATE_PURCHASE_ORDER = graphql(`
  mutation CreatePurchaseOrder($input: CreatePurchaseOrderInput!) {
    createPurchaseOrder(input: $input) {
      ...PurchaseOrderFields
    }
  }
`);

export const MARK_ORDERED = graphql(`
  mutation MarkPurchaseOrderOrdered($id: ID!, $version: Int!) {
    markPurchaseOrderOrdered(id: $id, version: $version) {
      ...PurchaseOrderFields
    }
  }
`);

export const RECEIVE_PURCHASE_ORDER = graphql(`
  mutation ReceivePurchaseOrder($id: ID!, $input: ReceivePurchaseOrderInput!) {
    receivePurchaseOrder(id: $id, input: $input) {
      ...PurchaseOrderFields
    }
  }
`);

export const STOCK_COUNT_FIELDS = graphql(`
  fragment StockCountFields on StockCount {
    id
    locationId
    status
    note
    createdAt
    postedAt
    version
    lines {
      productId
      productName
      sku
      expected
      counted
      difference
    }
  }
`);

export const STOCK_COUNTS = graphql(`
  query StockCounts($locationId: ID) {
    stockCounts(locationId: $locationId) {
      ...StockCountFields
    }
  }
`);

export const START_STOCK_COUNT = graphql(`
  mutation StartStockCount($locationId: ID!, $note: String) {
    startStockCount(locationId: $locationId, note: $note) {
      ...StockCountFields
    }
  }
`);

export const SAVE_STOCK_COUNT_LINES = graphql(`
  mutation SaveStockCountLines($id: ID!, $version: Int!, $lines: [StockCountLineInput!]!) {
    saveStockCountLines(id: $id, version: $version, lines: $lines) {
      ...StockCountFields
    }
  }
`);

export const POST_STOCK_COUNT = graphql(`
  mutation PostStockCount($id: ID!, $version: Int!) {
    postStockCount(id: $id, version: $version) {
      ...StockCountFields
    }
  }
`);

export const STOCK_MOVEMENTS = graphql(`
  query StockMovements($productId: ID, $locationId: ID) {
    stockMovements(productId: $productId, locationId: $locationId, limit: 50) {
      id
      kind
      quantity
      onHandAfter
      reason
      ticketId
      purchaseOrderId
      transferId
      createdAt
    }
  }
`);

export const ADJUST_STOCK = graphql(`
  mutation AdjustStock($input: StockAdjustmentInput!) {
    adjustStock(input: $input) {
      id
      onHandAfter
    }
  }
`);

export const TRANSFER_STOCK = graphql(`
  mutation TransferStock($input: StockTransferInput!) {
    transferStock(input: $input) {
      id
      locationId
      onHandAfter
    }
  }
`);

export const IMPORT_PRODUCTS = graphql(`
  mutation ImportProducts($input: ProductImportInput!) {
    importProducts(input: $input) {
      columns
      dryRun
      totalRows
      created
      updated
      skipped
      rejected
      mapping {
        name
        brand
        category
        sku
        barcode
        price
        cost
        taxClass
        use
        active
        lowStockThreshold
        photoUrl
        quantity
      }
      rows {
        row
        action
        name
        sku
        barcode
        priceMinor
        quantity
        problems
      }
    }
  }
`);
