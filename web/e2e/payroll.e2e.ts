import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// The time clock and payroll walk (issue 14): clock in and out with a break, approve a stylist's
// time sheet for the last pay period, run payroll, open the stylist's line and see the rule that
// made it, export CSV. The demo seed gives the stylists pay rules and three weeks of shifts, the
// last two weeks waiting for approval.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('time clock and payroll', () => {
  it('clocks in and out with a break, approves a time sheet, runs payroll, shows a line’s rule, exports CSV', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/time-clock');
    await page.getByTestId('time-clock-page').waitFor();
    const state = page.getByTestId('clock-state');
    await expect.poll(() => state.innerText()).toBe('You are clocked out.');
    expect(await axeViolations(page, '[data-testid="time-clock-page"]')).toEqual([]);

    const myClock = page.getByTestId('my-clock');
    await myClock.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => state.innerText()).toMatch(/^Clocked in since/);
    await myClock.getByRole('button', { name: 'Start break' }).click();
    await expect.poll(() => state.innerText()).toMatch(/^On a break/);
    await myClock.getByRole('button', { name: 'End break' }).click();
    await expect.poll(() => state.innerText()).toMatch(/^Clocked in since/);
    await myClock.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => state.innerText()).toBe('You are clocked out.');
    // Today's shift, closed, with the break, is on the admin's own time sheet.
    const sheet = page.getByTestId('time-sheet');
    await expect.poll(() => sheet.getByRole('table', { name: 'Shifts' }).innerText()).toContain('Closed');

    // Dana's last two weeks: shifts waiting for approval, with Friday overtime.
    await sheet.getByLabel('Person').selectOption({ label: 'Dana Lee' });
    await expect.poll(() => sheet.getByTestId('time-sheet-totals').innerText()).toMatch(/overtime [1-9]/);
    expect(await sheet.getByTestId('time-sheet-totals').innerText()).not.toContain('Approved');
    await sheet.getByRole('button', { name: 'Approve time sheet' }).click();
    await expect.poll(() => sheet.getByTestId('time-sheet-totals').innerText()).toContain('Approved');
    expect(await axeViolations(page, '[data-testid="time-clock-page"]')).toEqual([]);

    // Payroll for the last period (the form's default).
    await page.goto('/payroll');
    await page.getByTestId('payroll-page').waitFor();
    await page.getByRole('button', { name: 'Run payroll' }).click();
    const run = page.getByTestId('payroll-run');
    await run.waitFor();
    const totals = run.getByRole('table', { name: 'Totals per person' });
    await expect.poll(() => totals.innerText()).toContain('Dana Lee');
    await totals.getByRole('button', { name: 'Dana Lee' }).click();
    const lines = page.getByTestId('payroll-lines');
    await lines.waitFor();
    // Her first line (hours of an approved day): its arithmetic and the rule version that made it.
    await lines
      .getByRole('button', { name: /^Hours on / })
      .first()
      .click();
    const detail = page.getByTestId('line-detail');
    await expect.poll(() => detail.innerText()).toMatch(/Arithmetic: \d+:\d\d h × 15\.00 = /);
    expect(await detail.innerText()).toMatch(/Rule v1, in force from .*: 15\.00 an hour; service commission 40%/);
    expect(await axeViolations(page, '[data-testid="payroll-page"]')).toEqual([]);

    // CSV, one row per earning line, with the arithmetic.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      run.getByRole('button', { name: 'Export CSV (per line)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payroll-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-by-line\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'staff_id,staff_name,date,kind,description,source_type,source_id,rule_version,arithmetic,amount,currency',
    );
    expect(csv).toMatch(/Dana Lee,\d{4}-\d{2}-\d{2},regular_hours,Hours on /);
    await context.close();
  });

  it('saves a pay rule version with a commission per category, naming a wrong field, and sets a PIN', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/payroll');
    const panel = page.getByTestId('pay-rules');
    await panel.waitFor();
    await panel.getByLabel('Person').selectOption({ label: 'Dana Lee' });
    const versions = panel.getByRole('list', { name: 'Pay rule versions of Dana Lee' });
    await expect.poll(() => versions.innerText()).toMatch(/v1, from .*: 15\.00 an hour/);
    const form = panel.getByRole('form', { name: 'New pay rule version' });
    await form.getByRole('button', { name: 'Add a category rate' }).click();
    await form.getByLabel('Category', { exact: true }).fill('Colour');
    await form.getByLabel('Commission (%)', { exact: true }).fill('150');
    await form.getByRole('button', { name: 'Save as a new version' }).click();
    await expect
      .poll(() => form.getByRole('alert').first().innerText())
      .toBe('Category rate 1: commission must be a percent from 0 to 100');
    await form.getByLabel('Commission (%)', { exact: true }).fill('32.5');
    await form.getByRole('button', { name: 'Save as a new version' }).click();
    await expect.poll(() => versions.innerText()).toMatch(/v2, from .*32\.5% on service category Colour/);
    expect(await axeViolations(page, '[data-testid="pay-rules"]')).toEqual([]);

    const pin = panel.getByRole('form', { name: 'Time clock PIN of Dana Lee' });
    await pin.getByLabel('New PIN (4 to 8 digits)').fill('12');
    await pin.getByRole('button', { name: 'Set PIN' }).click();
    await expect.poll(() => pin.getByRole('alert').innerText()).toBe('PIN must be 4 to 8 digits');
    await pin.getByLabel('New PIN (4 to 8 digits)').fill('4821');
    await pin.getByRole('button', { name: 'Set PIN' }).click();
    // The PIN is hashed (argon2id) before it is kept: seconds on a loaded machine.
    await expect.poll(() => pin.getByLabel('New PIN (4 to 8 digits)').inputValue(), { timeout: 30_000 }).toBe('');
    expect(await pin.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page, '[data-testid="pay-rules"]')).toEqual([]);
    await context.close();
  });
});
