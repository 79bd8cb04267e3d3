import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.js';

// The clients walk of the clients issue, as the admin: import a Vagaro export with a bad row,
// find an imported client by a misspelt name, open the profile, write a note from the
// 'Colour formula' template, and export everything.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const VAGARO_EXPORT = [
  'First Name,Last Name,Email,Cell Phone,Home Phone,Work Phone,Address,City,State,Zip,Birthday,Gender,Tags,Notes,Referred By,Customer Since,Last Visit',
  'Marisol,Quintanilla,marisol.q@example.com,(773) 555-0142,,,1200 W Fulton St,Chicago,IL,60607,04/12/1988,F,VIP;Colour,Prefers mornings,Instagram,01/02/2020,',
  'Theo,Abernathy,theo.a@example.com,773-555-0143,,,,,,,,M,,,Walk-in,,',
  'Priya,Ramaswamy,priya.r@example.com,+1 773 555 0144,,,,,,,1990-07-01,F,Bridal,,Referral,,',
  'Broken,Phone,broken@example.com,12,,,,,,,,,,,,,',
].join('\n');

describe('clients', () => {
  it('imports a Vagaro export, searches with a typo, writes a template note and exports', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();

    // Import
    await page.goto('/clients-import');
    await page.getByTestId('import-page').waitFor();
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'vagaro-customers.csv', mimeType: 'text/csv', buffer: Buffer.from(VAGARO_EXPORT) });
    await expect.poll(() => page.getByTestId('import-format').innerText()).toMatch(/Vagaro/);
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    const counts = await page.getByTestId('import-counts').innerText();
    expect(counts).toMatch(/3/);
    expect(counts).toMatch(/1/);
    await page.getByTestId('import-rejected-link').waitFor();

    // Search as you type, tolerant of a typo
    await page.goto('/clients');
    await page.getByTestId('clients-page').waitFor();
    await page.getByTestId('client-search').fill('marisol quintanila');
    const row = page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first();
    await row.waitFor();
    // …and by the phone written another way
    await page.getByTestId('client-search').fill('7735550142');
    // The typo search's row is still on screen: wait for this search to reach the URL (debounced),
    // or the click below races it and the URL update takes the page back to the list.
    await page.waitForURL((url) => url.searchParams.get('q') === '7735550142');
    await page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first().waitFor();

    // Profile, then a note from the Colour formula template
    await page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first().getByRole('link').first().click();
    await page.getByTestId('client-profile').waitFor();
    expect(await page.getByTestId('client-profile').innerText()).toContain('Marisol');
    await page.getByTestId('tab-notes').click();
    await page.getByTestId('notes-panel').waitFor();
    await page.getByTestId('note-template-select').selectOption({ label: 'Colour formula' });
    await page.getByLabel('Brand').selectOption('Wella');
    await page.getByRole('textbox', { name: /^Formula/ }).fill('7/1 + 20 vol, 1:1');
    await page.getByLabel('Processing time (minutes)').fill('35');
    await page.getByTestId('add-note').click();
    await page.getByTestId('notes-panel').getByText('7/1 + 20 vol, 1:1').waitFor();

    // Export everything, in one click
    await page.goto('/clients');
    await page.getByTestId('clients-page').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Quintanilla');
    expect(csv).toContain('7/1 + 20 vol, 1:1');
    await context.close();
  });

  it('keeps Basic Staff to reading: no import, export or new client', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'basic@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/clients');
    await page.getByTestId('clients-page').waitFor();
    await page.locator('[data-testid^="client-row-"]').first().waitFor();
    expect(await page.getByTestId('new-client-button').count()).toBe(0);
    expect(await page.getByTestId('export-csv').count()).toBe(0);
    await page.goto('/clients-import');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
