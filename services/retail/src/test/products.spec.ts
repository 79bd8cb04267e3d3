import { productViewSchema, purchaseOrderViewSchema, stockCountViewSchema, ticketViewSchema, type ProductView } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION, newKey, OTHER_LOCATION, startRetail, type RetailTestApp } from './retail-app.js';

let t: RetailTestApp;
let n = 0;

beforeAll(async () => {
  t = await startRetail('products');
});
afterAll(async () => t?.close());

async function product(fields: Record<string, unknown> = {}): Promise<ProductView> {
  n += 1;
  const res = await t
    .as('stockist')
    .post('/api/products', { name: `Shampoo ${n}`, sku: `SH-${n}`, priceMinor: 2400, costMinor: 1000, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return productViewSchema.parse(res.body);
}

async function receive(productId: string, quantity: number, locationId = LOCATION) {
  const po = await t
    .as('stockist')
    .post('/api/purchase-orders', { locationId, lines: [{ productId, quantity }] })
    .expect(201);
  const res = await t.as('stockist').post(`/api/purchase-orders/${po.body.id}/receive`, {
    version: po.body.version,
    lines: [{ lineId: po.body.lines[0].id, quantity }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const onHand = async (productId: string, locationId = LOCATION) =>
  (await t.as('browser').get(`/api/products/${productId}`).expect(200)).body.stock.find((s: any) => s.locationId === locationId)?.onHand ??
  0;

/** A walk-in ticket with `quantity` of the product, as the desk rings it up. */
async function ticketWith(productId: string, quantity = 1) {
  const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION }).expect(201);
  const res = await t
    .as('desk')
    .patch(`/api/tickets/${opened.body.id}`, { version: opened.body.version, lines: [{ productId, quantity }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketViewSchema.parse(res.body);
}

const payCash = (ticketId: string, amountMinor: number) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, { method: 'cash', amountMinor }).set('Idempotency-Key', newKey());

describe('the product catalogue', () => {
  it('creates, reads and changes a product with the version read', async () => {
    const p = await product({
      brand: 'Oribe',
      category: 'Hair care',
      barcode: '0123456789012',
      lowStockThreshold: 3,
      photoUrl: 'https://img.test/a.png',
    });
    expect(p).toMatchObject({ brand: 'Oribe', taxClass: 'product', use: 'retail', active: true, stock: [], version: 1 });
    const changed = await t.as('stockist').patch(`/api/products/${p.id}`, { version: 1, priceMinor: 2600, brand: null }).expect(200);
    expect(changed.body).toMatchObject({ priceMinor: 2600, brand: null, version: 2 });
    const stale = await t.as('stockist').patch(`/api/products/${p.id}`, { version: 1, priceMinor: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toContain('changed by someone else');
    expect(stale.body.details).toMatchObject({ id: p.id, version: 2, priceMinor: 2600 });
  });

  it('keeps SKU and barcode unique in the business, whatever their case (409 naming the field)', async () => {
    const p = await product({ barcode: 'ABC-1' });
    const sku = await t.as('stockist').post('/api/products', { name: 'Copy', sku: p.sku!.toLowerCase(), priceMinor: 1 });
    expect(sku.status).toBe(409);
    expect(sku.body.error).toBe(`The SKU ${p.sku!.toLowerCase()} is already used by ${p.name}`);
    const barcode = await t.as('stockist').post('/api/products', { name: 'Copy', barcode: 'abc-1', priceMinor: 1 });
    expect(barcode.status).toBe(409);
    expect(barcode.body.error).toBe(`The barcode abc-1 is already used by ${p.name}`);
  });

  it('refuses bad input naming the field, and what a permission does not allow', async () => {
    const bad = await t.as('stockist').post('/api/products', { name: '', priceMinor: -1, photoUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    for (const field of ['name', 'priceMinor', 'photoUrl']) expect(text).toContain(field);
    await t.as('browser').post('/api/products', { name: 'X', priceMinor: 1 }).expect(403);
    await t.as('outsider').get('/api/products').expect(403);
    await t.as('desk').get('/api/products').expect(200);
  });

  it('finds a product by barcode as a scanner types it, and lists by search', async () => {
    const p = await product({ name: 'Argan Oil', barcode: '4006381333931' });
    expect((await t.as('desk').get('/api/products/by-code/4006381333931').expect(200)).body.id).toBe(p.id);
    await t.as('desk').get('/api/products/by-code/nothing-here').expect(404);
    const found = await t.as('browser').get('/api/products?search=argan').expect(200);
    expect(found.body.map((x: any) => x.id)).toEqual([p.id]);
  });
});

describe('purchase orders', () => {
  it('goes from draft to ordered to received in part and then whole, with the cost paid', async () => {
    const p = await product();
    const created = await t.as('stockist').post('/api/purchase-orders', {
      locationId: LOCATION,
      supplier: 'Beauty Supply Co',
      lines: [{ productId: p.id, quantity: 10 }],
    });
    expect(created.status).toBe(201);
    let po = purchaseOrderViewSchema.parse(created.body);
    expect(po).toMatchObject({ status: 'draft', totalCostMinor: 10_000, lines: [{ quantity: 10, received: 0, unitCostMinor: 1000 }] });
    po = (await t.as('stockist').post(`/api/purchase-orders/${po.id}/order`, { version: po.version }).expect(201)).body;
    expect(po.status).toBe('ordered');
    const tooMany = await t
      .as('stockist')
      .post(`/api/purchase-orders/${po.id}/receive`, { version: po.version, lines: [{ lineId: po.lines[0]!.id, quantity: 11 }] });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('lines.0.quantity');
    po = (
      await t
        .as('stockist')
        .post(`/api/purchase-orders/${po.id}/receive`, {
          version: po.version,
          lines: [{ lineId: po.lines[0]!.id, quantity: 4, unitCostMinor: 1100 }],
        })
        .expect(201)
    ).body;
    expect(po).toMatchObject({ status: 'partially_received', lines: [{ received: 4, unitCostMinor: 1100 }] });
    expect(await onHand(p.id)).toBe(4);
    po = (
      await t
        .as('stockist')
        .post(`/api/purchase-orders/${po.id}/receive`, { version: po.version, lines: [{ lineId: po.lines[0]!.id, quantity: 6 }] })
        .expect(201)
    ).body;
    expect(po.status).toBe('received');
    expect(await onHand(p.id)).toBe(10);
    expect((await t.as('browser').get(`/api/products/${p.id}`)).body.costMinor).toBe(1100);
    const movements = await t.as('browser').get(`/api/stock-movements?productId=${p.id}`).expect(200);
    expect(movements.body.map((m: any) => [m.kind, m.quantity, m.onHandAfter])).toEqual([
      ['received', 6, 10],
      ['received', 4, 4],
    ]);
    const done = await t
      .as('stockist')
      .post(`/api/purchase-orders/${po.id}/receive`, { version: po.version, lines: [{ lineId: po.lines[0]!.id, quantity: 1 }] });
    expect(done.status).toBe(409);
  });
});

describe('the stock ledger', () => {
  it('adjusts with a reason, takes what a service used, transfers, and never goes below zero', async () => {
    const p = await product({ name: 'Toner' });
    await receive(p.id, 5);
    await t
      .as('stockist')
      .post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, quantity: -1, reason: 'Damaged' })
      .expect(201);
    await t
      .as('stockist')
      .post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, kind: 'used', quantity: 1, reason: 'Colour service' })
      .expect(201);
    const moved = await t
      .as('stockist')
      .post('/api/stock-transfers', { productId: p.id, fromLocationId: LOCATION, toLocationId: OTHER_LOCATION, quantity: 2 });
    expect(moved.status).toBe(201);
    expect(moved.body.map((m: any) => m.kind).sort()).toEqual(['transfer_in', 'transfer_out']);
    expect([await onHand(p.id), await onHand(p.id, OTHER_LOCATION)]).toEqual([1, 2]);
    const below = await t
      .as('stockist')
      .post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, quantity: -2, reason: 'Lost' });
    expect(below.status).toBe(409);
    expect(JSON.stringify(below.body)).toContain('Not enough Toner in stock: 1 on hand, 2 needed');
    await t.as('stockist').post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, quantity: 0, reason: 'x' }).expect(400);
    await t.as('browser').post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, quantity: 1, reason: 'x' }).expect(403);
    // The ledger is append-only: the database itself refuses a change.
    await expect(t.sql(`UPDATE stock_movements SET quantity = 100 WHERE product_id = $1`, [p.id])).rejects.toThrow(/append-only/);
    const [{ sum }] = await t.sql(`SELECT sum(quantity)::int AS sum FROM stock_movements WHERE product_id = $1 AND location_id = $2`, [
      p.id,
      LOCATION,
    ]);
    expect(sum).toBe(await onHand(p.id));
  });

  it('publishes stock-low once, when a movement crosses the threshold', async () => {
    const p = await product({ lowStockThreshold: 2 });
    await receive(p.id, 4);
    for (let i = 0; i < 3; i++)
      await t
        .as('stockist')
        .post('/api/stock-adjustments', { productId: p.id, locationId: LOCATION, quantity: -1, reason: 'Tester' })
        .expect(201);
    const events = await t.sql(
      `SELECT envelope->'payload' AS payload FROM outbox WHERE type = 'retail.product.stock-low.v1' AND aggregate_id = $1`,
      [p.id],
    );
    expect(events.map((e) => e.payload)).toEqual([
      { productId: p.id, name: p.name, sku: p.sku, locationId: LOCATION, onHand: 2, threshold: 2 },
    ]);
    const low = await t.as('browser').get(`/api/products?lowOnly=true&locationId=${LOCATION}`).expect(200);
    expect(low.body.map((x: any) => x.id)).toContain(p.id);
    expect(low.body.find((x: any) => x.id === p.id).stock[0]).toMatchObject({ onHand: 1, low: true });
  });

  it('counts: shows the differences against what is on hand and posts them as counted movements', async () => {
    const a = await product();
    const b = await product();
    await receive(a.id, 5);
    await receive(b.id, 3);
    let count = stockCountViewSchema.parse(
      (await t.as('stockist').post('/api/stock-counts', { locationId: LOCATION, note: 'November count' }).expect(201)).body,
    );
    count = (
      await t
        .as('stockist')
        .put(`/api/stock-counts/${count.id}/lines`, {
          version: count.version,
          lines: [
            { productId: a.id, counted: 4 },
            { productId: b.id, counted: 3 },
          ],
        })
        .expect(200)
    ).body;
    expect(Object.fromEntries(count.lines.map((l) => [l.productId, [l.expected, l.counted, l.difference]]))).toEqual({
      [a.id]: [5, 4, -1],
      [b.id]: [3, 3, 0],
    });
    const posted = (await t.as('stockist').post(`/api/stock-counts/${count.id}/post`, { version: count.version }).expect(201)).body;
    expect(posted.status).toBe('posted');
    expect([await onHand(a.id), await onHand(b.id)]).toEqual([4, 3]);
    const moves = await t.sql(`SELECT kind, quantity FROM stock_movements WHERE stock_count_id = $1`, [count.id]);
    expect(moves).toEqual([{ kind: 'counted', quantity: -1 }]);
    await t.as('stockist').post(`/api/stock-counts/${count.id}/post`, { version: posted.version }).expect(409);
  });
});

