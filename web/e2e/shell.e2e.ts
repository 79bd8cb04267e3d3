import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.js';

// The shell walk of the foundation issue, against the real gateway, identity and built client,
// as each of the four demo users. One browser for the whole file; a fresh profile per user.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const path = (page: Page) => new URL(page.url()).pathname;
const visibleMenuLinks = async (page: Page) =>
  (
    await page
      .getByTestId('side-menu')
      .locator('[data-testid^="menu-link-"]:visible, [data-testid^="menu-group-toggle-"]:visible')
      .allInnerTexts()
  ).map((t) => t.trim());

describe('signed out', () => {
  it('sends /, unknown paths and bad public ids to /login, and keeps public pages bare', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.goto('/some/unknown/path');
    await page.waitForURL('**/login');
    await page.goto('/forms/not-digits');
    await page.waitForURL('**/login');
    await page.goto('/booking');
    await page.getByTestId('booking-page').waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.goto('/forms/42');
    await page.getByTestId('public-form').waitFor();
    await page.goto('/documents/intake_form-2');
    await page.getByTestId('public-document').waitFor();
    await page.goto('/forgot-password');
    expect(path(page)).toBe('/forgot-password');
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await context.close();
  });

  it('shows the server’s answer to a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon', 'not-the-password');
    await expect.poll(() => page.getByTestId('form-error').innerText()).toContain('Invalid email or password');
    expect(path(page)).toBe('/login');
    await context.close();
  });
});

describe('admin', () => {
  it('sees the whole menu, Permissions, the location dropdown and the user menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(path(page)).toBe('/dashboard');
    expect(await page.getByTestId('dashboard-greeting').innerText()).toContain('Avery');

    // The menu settles once permissions have loaded.
    await expect
      .poll(() => visibleMenuLinks(page))
      .toEqual(['Dashboard', 'Appointments', 'Clients', 'Staff', 'Services', 'Retail', 'Insights', 'Business', 'SMS & Email', 'Phone']);
    await page.getByTestId('menu-group-toggle-business').click();
    await page.getByTestId('menu-link-permissions').click();
    await page.getByTestId('permissions-page').waitFor();
    // The group holding the current route is open after a reload.
    await page.reload();
    await page.getByTestId('menu-link-permissions').waitFor({ state: 'visible' });
    expect(await page.getByTestId('menu-group-toggle-business').getAttribute('aria-expanded')).toBe('true');

    // Two active locations: a dropdown 'Select location', the default one badged, the choice kept.
    expect(await page.getByTestId('location-current').innerText()).toContain('Downtown');
    await page.getByTestId('location-select-button').click();
    const options = page.getByRole('listbox', { name: 'Select location' }).getByRole('option');
    expect(await options.count()).toBe(2);
    expect(await options.nth(0).innerText()).toContain('Default');
    await options.filter({ hasText: 'Lakeview' }).click();
    await expect.poll(() => page.getByTestId('location-current').innerText()).toContain('Lakeview');

    await page.getByTestId('user-menu-button').click();
    expect(await page.getByTestId('user-menu-name').innerText()).toBe('Avery Morgan');
    expect(await page.getByTestId('user-menu-email').innerText()).toBe('admin@demo.salon');
    await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
    await page.getByTestId('settings-page').waitFor();
    expect(path(page)).toBe('/settings');
    await context.close();
  });

  it('creates a permission group through GraphQL', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/permissions');
    await page.getByTestId('permissions-page').waitFor();
    await page.getByPlaceholder('e.g. Front Desk').fill('Walk Test Group');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByTestId('permissions-page').getByText('Walk Test Group').first().waitFor();
    await context.close();
  });

  it('applies dark mode from Profile & Settings and resets the theme on sign-out', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/settings');
    await page.getByTestId('dark-mode-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // Saved on the server: a reload keeps it.
    await page.waitForTimeout(500);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByTestId('dark-mode-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.waitForTimeout(500);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('clears the session and goes to /login when a call answers 401', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Revoke the token behind the app's back (as a logout elsewhere would), then use the app.
    const res = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    await page.goto('/staff');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });
});

