import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The checkout walks of the checkout issue, at the front desk: check out one of today's demo
// appointments with a line discount and a 20% tip split by hand, pay cash with change (phase 1) or by card in the hosted modal
// (phase 2: the local Stripe peer's page, its webhook back through the gateway), see the
// payment-success confirmation with the amount, see the visit paid, then refund part of it;
// after the cash checkout, send the receipt by e-mail and open the printable receipt.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** '$1,234.50' → 123450 */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('point of sale', () => {
  it('checks out a demo appointment with a 20% tip in cash, shows payment success, then refunds part of it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/pos');
    await page.getByTestId('pos-page').waitFor();

    // Today's first appointment still to check out.
    const row = page.locator('[data-testid^="checkout-"]', { has: page.getByRole('button', { name: /^Check out/ }) }).first();
    await row.waitFor();
    const appointmentId = (await row.getAttribute('data-testid'))!.replace('checkout-', '');
    await row.getByRole('button', { name: /^Check out/ }).click();
    const editor = page.getByTestId('ticket-editor');
    await editor.waitFor();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Open');
    const before = cents(await editor.getByTestId('ticket-total').innerText());
    expect(before).toBeGreaterThan(0);

    // 10% off the first line, with its reason, from the keyboard (Enter applies); the server computes it.
    const firstLine = editor.locator('[data-testid^="line-"]').first();
    const lineName = await firstLine.locator('strong').innerText();
    await editor
      .getByRole('button', { name: `Discount ${lineName}` })
      .first()
      .click();
    const lineDiscount = editor.getByRole('form', { name: `Discount ${lineName}` });
    await lineDiscount.getByLabel('Discount', { exact: true }).fill('10');
    await lineDiscount.getByLabel('Reason').fill('Regular client');
    expect(await axeViolations(page, '[data-testid="ticket-editor"]')).toEqual([]);
    await lineDiscount.getByLabel('Reason').press('Enter');
    await lineDiscount.waitFor({ state: 'detached' });
    await expect.poll(() => firstLine.innerText()).toContain('10% off: Regular client');
    await expect.poll(async () => cents(await editor.getByTestId('ticket-total').innerText())).toBeLessThan(before);
    const discounted = cents(await editor.getByTestId('ticket-total').innerText());
    expect(before - discounted).toBe(cents(await firstLine.locator('td').nth(3).innerText()));

    // A 20% tip of the (untaxed, pre-discount) services, computed by the retail service.
    await editor.getByRole('button', { name: '20%', exact: true }).click();
    const tip = Math.floor((before * 20 + 50) / 100);
    await expect.poll(async () => cents(await editor.getByTestId('ticket-total').innerText())).toBe(discounted + tip);
    await expect.poll(() => editor.getByTestId('tip-split').innerText()).toContain(dollars(tip));
    const total = discounted + tip;

    // The tip split by hand: a cent short is refused, saying what is left; the whole tip to its performer is kept.
    await editor.getByRole('button', { name: 'Split by hand' }).click();
    const split = editor.getByRole('form', { name: 'Split the tip by hand' });
    const share = split.getByRole('textbox').first();
    await share.fill(((tip - 1) / 100).toFixed(2));
    await expect.poll(() => split.getByTestId('tip-left').innerText()).toBe(`$0.01 left to assign of ${dollars(tip)}`);
    expect(await axeViolations(page, '[data-testid="ticket-editor"]')).toEqual([]);
    await split.getByRole('button', { name: 'Save split' }).click();
    await expect.poll(() => split.getByRole('alert').innerText()).toContain('$0.01 left to assign');
    await share.fill((tip / 100).toFixed(2));
    await share.press('Enter');
    await split.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByTestId('tip-split').innerText()).toContain('(split by hand)');
    expect(cents(await editor.getByTestId('ticket-total').innerText())).toBe(total);

    // Cash: the next $20 note up (or more), with the change due shown before it is taken.
    const handed = Math.ceil((total + 1) / 2000) * 2000;
    await expect.poll(() => editor.getByLabel('Amount to pay').inputValue()).toBe((total / 100).toFixed(2));
    await editor.getByLabel('Cash received').fill((handed / 100).toFixed(2));
    await expect.poll(() => editor.getByTestId('change-due').innerText()).toBe(`Change due: ${dollars(handed - total)}`);
    await editor.getByRole('button', { name: `Take ${dollars(total)} cash` }).click();

    // The full-screen confirmation with the amount, until Close Window.
    const success = page.getByTestId('payment-success');
    await success.waitFor();
    expect(await success.getByTestId('payment-success-amount').innerText()).toBe(dollars(total));
    await success.getByRole('button', { name: 'Close Window' }).click();
    await success.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Paid');
    await expect.poll(() => page.getByTestId(`checkout-${appointmentId}`).innerText()).toContain('Paid');

    // The visit is paid on the calendar's side too: scheduling consumed retail.ticket.closed.v1.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseUrl()}/api/appointments/${appointmentId}`, { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { paidAt: string | null }).paidAt !== null;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // A partial refund from the closed ticket, never above the payment.
    await editor.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Amount to refund').fill('10.00');
    await dialog.getByLabel('Reason').fill('Fringe redone');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => editor.locator('[data-testid^="payment-"]').first().innerText()).toContain('Refund $10.00 · Fringe redone');
    await expect.poll(() => editor.getByTestId('ticket-totals').innerText()).toMatch(/Refunded\s+−\$10\.00/);

    // The receipt by e-mail: retail asks messaging through the outbox, messaging sends it through
    // the local SES server, and the ticket says so.
    await editor.getByRole('button', { name: 'Send receipt' }).click();
    const send = page.getByTestId('send-receipt-dialog');
    await send.waitFor();
    await expect.poll(() => send.getByTestId('receipt-channel-email').isEnabled()).toBe(true);
    await send.getByTestId('receipt-channel-email').check();
    expect(await axeViolations(page, '[data-testid="send-receipt-dialog"]')).toEqual([]);
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    // Closed once retail took the request; a refusal would stay in the dialog, named.
    await expect
      .poll(async () => ((await send.count()) === 0 ? 'closed' : (await send.getByRole('alert').allInnerTexts()).join(' ') || 'open'), {
        timeout: 10_000,
      })
      .toBe('closed');
    await expect
      .poll(() => editor.getByTestId('receipt-deliveries').innerText(), { timeout: 20_000 })
      .toMatch(/^(Sent|Delivered) · e-mail to \S+@\S+/);

    // The printable receipt: the ticket's own total, and the browser's print window asked for.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await editor.getByRole('button', { name: 'Print receipt' }).click();
    const receipt = page.getByTestId('receipt-print-view');
    await expect
      .poll(
        async () =>
          (await receipt.getByTestId('receipt-paper').count())
            ? 'shown'
            : (await receipt.getByRole('alert').allInnerTexts()).join(' ') || 'loading',
        {
          timeout: 10_000,
        },
      )
      .toBe('shown');
    expect(cents(await receipt.getByTestId('receipt-total').innerText())).toBe(total);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await axeViolations(page, '[data-testid="receipt-print-view"]')).toEqual([]);
    await receipt.getByRole('button', { name: 'Close' }).last().click();
    await receipt.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000); // the whole desk day of one ticket: checkout, refund, receipt by e-mail, printed receipt

  it('checks out a completed demo appointment from the calendar with a product and a 20% tip by card in the hosted modal, sees it paid on the calendar, then refunds part of it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();

    // On today's calendar: a visit of today still unpaid (one person, one service), completed at the desk.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    await page.goto(`/appointments?date=${day}`);
    const unpaid = (status: string) => `[data-testid^="appointment-"][data-status="${status}"]:not([data-paid]):not([data-visit])`;
    const candidates = page.locator(['in-service', 'checked-in', 'confirmed', 'booked'].map(unpaid).join(', '));
    await candidates.first().waitFor();
    const appointmentId = (await candidates.first().getAttribute('data-testid'))!.replace('appointment-', '');
    const block = page.getByTestId(`appointment-${appointmentId}`);
    const menu = page.getByTestId(`appointment-menu-${appointmentId}`);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const get = async <T>(path: string) =>
      (await (await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    const { clientId } = await get<{ clientId: string }>(`/api/appointments/${appointmentId}`);
    expect(clientId).toBeTruthy();
    if (['booked', 'confirmed'].includes((await block.getAttribute('data-status'))!)) {
      await menu.click();
      await page.getByTestId('status-checked-in').click();
      await expect.poll(() => block.getAttribute('data-status')).toBe('checked-in');
    }
    await menu.click();
    await page.getByTestId('status-completed').click();
    await expect.poll(() => block.getAttribute('data-status')).toBe('completed');

    // Checkout in its menu: /pos opens with the visit's ticket.
    await menu.click();
    await page.getByTestId('appointment-checkout').click();
    await page.waitForURL(/\/pos\?ticket=/);
    const editor = page.getByTestId('ticket-editor');
    await editor.waitFor();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Open');
    const services = cents(await editor.getByTestId('ticket-total').innerText());
    expect(services).toBeGreaterThan(0);

    // A product from the shelf, then a 20% tip of the (untaxed, pre-discount) services.
    const lines = editor.locator('[data-testid^="line-"]');
    const serviceLines = await lines.count();
    await editor.getByLabel('Product', { exact: true }).selectOption({ index: 1 });
    await editor.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => lines.count()).toBe(serviceLines + 1);
    await expect.poll(async () => cents(await editor.getByTestId('ticket-total').innerText())).toBeGreaterThan(services);
    const withProduct = cents(await editor.getByTestId('ticket-total').innerText());
    await editor.getByRole('button', { name: '20%', exact: true }).click();
    const tip = Math.floor((services * 20 + 50) / 100);
    const total = withProduct + tip;
    await expect.poll(async () => cents(await editor.getByTestId('ticket-total').innerText())).toBe(total);
    await expect.poll(() => editor.getByTestId('tip-split').innerText()).toContain(dollars(tip));

    // The card is typed in the payment provider's page, framed in the modal: never in ours.
    await editor.getByRole('button', { name: `Pay ${dollars(total)} by card` }).click();
    const modal = page.getByTestId('card-modal');
    await modal.waitFor();
    expect(await axeViolations(page, '[data-testid="card-modal"]')).toEqual([]);
    const frame = page.frameLocator('[data-testid="card-frame"]');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByRole('button', { name: `Pay ${dollars(total)}` }).click();

    // Stripe's webhook confirms it; then the full-screen confirmation with the amount. The peer
    // delivers its webhooks one after another, so a slow earlier delivery can hold this one back.
    const success = page.getByTestId('payment-success');
    await success.waitFor({ timeout: 60_000 });
    expect(await success.getByTestId('payment-success-amount').innerText()).toBe(dollars(total));
    await success.getByRole('button', { name: 'Close Window' }).click();
    await success.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Paid');
    await expect.poll(() => editor.locator('[data-testid^="payment-"]').first().innerText()).toContain(`Visa •••• 4242 ${dollars(total)}`);

    // A partial refund goes back to the card through Stripe.
    await editor.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Amount to refund').fill('10.00');
    await dialog.getByLabel('Reason').fill('Fringe redone');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => editor.locator('[data-testid^="payment-"]').first().innerText()).toContain('Refund $10.00 · Fringe redone');

    // The calendar on that day marks the visit paid (scheduling consumed retail.ticket.closed.v1; the calendar polls).
    await page.goto(`/appointments?date=${day}`);
    const paid = page.getByTestId(`appointment-${appointmentId}`);
    await expect.poll(() => paid.getAttribute('data-paid'), { timeout: 20_000 }).toBe('true');

    // The client's profile: the lifetime spend (the clients service's projection of retail's events) is
    // their sales less refunds as retail lists them, this one included; the sale is on the Purchases tab.
    type Sale = { ticketId: string; totalMinor: number; refundedMinor: number };
    const netOf = (sales: Sale[]) => sales.reduce((sum, x) => sum + x.totalMinor - x.refundedMinor, 0);
    let spent = 0;
    await expect
      .poll(
        async () => {
          const sales = await get<Sale[]>(`/api/sales-history?clientId=${clientId}`);
          spent = netOf(sales);
          const mine = sales.some((x) => x.totalMinor === total && x.refundedMinor === 1000);
          return mine && (await get<{ lifetimeSpendMinor: number }>(`/api/clients/${clientId}`)).lifetimeSpendMinor === spent;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.goto(`/clients/${clientId}?tab=purchases`);
    await expect.poll(() => page.getByTestId('client-spend').innerText()).toContain(`Lifetime spend ${dollars(spent)}`);
    const sale = page.getByTestId('sale-row').first();
    await expect.poll(() => sale.getByTestId('sale-total').innerText()).toBe(dollars(total));
    expect(await sale.getByTestId('sale-state').textContent()).toBe('Partly refunded $10.00');
    await context.close();
  });

  it('an owner sets the location’s checkout settings: a typing mistake is named, the expiry is kept', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/pos');
    const panel = page.getByTestId('checkout-settings');
    await panel.waitFor();
    const tips = panel.getByLabel('Tip presets (%)');
    const before = await tips.inputValue();
    await tips.fill('15, ten');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe('"ten" is not a percentage between 0 and 100');
    expect(await axeViolations(page, '[data-testid="checkout-settings"]')).toEqual([]);
    await tips.fill(before);
    await panel.getByLabel('Gift cards sold here expire').selectOption('5');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Checkout settings saved').waitFor();
    await page.reload();
    await panel.waitFor();
    await expect.poll(() => panel.getByLabel('Gift cards sold here expire').inputValue()).toBe('5');
    // Back to never, as the other walks expect.
    await panel.getByLabel('Gift cards sold here expire').selectOption('');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Checkout settings saved').first().waitFor();
    await context.close();
  });
});
