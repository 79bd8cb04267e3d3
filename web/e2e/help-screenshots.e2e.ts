import { mkdirSync, statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPage, signIn } from './browser.js';

// The help guides' pictures, taken from the demo salon on every run so a guide never shows a
// screen that no longer exists. The files land in web/public/help (Vite's public dir: the build
// copies them to dist/help and the gateway serves them at /help/<name>.png); commit them with the
// change that altered the screen.
const OUT = new URL('../public/help/', import.meta.url);
/** A desktop window; pictures are clipped to the page's main area and at most this tall. */
const VIEWPORT = { width: 1280, height: 860 };
const MAX_HEIGHT = 820;
/** Guides load their pictures on a help page: each must stay small. */
const MAX_BYTES = 150 * 1024;
/** expect.poll waits a second by default: too short for a save on a busy machine. */
const POLL = 15_000;

let browser: Browser;
let page: Page;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchBrowser();
  const opened = await newPage(browser, VIEWPORT);
  page = opened.page;
  closers.push(() => opened.context.close());
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await signIn(page, 'admin@demo.salon');
  await page.getByTestId('dashboard-greeting').waitFor();
});
afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
});

/** Nothing loading, no request in flight, fonts ready, no toast over the page. */
async function settle(testId: string) {
  await page.getByTestId(testId).first().waitFor();
  await page.getByTestId('loading-spinner').first().waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.getByTestId('toast').waitFor({ state: 'detached' });
}

/**
 * Writes web/public/help/<name>.png: the element (or the page's main area), at most MAX_HEIGHT tall;
 * with `from`, starting at the top of that element inside it (to leave out what is above it).
 */
async function shoot(name: string, selector = 'main#main', from?: string) {
  // At the top, the sticky header stays above the page instead of over the element.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page for ${name}.png`);
  const start = from ? await page.locator(selector).first().locator(from).first().boundingBox() : null;
  if (from && !start) throw new Error(`${from} is not in ${selector} for ${name}.png`);
  const top = start ? start.y - 12 : box.y;
  const file = new URL(`${name}.png`, OUT);
  await page.screenshot({
    path: file.pathname,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    clip: { x: box.x, y: top, width: box.width, height: Math.min(box.y + box.height - top, MAX_HEIGHT) },
  });
  const bytes = statSync(file).size;
  expect(bytes, `${name}.png`).toBeGreaterThan(2_000);
  expect(bytes, `${name}.png is ${Math.round(bytes / 1024)} kB`).toBeLessThan(MAX_BYTES);
}

async function open(path: string, testId: string) {
  await page.goto(path);
  await settle(testId);
}