describe('staff with every staff permission', () => {
  it('sees Booking Design but not Permissions, and /permissions sends them to /dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await expect.poll(() => visibleMenuLinks(page)).toContain('Business');
    await page.getByTestId('menu-group-toggle-business').click();
    await page.getByTestId('menu-link-booking-design').waitFor({ state: 'visible' });
    expect(await page.getByTestId('menu-link-permissions').count()).toBe(0);
    await page.goto('/permissions');
    await page.waitForURL('**/dashboard');
    await page.goto('/staff');
    await page.getByTestId('staff-page').getByText('dana@demo.salon').waitFor();
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });
});

describe('Basic Staff', () => {
  it('gets the reduced menu of spec §6', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'basic@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await expect.poll(() => visibleMenuLinks(page)).toEqual(['Dashboard', 'Appointments', 'Clients', 'Staff', 'Services']);
    await page.getByTestId('menu-group-toggle-clients').click();
    await page.getByTestId('menu-group-toggle-staff').click();
    await page.getByTestId('menu-group-toggle-services').click();
    const links = () =>
      page
        .getByTestId('side-menu')
        .locator('[data-testid^="menu-link-"]:visible')
        .allInnerTexts()
        .then((all) => all.map((t) => t.trim()));
    await expect.poll(links).toEqual(['Dashboard', 'Appointments', 'Client Profiles', 'Staff', 'Services']);
    expect(await page.getByTestId('menu-user-email').innerText()).toBe('basic@demo.salon');
    await context.close();
  });
});

describe('client', () => {
  it('is confined to /booking, with the history entry replaced', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'client@demo.salon');
    await page.waitForURL('**/booking');
    await page.getByTestId('booking-page').waitFor();
    const before = await page.evaluate(() => history.length);
    await page.evaluate(() => {
      history.pushState({}, '', '/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/booking');
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goto('/settings');
    await page.waitForURL('**/booking');
    await context.close();
  });
});

describe('on a phone', () => {
  it('starts with the menu closed, opens it over a backdrop and closes it on tap', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(await page.getByTestId('menu-link-dashboard').isVisible()).toBe(false);
    await page.getByTestId('header-logo').waitFor({ state: 'visible' });
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('menu-link-dashboard').waitFor({ state: 'visible' });
    await page.getByTestId('menu-backdrop').click({ position: { x: 370, y: 400 } });
    await page.getByTestId('menu-link-dashboard').waitFor({ state: 'hidden' });
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('menu-link-appointments').click();
    await page.getByTestId('menu-link-dashboard').waitFor({ state: 'hidden' });
    expect(path(page)).toBe('/appointments');
    await context.close();
  });
});

describe('inviting a team member', () => {
  it('admin invites from /staff; the invitee sets a password and lands on the dashboard', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@demo.salon');
    await admin.page.getByTestId('dashboard-greeting').waitFor();
    await admin.page.goto('/staff');
    await admin.page.getByRole('button', { name: 'Invite staff' }).click();
    const form = admin.page.getByRole('form', { name: 'Invite staff' });
    await form.getByLabel('E-mail').fill('new.stylist@demo.salon');
    await form.getByLabel('First name').fill('Noa');
    await form.getByRole('button', { name: 'Create invitation' }).click();
    await admin.page.getByTestId('invite-url').waitFor();
    const link = await admin.page.getByTestId('invite-url').inputValue();
    expect(link).toContain('/accept-invitation?token=');
    await admin.context.close();

    const invitee = await newPage(browser);
    await invitee.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await invitee.page.getByLabel('New password').fill('a-fresh-password');
    await invitee.page.getByLabel('Confirm password').fill('a-fresh-password');
    await invitee.page.getByRole('button', { name: 'Create my account' }).click();
    await invitee.page.getByTestId('dashboard-greeting').waitFor();
    expect(await invitee.page.getByTestId('dashboard-greeting').innerText()).toContain('Noa');
    await invitee.context.close();
  });
});
