import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// The stock walk of issue 12 at the demo salon: the seeded catalogue at /products (no axe
// violations), a purchase order for a demo product placed and received, the product scanned by its
// barcode onto a walk-in ticket at the POS and paid in cash, and its stock going down on /products;
// an imported product's stock adjusted with a reason and sent to the other location, with its history.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('products and stock', () => {
  it('receives a purchase order, sells the product on a ticket by its barcode and sees stock go down', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/products');
    await page.getByTestId('products-page').waitFor();

    // The demo catalogue, searched by name; its on-hand at the selected location is the ledger's.
    await page.getByLabel('Search products').fill('Cuticle Oil');
    const row = page.locator('[data-testid^="product-"]', { hasText: 'Cuticle Oil' }).first();
    await row.waitFor();
    const productId = (await row.getAttribute('data-testid'))!.replace('product-', '');
    const onHand = page.getByTestId(`on-hand-${productId}`);
    const start = parseInt(await onHand.innerText(), 10);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(await axeViolations(page, '[data-testid="products-page"]')).toEqual([]);

    // A purchase order for 6, placed, then received whole at a new cost.
    await page.getByTestId('new-order').click();
    const order = page.getByTestId('order-dialog');
    await order.waitFor();
    await order.getByLabel('Supplier').fill('Beauty Supply Co');
    await order.getByLabel('Product').selectOption({
      label: (await order.getByLabel('Product').locator('option', { hasText: 'Cuticle Oil' }).first().innerText()).trim(),
    });
    await order.getByLabel('Quantity').fill('6');
    expect(await axeViolations(page, '[data-testid="order-dialog"]')).toEqual([]);
    await order.getByTestId('save-order').click();
    await order.waitFor({ state: 'detached' });
    const orders = page.getByRole('table', { name: 'Purchase orders' });
    const draft = orders.locator('tr', { hasText: 'Cuticle Oil 0/6' }).first();
    await draft.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => draft.innerText()).toContain('Ordered');
    await draft.getByRole('button', { name: /^Receive order/ }).click();
    const receive = page.getByTestId('receive-dialog');
    await receive.waitFor();
    expect(await receive.getByLabel('Cuticle Oil arrived').inputValue()).toBe('6');
    expect(await axeViolations(page, '[data-testid="receive-dialog"]')).toEqual([]);
    await receive.getByTestId('confirm-receive').click();
    await receive.waitFor({ state: 'detached' });
    await expect.poll(() => orders.locator('tr', { hasText: 'Cuticle Oil 6/6' }).first().innerText()).toContain('Received');
    await expect.poll(async () => parseInt(await onHand.innerText(), 10)).toBe(start + 6);

    // The edit dialog shows its barcode: the one the scanner reads at the desk.
    await row.getByRole('button', { name: 'Edit Cuticle Oil' }).click();
    const edit = page.getByTestId('product-dialog');
    await edit.waitFor();
    const barcode = await edit.getByLabel('Barcode').inputValue();
    expect(barcode).toMatch(/^\d{13}$/);
    expect(await axeViolations(page, '[data-testid="product-dialog"]')).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // At the POS: a walk-in ticket, the barcode typed as a scanner does (code + Enter), paid in cash.
    await page.goto('/pos');
    await page.getByTestId('pos-page').waitFor();
    await page.getByTestId('new-walk-in').click();
    const editor = page.getByTestId('ticket-editor');
    await editor.waitFor();
    await editor.getByTestId('pos-barcode').fill(barcode);
    await editor.getByTestId('pos-barcode').press('Enter');
    await expect.poll(() => editor.innerText()).toContain('Cuticle Oil');
    await expect.poll(() => editor.getByTestId('pos-barcode').inputValue()).toBe('');
    const total = await editor.getByTestId('ticket-total').innerText();
    await editor.getByRole('button', { name: `Take ${total} cash` }).click();
    const success = page.getByTestId('payment-success');
    await success.waitFor();
    await success.getByRole('button', { name: 'Close Window' }).click();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Paid');

    // Back on /products: one fewer on hand.
    await page.goto('/products');
    await page.getByLabel('Search products').fill('Cuticle Oil');
    await expect.poll(async () => parseInt(await page.getByTestId(`on-hand-${productId}`).innerText(), 10)).toBe(start + 5);

    // A CSV import: the preview says what each row does before anything is written, then imports with its stock.
    await page.getByTestId('import-products').click();
    const importing = page.getByTestId('import-dialog');
    await importing.waitFor();
    await importing.getByLabel('CSV file').setInputFiles({
      name: 'supplier.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Item Name,Brand,SKU,Retail Price,Qty\nWalk Sculpt Wax,Lumen,WALK-WAX-1,$21.00,4\nNo Price,Lumen,WALK-X,,\n'),
    });
    await expect.poll(() => importing.getByTestId('import-totals').innerText()).toBe('2 rows: 1 new, 0 to update, 0 skipped, 1 rejected.');
    expect(await importing.getByLabel('Price', { exact: true }).inputValue()).toBe('Retail Price');
    expect(await axeViolations(page, '[data-testid="import-dialog"]')).toEqual([]);
    await importing.getByTestId('confirm-import').click();
    await importing.waitFor({ state: 'detached' });
    await page.getByLabel('Search products').fill('Walk Sculpt Wax');
    const imported = page.locator('[data-testid^="product-"]', { hasText: 'Walk Sculpt Wax' }).first();
    await expect.poll(() => imported.locator('[data-testid^="on-hand-"]').innerText()).toBe('4');

    // Its stock: one taken off as damaged (a reason is required), two sent to the other location,
    // and the history lists both with the on-hand after each; a transfer above what is left is refused.
    await imported.getByRole('button', { name: 'Stock of Walk Sculpt Wax' }).click();
    const stock = page.getByTestId('stock-dialog');
    await stock.waitFor();
    await stock.getByLabel('Units (+ to add, − to take off)').fill('-1');
    await stock.getByTestId('stock-adjust').click();
    await expect.poll(() => stock.getByRole('alert').innerText()).toContain('Give a reason');
    await stock.getByLabel('Reason').fill('Damaged in delivery');
    await stock.getByTestId('stock-adjust').click();
    await expect.poll(() => stock.getByTestId('stock-on-hand').innerText()).toContain('3 on hand');
    const to = stock.getByLabel('To', { exact: true });
    const other = (await to.locator('option').nth(1).innerText()).trim();
    await to.selectOption({ label: other });
    await stock.getByLabel('Units', { exact: true }).fill('5');
    await stock.getByTestId('stock-transfer').click();
    await expect.poll(() => stock.getByRole('alert').innerText()).toBe('Only 3 on hand here');
    await stock.getByLabel('Units', { exact: true }).fill('2');
    await stock.getByTestId('stock-transfer').click();
    await expect.poll(() => stock.getByTestId('stock-on-hand').innerText()).toContain('1 on hand');
    const history = stock.getByTestId('stock-history');
    await expect.poll(() => history.innerText()).toContain('Sent to another location');
    expect(await history.innerText()).toContain('Damaged in delivery');
    expect(await axeViolations(page, '[data-testid="stock-dialog"]')).toEqual([]);
    await stock.getByRole('button', { name: 'Close' }).first().click();
    await stock.waitFor({ state: 'detached' });
    await expect.poll(() => imported.locator('[data-testid^="on-hand-"]').innerText()).toBe('1');
    expect(await imported.innerText()).toContain(`${other}: 2`);

    // The stock count dialog has no axe violations either.
    await page.getByTestId('start-count').click();
    await page.getByTestId('count-dialog').waitFor();
    await page.getByTestId('count-dialog').getByLabel('Cuticle Oil counted').first().waitFor();
    expect(await axeViolations(page, '[data-testid="count-dialog"]')).toEqual([]);
    await context.close();
  }, 240_000);
});
