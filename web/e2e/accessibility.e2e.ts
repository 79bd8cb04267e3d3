import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROUTES } from '../src/app/route-table';
import { axeViolations, type AxeViolation } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// Issue 19: zero axe violations (WCAG 2.2 AA) on every screen, in light and dark mode. Every staff
// route of the route table is opened as the admin (so a new screen is checked the day it lands),
// plus the public pages; a failure lists each screen's violations with their targets.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A screen has settled when the network is quiet and no spinner is left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .getByTestId('loading-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

async function staffPaths(page: Page): Promise<string[]> {
  // A real client for the profile route; the other parameterised routes are the same screens.
  await page.goto('/clients');
  const profile = page.locator('a[href^="/clients/"]').first();
  await profile.waitFor();
  const clientPath = (await profile.getAttribute('href'))!;
  return STAFF_ROUTES.flatMap((r) => {
    if (r.path === '/clients/:clientId') return [clientPath];
    if (r.path === '/help/:topic') return ['/help/appointments', '/help/pos'];
    if (r.path.includes(':') || r.path === '/') return [];
    return [r.path];
  });
}

function describeViolations(found: Record<string, AxeViolation[]>): string {
  return Object.entries(found)
    .map(
      ([screen, list]) =>
        `${screen}:\n${list.map((v) => `  ${v.id} (${v.impact}): ${v.help}${v.summary ? ` [${v.summary}]` : ''}\n    ${v.targets.slice(0, 4).join('\n    ')}`).join('\n')}`,
    )
    .join('\n');
}

describe('accessibility of every screen', () => {
  it('has no axe violations on any staff screen in light or dark mode', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const paths = await staffPaths(page);
    const found: Record<string, AxeViolation[]> = {};
    for (const mode of ['light', 'dark'] as const) {
      // The stored preference is what a reload applies (the same path as a second tab).
      await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${path} in ${mode} mode`).toBe(
          mode === 'dark',
        );
        const violations = await axeViolations(page, 'body');
        if (violations.length) found[`${path} (${mode})`] = violations;
      }
    }
    await context.close();
    expect(describeViolations(found)).toBe('');
  }, 600_000);

  it('has no axe violations on the public pages', async () => {
    const { context, page } = await newPage(browser);
    const found: Record<string, AxeViolation[]> = {};
    for (const path of ['/login', '/forgot-password', '/forgot-password-sms', '/reset-password?token=x', '/booking']) {
      await page.goto(path);
      await settle(page);
      const violations = await axeViolations(page, 'body');
      if (violations.length) found[path] = violations;
    }
    await context.close();
    expect(describeViolations(found)).toBe('');
  }, 120_000);
});
