import { chromium } from 'playwright-core';
import { startPlatform } from '/work/wt/clock/infra/lib/platform.mjs';
import { installClockOffset, zonedInstant } from '/work/wt/clock/infra/lib/test-clock.mjs';
const useClock = process.argv[2] !== 'noclock';
const off = useClock ? zonedInstant('2026-11-23T09:00') - Date.now() : undefined;
if (useClock) installClockOffset(off);
const platform = await startPlatform({ port: 4740, portOffset: 740, databasePrefix: 'e2e_dbg', redisPrefix: 'e2e:dbg:', logs: 'ignore', clockOffsetMs: off,
  env: { LOG_LEVEL: 'warn', NODE_ENV: 'test', LOGIN_MAX_ATTEMPTS_PER_IP: '1000', RECOVERY_MAX_PER_IP: '1000', SMS_PROVIDER: 'twilio' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const context = await browser.newContext({ baseURL: 'http://127.0.0.1:4740', viewport: { width: 1280, height: 800 } });
  if (useClock) await context.clock.install({ time: Date.now() });
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('response', (r) => { if (r.status() >= 400) console.log('http', r.status(), r.url()); });
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill('admin@demo.salon');
  await page.getByLabel(/password/i).fill('demo-salon');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.getByTestId('dashboard-greeting').waitFor();
  const CSV = [
  'First Name,Last Name,Email,Cell Phone,Home Phone,Work Phone,Address,City,State,Zip,Birthday,Gender,Tags,Notes,Referred By,Customer Since,Last Visit',
  'Marisol,Quintanilla,marisol.q@example.com,(773) 555-0142,,,1200 W Fulton St,Chicago,IL,60607,04/12/1988,F,VIP;Colour,Prefers mornings,Instagram,01/02/2020,',
  'Theo,Abernathy,theo.a@example.com,773-555-0143,,,,,,,,M,,,Walk-in,,',
  ].join('\n');
  await page.goto('/clients-import');
  await page.getByTestId('import-file-input').setInputFiles({ name: 'vagaro-customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByTestId('import-preview').waitFor();
  await page.getByTestId('import-start').click();
  await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
  await page.goto('/clients');
  await page.getByTestId('client-search').fill('7735550142');
  await page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first().waitFor();
  console.log('ROW', await page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first().innerHTML());
  await page.locator('[data-testid^="client-row-"]', { hasText: 'Quintanilla' }).first().getByRole('link').first().click();
  try { await page.getByTestId('client-profile').waitFor({ timeout: 15000 }); console.log('PROFILE OK'); } catch (e) { console.log('PROFILE MISSING', page.url()); console.log((await page.locator('body').innerText()).slice(0, 1500)); }
} finally {
  await browser.close();
  await platform.stop();
  const { dropDatabase, postgresAdminUrl } = await import('/work/wt/clock/infra/lib/local-services.mjs');
  for (const d of platform.databases) await dropDatabase(postgresAdminUrl(), d);
}
