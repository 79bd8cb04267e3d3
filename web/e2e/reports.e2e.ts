import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// The reports walk (issue 14): the owner closes a ticket at the POS and sees it in the day's sales
// report (figures, day row, CSV) and on the dashboard. Retail publishes retail.ticket.closed.v1;
// payroll's worker projects it; the report and the dashboard read the projection.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** '$1,234.50' → 123450 */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function todaysSales(page: Page): Promise<{ sales: number; tickets: number }> {
  await page.goto('/reports');
  await page.getByTestId('reports-page').waitFor();
  await page.getByTestId('report-preset-today').click();
  await page.getByTestId('report-sales').waitFor({ timeout: 30_000 });
  const sales = page.getByTestId('report-sales-total');
  return { sales: cents(await sales.innerText()), tickets: Number(await page.getByTestId('report-sales-tickets').innerText()) };
}

describe('reports and the dashboard', () => {
  it("closes a ticket at the POS and finds it in today's sales report, its CSV and the dashboard", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await expect
      .poll(
        async () =>
          `${await page.getByTestId('dashboard-sales-today').innerText()} | ${await page.getByTestId('dashboard-sales-detail').innerText()}`,
        {
          timeout: 30_000,
        },
      )
      .toMatch(/^\$/);
    const dashboardBefore = cents(await page.getByTestId('dashboard-sales-today').innerText());
    expect(await page.getByTestId('dashboard-low-stock-count').innerText()).toMatch(/^\d+$|^—$/);

    const before = await todaysSales(page);
    expect(await axeViolations(page, '[data-testid="reports-page"]')).toEqual([]);

    // At the POS: check out today's first appointment still open, in cash, no tip.
    await page.goto('/pos');
    await page.getByTestId('pos-page').waitFor();
    const row = page.locator('[data-testid^="checkout-"]', { has: page.getByRole('button', { name: /^Check out/ }) }).first();
    await row.waitFor();
    await row.getByRole('button', { name: /^Check out/ }).click();
    const editor = page.getByTestId('ticket-editor');
    await editor.waitFor();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Open');
    const total = cents(await editor.getByTestId('ticket-total').innerText());
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => editor.getByLabel('Amount to pay').inputValue()).toBe((total / 100).toFixed(2));
    await editor.getByLabel('Cash received').fill((total / 100).toFixed(2));
    await editor.getByRole('button', { name: `Take ${dollars(total)} cash` }).click();
    const success = page.getByTestId('payment-success');
    await success.waitFor();
    await success.getByRole('button', { name: 'Close Window' }).click();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Paid');

    // The day's sales report: one more ticket, the ticket's amount more in sales (services carry no tax).
    await expect
      .poll(async () => JSON.stringify(await todaysSales(page)), { timeout: 30_000, interval: 1_000 })
      .toBe(JSON.stringify({ sales: before.sales + total, tickets: before.tickets + 1 }));
    const today = (await page
      .getByTestId('report-sales')
      .locator('[data-testid^="report-day-"]')
      .first()
      .getAttribute('data-testid'))!.replace('report-day-', '');
    expect(await page.getByTestId(`report-day-${today}`).innerText()).toContain(dollars(before.sales + total));
    expect(await axeViolations(page, '[data-testid="reports-page"]')).toEqual([]);

    // Each section opens, with its table.
    for (const section of ['appointments', 'clients', 'staff', 'retail', 'gift-cards', 'memberships', 'automations'] as const) {
      await page.getByTestId(`report-tab-${section}`).click();
      await page.getByTestId(`report-${section}`).waitFor();
    }
    expect(await axeViolations(page, '[data-testid="reports-page"]')).toEqual([]);

    // CSV of the day's sales.
    await page.getByTestId('report-tab-sales').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe(`sales-report-${today}-to-${today}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/);
    expect(csv[0]).toBe('date,tickets,sales,tips,refunds,currency');
    expect(csv[1]).toBe(
      `${today},${before.tickets + 1},${((before.sales + total) / 100).toFixed(2)},${csv[1]!.split(',')[3]},${csv[1]!.split(',')[4]},USD`,
    );

    // A wider range holds today too, and more: the demo's past sales (retail's seed, two weeks of
    // closed tickets before the demo week, reach payroll's projections through the outbox).
    await page.getByTestId('report-preset-last7').click();
    await expect.poll(async () => cents(await page.getByTestId('report-sales-total').innerText())).toBeGreaterThan(before.sales + total);

    // The newer sections show figures from the demo's events: utilisation of the schedules' working
    // hours (scheduling's seed publishes each week, and its appointments as history), what the demo's gift cards still owe and
    // the demo members' monthly recurring revenue (retail's seed publishes them); the automations'
    // results (messaging's finished sends: the demo has none before the platform runs).
    await page.getByTestId('report-tab-appointments').click();
    expect(await page.getByTestId('report-utilisation').innerText()).toMatch(/^\d+(\.\d+)?%$/);
    await expect.poll(async () => page.getByTestId('report-working-hours').innerText(), { timeout: 30_000 }).not.toBe('0 h');
    await expect.poll(async () => page.getByTestId('report-utilisation').innerText(), { timeout: 30_000 }).not.toBe('0.0%');
    await page.getByTestId('report-tab-gift-cards').click();
    await expect.poll(async () => cents(await page.getByTestId('report-gift-card-liability').innerText())).toBeGreaterThan(0);
    expect(await axeViolations(page, '[data-testid="reports-page"]')).toEqual([]);
    await page.getByTestId('report-tab-memberships').click();
    await expect.poll(async () => cents(await page.getByTestId('report-membership-mrr').innerText())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('report-membership-active').innerText())).toBeGreaterThan(0);
    await page.getByTestId('report-tab-automations').click();
    expect(await page.getByTestId('report-automations-sent').innerText()).toMatch(/^\d+$/);
    await page.getByTestId('report-tab-memberships').click();
    expect(await axeViolations(page, '[data-testid="reports-page"]')).toEqual([]);
    const [members] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(members.suggestedFilename()).toMatch(/^memberships-report-/);
    expect((await readFile((await members.path())!, 'utf8')).split(/\r?\n/)[0]).toBe(
      'active,mrr,active_at_start,started,cancelled,churn_percent,currency',
    );

    // The dashboard: today's sales include the ticket.
    await page.goto('/dashboard');
    await expect
      .poll(async () => cents(await page.getByTestId('dashboard-sales-today').innerText()), { timeout: 30_000 })
      .toBe(dashboardBefore + total);
    expect(await axeViolations(page, '[data-testid="dashboard"]')).toEqual([]);
    await context.close();
  });
});
