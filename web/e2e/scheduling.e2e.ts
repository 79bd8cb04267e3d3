import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.js';

// The scheduling screens that exist so far, against the seeded demo salon.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('scheduling management', () => {
  it('shows the catalogue, the rooms and everyone’s week, and opens one person’s schedule', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();

    await page.goto('/services');
    await page.getByTestId('services-page').waitFor();
    await page.getByTestId('services-page').getByText('Balayage').first().waitFor();
    expect(await page.locator('[data-testid^="service-row-"]').count()).toBeGreaterThan(3);

    await page.goto('/rooms');
    await page.getByTestId('rooms-page').waitFor();
    await page.locator('[data-testid^="resource-row-"]').first().waitFor();

    await page.goto('/schedule');
    await page.getByTestId('schedule-page').waitFor();
    const person = page.getByTestId('schedule-page').getByRole('link').filter({ hasText: /Dana|Jordan|Riley|Morgan|Sam/ }).first();
    await person.click();
    await page.getByTestId('staff-schedule-page').waitFor();
    await page.getByTestId('weekday-1').waitFor();
    await context.close();
  });
});

describe('the calendar', () => {
  it('shows a day by staff column for the selected location', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/appointments');
    await page.getByTestId('calendar-day').waitFor();
    await page.locator('[data-testid^="staff-column-"]').first().waitFor();
    await page.getByTestId('view-week').click();
    await page.getByTestId('calendar-week').waitFor();
    await context.close();
  });
});