describe('selling products on a ticket', () => {
  it('rings up a product at its price and tax class, moves stock when the ticket closes and puts it back on a refund', async () => {
    await t.as('admin').put(`/api/pos-settings/${LOCATION}`, {
      serviceTaxRate: 5,
      productTaxRate: 10,
      tipPresets: [15, 20],
      discountLimitPercent: 20,
      version: 0,
    });
    const p = await product({ priceMinor: 2000 });
    const untaxed = await product({ priceMinor: 1000, taxClass: 'none' });
    await receive(p.id, 3);
    await receive(untaxed.id, 1);
    const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION }).expect(201);
    const ticket = ticketViewSchema.parse(
      (
        await t
          .as('desk')
          .patch(`/api/tickets/${opened.body.id}`, {
            version: opened.body.version,
            lines: [{ productId: p.id, quantity: 2 }, { productId: untaxed.id }],
          })
          .expect(200)
      ).body,
    );
    expect(ticket.lines.map((l) => [l.kind, l.name, l.unitPriceMinor, l.taxMinor, l.productId])).toEqual([
      ['product', p.name, 2000, 400, p.id],
      ['product', untaxed.name, 1000, 0, untaxed.id],
    ]);
    expect(await onHand(p.id)).toBe(3);
    const paid = await payCash(ticket.id, ticket.totalMinor).expect(201);
    expect(paid.body.ticket.status).toBe('closed');
    expect([await onHand(p.id), await onHand(untaxed.id)]).toEqual([1, 0]);
    const sold = await t.sql(`SELECT kind, quantity, ticket_line_id FROM stock_movements WHERE ticket_id = $1 ORDER BY quantity`, [
      ticket.id,
    ]);
    expect(sold.map((s) => [s.kind, s.quantity])).toEqual([
      ['sold', -2],
      ['sold', -1],
    ]);
    const refund = await t
      .as('manager')
      .post(`/api/payments/${paid.body.payment.id}/refunds`, { amountMinor: 1000, reason: 'Returned', restock: true });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect([await onHand(p.id), await onHand(untaxed.id)]).toEqual([3, 1]);
    // A second refund has nothing left to put back.
    await t
      .as('manager')
      .post(`/api/payments/${paid.body.payment.id}/refunds`, { amountMinor: 100, reason: 'Again', restock: true })
      .expect(201);
    expect(await onHand(p.id)).toBe(3);
  });

  it('refuses a professional or inactive product, and closing a ticket with more than is in stock (409 naming it)', async () => {
    const backBar = await product({ use: 'professional' });
    const opened = await t.as('desk').post('/api/tickets', { locationId: LOCATION }).expect(201);
    const refused = await t
      .as('desk')
      .patch(`/api/tickets/${opened.body.id}`, { version: opened.body.version, lines: [{ productId: backBar.id }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('lines.0.productId');
    const p = await product({ name: 'Sea Salt Spray' });
    await receive(p.id, 1);
    const ticket = await ticketWith(p.id, 2);
    const res = await payCash(ticket.id, ticket.totalMinor);
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain('Not enough Sea Salt Spray in stock: 1 on hand, 2 needed');
    const after = (await t.as('desk').get(`/api/tickets/${ticket.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'open', paidMinor: 0 });
    expect(await onHand(p.id)).toBe(1);
  });

  it('two desks selling the last unit at the same moment: one closes, the other gets 409 naming the product', async () => {
    const p = await product({ name: 'Last Pomade' });
    await receive(p.id, 1);
    const [a, b] = await Promise.all([ticketWith(p.id), ticketWith(p.id)]);
    const results = await Promise.all([payCash(a.id, a.totalMinor), payCash(b.id, b.totalMinor)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('Not enough Last Pomade in stock: 0 on hand, 1 needed');
    expect(await onHand(p.id)).toBe(0);
    const sold = await t.sql(`SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1 AND kind = 'sold'`, [p.id]);
    expect(sold[0]!.n).toBe(1);
    const closed = await t.sql(`SELECT count(*)::int AS n FROM tickets WHERE id = ANY($1::uuid[]) AND status = 'closed'`, [[a.id, b.id]]);
    expect(closed[0]!.n).toBe(1);
  });
});

describe('GraphQL', () => {
  it('lists products with stock and looks one up by barcode', async () => {
    const p = await product({ barcode: 'GQL-1' });
    await receive(p.id, 2);
    const res = await t.gql('desk', `query($code: String!) { productByCode(code: $code) { id name stock { locationId onHand low } } }`, {
      code: 'gql-1',
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.productByCode).toMatchObject({ id: p.id, stock: [{ locationId: LOCATION, onHand: 2, low: false }] });
    const denied = await t.gql('browser', `mutation { createProduct(input: { name: "X", priceMinor: 1 }) { id } }`);
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('CSV import and export', () => {
  const csv = [
    'Item Name,Brand,SKU,UPC,Retail Price,Unit Cost,Qty',
    'Imported Serum,Lumen,IMP-1,5012345678900,$32.00,14.00,8',
    'Imported Balm,Lumen,IMP-2,,18.5,,',
    ',Lumen,IMP-3,,abc,,',
    'Imported Twice,Lumen,IMP-1,,10,,',
  ].join('\n');

  it('previews with detected columns and per-row problems, writes nothing, then imports with stock received', async () => {
    const preview = await t.as('stockist').post('/api/products/import', { csv, locationId: LOCATION });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      dryRun: true,
      totalRows: 4,
      created: 2,
      rejected: 2,
      mapping: { name: 'Item Name', sku: 'SKU', barcode: 'UPC', price: 'Retail Price', cost: 'Unit Cost', quantity: 'Qty' },
    });
    expect(preview.body.rows.map((r: any) => [r.row, r.action, r.problems])).toEqual([
      [1, 'create', []],
      [2, 'create', []],
      [3, 'reject', ['Price: "abc" is not an amount such as 24.50', 'Name: is required']],
      [4, 'reject', ['SKU: also on row 1']],
    ]);
    expect((await t.as('browser').get('/api/products?search=Imported').expect(200)).body).toEqual([]);

    const done = await t.as('stockist').post('/api/products/import', { csv, locationId: LOCATION, dryRun: false }).expect(200);
    expect(done.body).toMatchObject({ dryRun: false, created: 2, rejected: 2 });
    const serum = (await t.as('browser').get('/api/products/by-code/IMP-1').expect(200)).body;
    expect(serum).toMatchObject({ name: 'Imported Serum', priceMinor: 3200, costMinor: 1400, barcode: '5012345678900' });
    expect(serum.stock).toEqual([{ locationId: LOCATION, onHand: 8, low: false }]);

    // Again: the rows are now duplicates, skipped; with onDuplicate update, the mapped columns change.
    const again = await t
      .as('stockist')
      .post('/api/products/import', { csv: csv.replace('$32.00', '$34.00'), locationId: LOCATION, dryRun: false });
    expect(again.body).toMatchObject({ created: 0, skipped: 2 });
    const updated = await t
      .as('stockist')
      .post('/api/products/import', { csv: csv.replace('$32.00', '$34.00'), locationId: LOCATION, dryRun: false, onDuplicate: 'update' });
    expect(updated.body).toMatchObject({ created: 0, updated: 2 });
    expect((await t.as('browser').get('/api/products/by-code/IMP-1')).body.priceMinor).toBe(3400);
    expect(await onHand(serum.id)).toBe(8);
  });

  it('refuses what cannot be imported, naming the field', async () => {
    const noPrice = await t.as('stockist').post('/api/products/import', { csv: 'Name,Colour\nA,red' });
    expect(noPrice.status).toBe(400);
    expect(JSON.stringify(noPrice.body)).toContain('mapping.price');
    const noLocation = await t.as('stockist').post('/api/products/import', { csv: 'Name,Price,Qty\nA,1,2' });
    expect(JSON.stringify(noLocation.body)).toContain('locationId');
    const badColumn = await t
      .as('stockist')
      .post('/api/products/import', { csv: 'Name,Price\nA,1', mapping: { name: 'Title', price: 'Price' } });
    expect(JSON.stringify(badColumn.body)).toContain('the file has no column \\"Title\\"');
    await t.as('browser').post('/api/products/import', { csv: 'Name,Price\nA,1' }).expect(403);
  });

  it('exports every product as CSV the import reads back, formula cells made safe', async () => {
    await product({ name: '=HYPERLINK("x")', sku: 'FORMULA-1', priceMinor: 100 });
    const res = await t.as('stockist').get('/api/products/export').expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.text;
    expect(text.split('\n')[0]).toBe('Name,Brand,Category,SKU,Barcode,Price,Cost,Tax,Use,Active,Low stock,Photo');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const back = await t.as('stockist').post('/api/products/import', { csv: text });
    expect(back.body.created).toBe(0);
    expect(back.body.skipped + back.body.rejected).toBe(back.body.totalRows);
    await t.as('browser').get('/api/products/export').expect(403);
  });

  it('imports through GraphQL too', async () => {
    const res = await t.gql(
      'stockist',
      `mutation($input: ProductImportInput!) { importProducts(input: $input) { dryRun totalRows created mapping { name price } rows { row action problems } } }`,
      { input: { csv: 'Product,Price\nGraph Gel,12', mapping: null } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.importProducts).toMatchObject({ dryRun: true, totalRows: 1, created: 1, mapping: { name: 'Product', price: 'Price' } });
  });
});
