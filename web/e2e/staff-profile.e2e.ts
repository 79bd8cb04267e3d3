import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// Issue 19's staff papercut: a person's profile opens from /staff; the bio written there is what a
// visitor reads on /booking once they choose that person.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('a staff profile', () => {
  it('opens from /staff, takes a new bio, and the booking page shows it when the person is chosen', async () => {
    const owner = await newPage(browser);
    await signIn(owner.page, 'admin@demo.salon');
    await owner.page.getByTestId('dashboard-greeting').waitFor();
    await owner.page.goto('/staff');
    const opener = owner.page.getByRole('button', { name: 'Dana Lee: profile' });
    await opener.click();
    const profile = owner.page.getByRole('dialog', { name: 'Dana Lee' });
    await profile.waitFor();
    // Where she works comes from her working hours, what she performs from the catalogue.
    await profile.getByRole('listitem').filter({ hasText: 'Downtown' }).waitFor();
    await profile.getByRole('row').filter({ hasText: 'Haircut' }).waitFor();
    expect(await profile.getByRole('link', { name: 'Hours and time off for Dana Lee' }).getAttribute('href')).toMatch(
      /^\/staff-schedule\//,
    );
    expect(await axeViolations(owner.page, '[data-testid="staff-profile"]')).toEqual([]);
    // The same panel in dark mode (the stored preference is what a reload applies).
    await owner.page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await owner.page.reload();
    await opener.click();
    await profile.getByRole('row').filter({ hasText: 'Haircut' }).waitFor();
    expect(await owner.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await axeViolations(owner.page, '[data-testid="staff-profile"]')).toEqual([]);

    const bio = `Balayage and glossing, walk ${randomInt(1e6)}.`;
    await profile.getByLabel('Shown to clients on online booking').fill(bio);
    await profile.getByRole('button', { name: 'Save bio' }).click();
    await owner.page.getByText('Bio saved').waitFor();
    await owner.page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    // Focus goes back to the name that opened it.
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await owner.context.close();

    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/booking');
    const flow = visitor.page.getByTestId('booking-flow');
    await flow.waitFor();
    if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').filter({ hasText: 'Downtown' }).click();
    await flow.getByRole('button', { name: /^Haircut/ }).click();
    await flow.locator('.bk-choice').filter({ hasText: 'Dana Lee' }).click();
    const intro = visitor.page.getByTestId('bk-staff-intro');
    await intro.getByText(bio).waitFor();
    expect(await intro.getByRole('heading').textContent()).toBe('Dana Lee');
    expect(await axeViolations(visitor.page, '[data-testid="bk-staff-intro"]')).toEqual([]);
    await visitor.context.close();
  });
});
