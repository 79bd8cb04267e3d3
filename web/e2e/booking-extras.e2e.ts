import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, freeCellTestId, launchBrowser, newPage, signIn } from './browser.js';

// The booking extras on /appointments, against the seeded demo salon: its waitlist (two clients
// wait for the next working days' afternoons) and the booking dialog's Repeat and Add another service.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const chicagoDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The first coming day with a seeded waiting client at the default location, asked of the waitlist API (not "tomorrow"). */
async function waitlistDay(token: string): Promise<string> {
  const get = async (path: string) => (await fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const { locations } = await get('/api/online-booking');
  const from = chicagoDay(new Date(Date.now() + 86_400_000));
  const to = chicagoDay(new Date(Date.now() + 8 * 86_400_000));
  const entries = (await get(`/api/waitlist?locationId=${locations[0].id}&from=${from}&to=${to}`)) as {
    dateFrom: string;
    status: string;
  }[];
  const days = entries
    .filter((e) => e.status === 'waiting')
    .map((e) => e.dateFrom)
    .sort();
  if (!days.length) throw new Error(`no waiting client between ${from} and ${to}`);
  return days[0]!;
}

describe('booking extras', () => {
  it('shows the waitlist of the day, and the dialog repeats and chains services', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    // The seed puts two clients on the waitlist for the next two working days.
    const day = await waitlistDay((await page.evaluate(() => localStorage.getItem('token')))!);
    await page.goto(`/appointments?date=${day}`);
    await page.getByTestId('calendar-day').waitFor();
    const panel = page.getByTestId('waitlist-panel');
    await panel.locator('[data-testid^="waitlist-entry-"]').first().waitFor();
    // The day's waiting client is listed (an earlier walk's cancellation may have offered another entry of that day freed time).
    expect(await panel.getByTestId('waitlist-status').allTextContents()).toContain('waiting');

    await page.getByTestId(await freeCellTestId(day)).click();
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