describe('help screenshots (admin, desktop, light mode)', () => {
  it('staff: the list, and the invitation form', async () => {
    await open('/staff', 'staff-page');
    await page.getByTestId('staff-page').getByText('Dana Lee', { exact: true }).waitFor();
    await shoot('staff');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    await page.getByRole('form', { name: 'Invite staff' }).waitFor();
    await page.getByLabel('E-mail').fill('new.stylist@example.com');
    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Young');
    await shoot('staff-invite', 'form[aria-label="Invite staff"]');
  });

  it('locations', async () => {
    await open('/locations', 'locations-page');
    await page
      .getByTestId('locations-page')
      .getByRole('heading', { name: /Lakeview/ })
      .waitFor();
    await shoot('locations');
  });

  it('permissions: a group, and direct permissions', async () => {
    await open('/permissions', 'permissions-page');
    await page.getByRole('button', { name: /^Front Desk/ }).click();
    await page.getByRole('heading', { name: 'Front Desk', level: 2 }).waitFor();
    await shoot('permissions', '.split');
    await page.getByLabel('Staff member', { exact: true }).selectOption({ label: 'Taylor Brooks (taylor@demo.salon)' });
    await page.getByTestId('direct-permissions').getByText('Groups:').waitFor();
    await shoot('permissions-direct', '[data-testid="direct-permissions"]');
  });

  it('settings and booking design', async () => {
    await open('/settings', 'settings-page');
    await page.getByLabel('Business name').waitFor();
    await shoot('settings');
    await open('/booking-design', 'booking-design-page');
    await page.getByTestId('design-preview').waitFor();
    await shoot('settings-booking-design');
  });

  it('rooms and devices', async () => {
    await open('/rooms', 'rooms-page');
    await page.getByRole('cell', { name: 'Nail Bar', exact: true }).waitFor();
    await shoot('rooms');
    await open('/devices', 'devices-page');
    await page.getByRole('cell', { name: 'Facial Bed', exact: true }).waitFor();
    await shoot('devices');
  });

  it('classes: the week, and a class with its roster', async () => {
    await open('/classes', 'classes-page');
    await page.getByTestId('classes-week').waitFor();
    const cards = page.locator('[data-testid^="class-card-"]');
    await cards.first().waitFor();
    await shoot('classes');
    await cards.first().click();
    await page.getByTestId('class-detail').waitFor();
    await settle('class-detail');
    await shoot('classes-roster', '[data-testid="class-detail-dialog"]');
  });

  it('note templates: the builder with its preview', async () => {
    await open('/note-templates', 'note-templates-page');
    await page.locator('.template-item').first().click();
    await page.getByTestId('save-template').waitFor();
    await settle('note-templates-page');
    await shoot('note-templates');
  });

  it('marketing: the demo segments and the campaign sent', async () => {
    await open('/marketing', 'marketing-page');
    await page.getByTestId('campaign-Autumn colour week').waitFor();
    await shoot('marketing');
  });

  it('schedule, and one person’s week', async () => {
    await open('/schedule', 'schedule-page');
    await page.getByRole('link', { name: 'Dana Lee' }).waitFor();
    await shoot('schedule');
    await page.getByRole('link', { name: 'Dana Lee' }).click();
    await settle('staff-schedule-page');
    await page.getByTestId('save-week').waitFor();
    await shoot('staff-schedule');
    await page.getByTestId('booking-policy').scrollIntoViewIfNeeded();
    await shoot('staff-schedule-policy', '[data-testid="booking-policy"]');
  });

  it('gift certificates and memberships', async () => {
    await open('/gift-certificates', 'gift-certificates-page');
    await page.locator('[data-testid^="gift-card-"]').first().waitFor();
    await shoot('gift-certificates');
    await open('/memberships', 'memberships-page');
    await page.locator('[data-testid^="held-"]').first().waitFor();
    await shoot('memberships');
  });

  it('ai-messaging: the demo location in draft mode (the provider line names a port, so only the settings card)', async () => {
    await open('/ai-messaging', 'ai-messaging-page');
    await page.getByTestId('ai-settings').waitFor();
    await shoot('ai-messaging', '[data-testid="ai-settings"]');
  });

  it('reports: the sales of the last seven days', async () => {
    await open('/reports', 'reports-page');
    await settle('report-sales');
    await shoot('reports');
  });

  it('appointments: the day at the demo location, and one appointment’s details', async () => {
    await open('/appointments', 'appointments-page');
    await page.locator('.appt-block [data-testid^="open-appointment-"]').first().waitFor();
    await settle('appointments-page');
    await shoot('appointments');
    await page.locator('.appt-block [data-testid^="open-appointment-"]').first().click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    // A critical alert asks to be acknowledged before the details open.
    const ack = panel.getByTestId('critical-ack');
    await panel.getByTestId('panel-services').or(ack).first().waitFor();
    if (await ack.count()) await ack.click();
    await panel.getByTestId('panel-services').waitFor();
    await settle('appointment-panel');
    await shoot('appointments-details', '[data-testid="appointment-panel"]');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('clients: the list, and a profile', async () => {
    await open('/clients', 'clients-page');
    const first = page.locator('[data-testid^="client-row-"]').first();
    await first.waitFor();
    await shoot('clients');
    await first.locator('a.client-link').click();
    await settle('client-profile');
    await page.getByTestId('client-profile').getByRole('heading', { level: 1 }).waitFor();
    await settle('client-profile');
    await shoot('clients-profile');
  });

  it('pos: a walk-in ticket with a service and a product (voided again afterwards)', async () => {
    await open('/pos', 'pos-page');
    await page.getByTestId('new-walk-in').click();
    const editor = page.getByTestId('ticket-editor');
    await editor.waitFor();
    await editor.locator('#pos-add-service').selectOption({ index: 1 });
    await editor.locator('#pos-add-staff').selectOption({ index: 1 });
    await editor.getByRole('button', { name: 'Add service' }).click();
    await editor.getByRole('table', { name: 'Ticket lines' }).waitFor();
    await editor.locator('#pos-add-product').selectOption({ index: 1 });
    await editor.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => editor.locator('[data-testid^="line-"]').count(), { timeout: POLL }).toBe(2);
    await editor.getByRole('group', { name: 'Tip presets' }).getByRole('button', { name: '20%' }).click();
    await expect
      .poll(() => editor.getByRole('group', { name: 'Tip presets' }).getByRole('button', { name: '20%' }).getAttribute('aria-pressed'), {
        timeout: POLL,
      })
      .toBe('true');
    await settle('ticket-editor');
    await shoot('pos', '[data-testid="ticket-editor"]');
    await shoot('pos-payment', '[data-testid="ticket-editor"]', '.pos-adjust');
    // Leave the desk as it was for the walks after this one.
    await editor.getByRole('button', { name: 'Void ticket' }).click();
    await page.locator('#void-reason').fill('Help screenshot');
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText(), { timeout: POLL }).toBe('Voided');
  });

  it('products: the catalogue with stock at the demo location', async () => {
    await open('/products', 'products-page');
    await page.locator('[data-testid^="product-"]', { hasText: 'Cuticle Oil' }).first().waitFor();
    await settle('products-page');
    await shoot('products');
  });

  it('automations: the messages and their counts', async () => {
    await open('/automations', 'automations-page');
    await page.getByTestId('automation-reminder').waitFor();
    await settle('automations-page');
    await shoot('automations');
  });

  it('forms: the builder of the demo intake form', async () => {
    await open('/forms', 'forms-page');
    await page
      .getByRole('navigation', { name: 'Forms' })
      .getByRole('button', { name: /^New client intake/ })
      .click();
    await page.getByRole('form', { name: 'Form builder' }).waitFor();
    await settle('forms-page');
    // From the form's name down: the public link above it names the walk's own port.
    await shoot('forms', 'form[aria-label="Form builder"]', 'label[for="form-name"]');
  });

  it('documents: the business’s documents with their public links', async () => {
    await open('/documents', 'documents-page');
    await page.getByRole('cell', { name: 'Cancellation policy', exact: true }).waitFor();
    await shoot('documents');
  });

  it('time clock: a stylist’s time sheet with overtime (read only: the payroll walk approves it)', async () => {
    await open('/time-clock', 'time-clock-page');
    const sheet = page.getByTestId('time-sheet');
    await sheet.getByLabel('Person').selectOption({ label: 'Dana Lee' });
    await expect.poll(() => sheet.getByTestId('time-sheet-totals').innerText(), { timeout: POLL }).toMatch(/overtime [1-9]/);
    await settle('time-clock-page');
    await shoot('time-clock');
  });

  it('payroll: the pay period and the runs (none drafted here: a run would be shown by default under the payroll walk’s own)', async () => {
    await open('/payroll', 'payroll-page');
    await page.getByRole('navigation', { name: 'Payroll runs' }).waitFor();
    await settle('payroll-page');
    await shoot('payroll');
  });
});

