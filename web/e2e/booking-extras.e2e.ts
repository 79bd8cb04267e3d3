import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeCellTestId, launchBrowser, newPage, signIn } from './browser.js';

// The booking extras on /appointments, against the seeded demo salon: its waitlist (two clients
// wait for the next afternoons) and the booking dialog's Repeat and Add another service.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A local date n days from today in the demo zone (America/Chicago), skipping Sundays (no hours). */
function demoDay(n: number): string {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
  const at = (k: number) => Object.fromEntries(fmt.formatToParts(new Date(Date.now() + k * 86_400_000)).map((p) => [p.type, p.value]));
  const d = at(n).weekday === 'Sun' ? at(n + 1) : at(n);
  return `${d.year}-${d.month}-${d.day}`;
}

describe('booking extras', () => {
  it('shows the waitlist of the day, and the dialog repeats and chains services', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    // Seeded waitlist entries are for tomorrow and the day after; one of them is not a Sunday.
    await page.goto(`/appointments?date=${demoDay(1)}`);
    await page.getByTestId('calendar-day').waitFor();
    const panel = page.getByTestId('waitlist-panel');
    await panel.locator('[data-testid^="waitlist-entry-"]').first().waitFor();
    expect(await panel.getByTestId('waitlist-status').first().textContent()).toBe('waiting');

    await page.getByTestId(await freeCellTestId(demoDay(1))).click();
    const dialog = page.getByTestId('book-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('repeat-toggle').check();
    await dialog.getByTestId('repeat-every').waitFor();
    expect(await dialog.getByTestId('book-submit').textContent()).toBe('Check dates');
    await dialog.getByTestId('add-service').click();
    await dialog.getByTestId('extra-service-0').waitFor();
    await context.close();
  });
});
