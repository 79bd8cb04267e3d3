import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.js';

// The gateway serves the app under a Content-Security-Policy (gateway/src/security-headers.ts):
// every screen must work under it. The browser reports each blocked script, style, image,
// frame or connection as a `securitypolicyviolation` event; none may occur.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} at ${location.pathname}`),
    );
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
    ...fromConsole,
  ];
}

const SCREENS = [
  '/dashboard',
  '/appointments',
  '/appointments-mobile',
  '/clients',
  '/clients-import',
  '/services',
  '/staff-schedule',
  '/rooms',
  '/devices',
  '/classes',
  '/note-templates',
  '/booking-design',
  '/booking-test',
  '/permissions',
  '/settings',
  '/email-test',
];

describe('the app under its Content-Security-Policy', () => {
  it('is served with the policy and runs every public page without a violation', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchViolations(page);
    const res = await page.goto('/login');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    for (const path of ['/login', '/forgot-password', '/booking', '/forms/42', '/documents/intake_form-2']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });

  it('runs the signed-in screens without a violation', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchViolations(page);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    for (const path of SCREENS) {
      // Client-side navigation, as a person clicks: the document (and its listener) stays.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });
});