describe('the guides show their pictures', () => {
  // The pictures of the last committed run are in the build (dist/help); a guide whose picture
  // is missing, blocked by the CSP or not served shows a broken image here.
  const TOPICS = [
    'staff',
    'locations',
    'permissions',
    'settings',
    'devices',
    'rooms',
    'classes',
    'note-templates',
    'schedule',
    'staff-schedule',
    'gift-certificates',
    'memberships',
    'ai-messaging',
    'reports',
    'appointments',
    'clients',
    'pos',
    'products',
    'automations',
    'forms',
    'documents',
    'time-clock',
    'payroll',
  ];

  // Two dozen guides, each opened and checked by axe: more than the default minute on a busy machine.
  it('loads every image of each guide from the same origin, with no axe violation on the guide', async () => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    for (const topic of TOPICS) {
      await open(`/help/${topic}`, `help-${topic}`);
      const images = await page
        .locator('.help-guide img')
        .evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({ src: img.src, alt: img.alt, loaded: img.complete && img.naturalWidth > 0 })),
        );
      expect(images.length, topic).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.loaded, image.src).toBe(true);
        expect(image.alt.length, image.src).toBeGreaterThan(10);
        expect(new URL(image.src).origin).toBe(new URL(page.url()).origin);
      }
      expect(await axeViolations(page, `[data-testid="help-${topic}"]`), topic).toEqual([]);
    }
    expect(refused).toEqual([]);
  }, 240_000);

  it('opens /help itself (a folder of pictures under /help does not redirect it)', async () => {
    await page.goto('/help');
    await settle('help-index');
    expect(new URL(page.url()).pathname).toBe('/help');
  });

  it('phone: the call log and the number settings', async () => {
    await open('/phone', 'phone-page');
    await page.getByTestId('call-log').waitFor();
    await shoot('phone');
  });

  it('opens the guide of the current screen from the header', async () => {
    for (const [path, testId, topic] of [
      ['/schedule', 'schedule-page', 'schedule'],
      ['/booking-design', 'booking-design-page', 'settings'],
      ['/devices', 'devices-page', 'devices'],
    ] as const) {
      await open(path, testId);
      await page.getByTestId('help-link').click();
      await settle(`help-${topic}`);
      expect(new URL(page.url()).pathname).toBe(`/help/${topic}`);
    }
  });
});
