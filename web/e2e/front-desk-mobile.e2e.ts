import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// Issue 20 item 12: under 768 px Appointments is the mobile day, which books, moves and checks in.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TOMORROW = '2026-11-24';

describe('Appointments on a phone', () => {
  it('opens the mobile day, which fits the screen, books, moves an appointment and checks one in', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto(`/appointments?date=${TOMORROW}`);
    await page.waitForURL(/\/appointments-mobile\?date=2026-11-24/);
    const first = page.locator('.appt-mobile-item.status-booked, .appt-mobile-item.status-confirmed').first();
    await first.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page, '[data-testid="appointments-mobile-page"]')).toEqual([]);

    // Book opens the booking dialog for that day.
    await page.getByTestId('mobile-book').click();
    await page.getByTestId('book-service').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('book-service').waitFor({ state: 'detached' });

    // Move: a new time the engine accepts or refuses with its reason; either way the app answers in words.
    const id = (await first.getAttribute('data-testid'))!.replace('appointment-', '');
    await first.locator('.appt-mobile-row').click();
    await page.getByTestId(`mobile-move-${id}`).click();
    const form = page.getByTestId(`mobile-move-form-${id}`);
    const time = await form.getByTestId('mobile-move-time').inputValue();
    const [h, m] = time.split(':').map(Number);
    const later = `${String(h + (m === 45 ? 1 : 0)).padStart(2, '0')}:${String((m + 15) % 60).padStart(2, '0')}`;
    await form.getByTestId('mobile-move-time').fill(later);
    const updated = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('UpdateAppointment'),
    );
    await form.getByTestId('mobile-move-save').click();
    await updated;
    await page.getByText('Appointment moved').or(page.getByTestId('move-error')).first().waitFor();

    // Check in the first appointment still booked or confirmed.
    const next = page.locator('.appt-mobile-item.status-booked, .appt-mobile-item.status-confirmed').first();
    const nextId = (await next.getAttribute('data-testid'))!;
    await next.locator('.appt-mobile-row').click();
    await next.getByTestId('status-checked-in').click();
    await page.locator(`[data-testid="${nextId}"].status-checked-in`).waitFor();

    // The grid is one tap away, and stays the grid.
    await page.getByRole('link', { name: 'Grid' }).click();
    await page.waitForURL(/\/appointments\?desktop=1/);
    await page.getByTestId('appointments-page').waitFor();
    await context.close();
  });
});
