import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage } from './browser.js';

// Issue 20 items 13 and 14: the public booking screens fit a 390 px phone (the reschedule day strip
// scrolls inside itself), a client signs in inside the booking page, and the confirmation offers an
// .ics file (read back with ical.js) and a manage link.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function chooseService(page: Page, service: string) {
  const flow = page.getByTestId('booking-flow');
  await flow.waitFor();
  if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').first().click();
  await flow.getByRole('button', { name: new RegExp(`^${service}`) }).click();
  await page.locator('[data-step="staff"]').waitFor();
  expect(await fits(page)).toBe(true);
  await flow.locator('.bk-choice').filter({ hasNotText: 'Anyone available' }).first().click();
  await page.locator('.bk-slot').first().waitFor();
  expect(await fits(page)).toBe(true);
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  describe(`the public booking page (${size.name})`, () => {
    it('fits the screen at every step; the client signs in in the booking page’s look; the confirmation offers .ics and a manage link; rescheduling keeps the day strip inside the screen', async () => {
      const { context, page } = await newPage(browser, { width: size.width, height: size.height });
      await page.goto('/booking');
      await page.getByTestId('booking-flow').waitFor();
      expect(await fits(page)).toBe(true);

      // Sign in from the booking page: its own card on the booking screen, not the staff sign-in.
      await page.getByTestId('booking-sign-in').click();
      const card = page.getByTestId('client-sign-in');
      await card.waitFor();
      expect(await page.getByTestId('booking-page').count()).toBe(1);
      expect(await page.getByText('manage your bookings, clients and team').count()).toBe(0);
      expect(await fits(page)).toBe(true);
      expect(await axeViolations(page, '[data-testid="client-sign-in"]')).toEqual([]);
      await card.getByLabel('E-mail').fill('client@demo.salon');
      await card.getByLabel('Password').fill('demo-salon');
      await card.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('my-appointments').waitFor();
      expect(new URL(page.url()).pathname).toBe('/booking');

      await chooseService(page, 'Blow-dry');
      // A day past the late-cancel window, so the booking can still be rescheduled below.
      await page.locator('.bk-day:not([disabled])').nth(2).click();
      await page.locator('.bk-slot').first().click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Booking as').waitFor();
      expect(await fits(page)).toBe(true);
      await page.getByRole('button', { name: 'Continue' }).click();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Book appointment' }).click(),
      ]);
      expect(response.status()).toBe(201);
      const { appointment } = (await response.json()) as {
        appointment: { id: string; startsAt: string; endsAt: string; serviceName: string };
      };
      await page.getByTestId('booking-confirmation').waitFor();
      expect(await fits(page)).toBe(true);
      expect(await axeViolations(page, '[data-testid="booking-confirmation"]')).toEqual([]);

      const href = (await page.getByTestId('add-to-calendar').getAttribute('href'))!;
      expect(href.startsWith('data:text/calendar')).toBe(true);
      const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1));
      const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
      expect(vevent.startDate.toJSDate().toISOString()).toBe(new Date(appointment.startsAt).toISOString());
      expect(vevent.endDate.toJSDate().toISOString()).toBe(new Date(appointment.endsAt).toISOString());
      expect(vevent.summary).toContain(appointment.serviceName);
      expect(await page.getByTestId('manage-booking').getAttribute('href')).toBe('/booking#my-appointments');

      // Reschedule on the phone: the strip of days scrolls inside itself and "Later days" stays on screen.
      const row = page.locator(`[data-appointment-id="${appointment.id}"]`);
      await row.waitFor();
      const reschedule = row.getByRole('button', { name: 'Reschedule' });
      await reschedule.waitFor();
      await reschedule.click();
      await row.locator('.bk-day').first().waitFor();
      expect(await fits(page)).toBe(true);
      const later = await row.getByRole('button', { name: 'Later days' }).boundingBox();
      expect(later!.x + later!.width).toBeLessThanOrEqual(size.width);
      expect(await row.locator('.bk-days').evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
      await row.getByRole('button', { name: 'Later days' }).click();
      expect(await fits(page)).toBe(true);
      await row.getByRole('button', { name: 'Never mind' }).click();
      // Leave the demo as it was.
      if (await row.getByRole('button', { name: 'Cancel' }).isVisible()) {
        await row.getByRole('button', { name: 'Cancel' }).click();
        await row.getByRole('button', { name: 'Yes, cancel it' }).click();
        await expect.poll(async () => row.count()).toBe(0);
      }
      await context.close();
    });
  });
}
