import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, freeCellTestId, launchBrowser, newPage, signIn } from './browser.js';

// Issue 20: week view blocks open the details panel (click and Enter); item 7: a refusal names the
// exact blocking interval, and "Next free" per column shows the engine's first bookable time.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TODAY = '2026-11-23';
// Under 768 px Appointments opens the mobile day; "Grid" (desktop=1) keeps the calendar, so the week view
// and the day's explanations are walked at a phone's size too.
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, grid: '' },
  { name: 'phone', viewport: { width: 390, height: 844 }, grid: '&desktop=1' },
];

async function openCalendar(page: Page, query: string) {
  await signIn(page, 'staff@demo.salon');
  await page.getByTestId('dashboard-greeting').waitFor();
  await page.goto(`/appointments?${query}`);
}

describe.each(SIZES)('the week view ($name)', ({ viewport, grid }) => {
  it('a block opens the same details panel on click and on Enter, in the list and in one person’s time grid', async () => {
    const { context, page } = await newPage(browser, viewport);
    await openCalendar(page, `date=${TODAY}&view=week${grid}`);
    const open = page.locator('[data-testid^="open-appointment-"]').first();
    await open.waitFor();
    await open.click();
    const panel = page.getByTestId('appointment-panel');
    await panel.waitFor();
    // A client with a critical alert asks first (once the client has loaded); either way the panel shows the services.
    const ack = panel.getByTestId('critical-ack');
    await ack.or(panel.getByTestId('panel-services')).first().waitFor();
    if (await ack.count()) await ack.click();
    await panel.getByTestId('panel-services').waitFor();
    expect(await axeViolations(page, '[data-testid="calendar-week"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '')).toMatch(/^open-appointment-/);
    await page.keyboard.press('Enter');
    await page.getByTestId('appointment-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-panel').waitFor({ state: 'detached' });

    // One person's week: a time grid whose blocks open the panel too.
    const staff = page.getByTestId('week-staff');
    const person = await staff.locator('option').nth(1).getAttribute('value');
    await staff.selectOption(person!);
    const block = page.locator('.appt-block [data-testid^="open-appointment-"]').first();
    await block.waitFor();
    await block.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('appointment-panel').waitFor();
    await context.close();
  });
});

describe('the day grid from the keyboard', () => {
  it('arrows move between cells and onto appointments, Enter books a free cell', async () => {
    const { context, page } = await newPage(browser);
    await openCalendar(page, `date=2026-11-24`);
    const cellId = await freeCellTestId('2026-11-24');
    const cell = page.getByTestId(cellId);
    await cell.waitFor();
    await cell.focus();
    const active = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await active()).toBe(cellId);
    // Down through the column: the focus lands on the appointments drawn over the cells on the way.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('ArrowDown');
      seen.add(await active());
    }
    // The focus never leaves the grid, and it moved (down to the last cell at most).
    for (const id of seen) expect(id).toMatch(/^(slot-|open-appointment-|class-block-)/);
    expect(seen.size).toBeGreaterThan(1);
    const column = cellId.split('-').slice(1, -1).join('-');
    const below = await page
      .locator(`[data-testid="staff-column-${column}"] [data-key-start]`)
      .evaluateAll(
        (els, start) => els.filter((e) => Number((e as HTMLElement).dataset.keyStart) > start).length,
        Number(cellId.slice(-4, -2)) * 60 + Number(cellId.slice(-2)),
      );
    if (below > 0) expect([...seen].some((id) => /^(open-appointment-|class-block-)/.test(id))).toBe(true);
    await page.keyboard.press('Home');
    expect(await active()).toMatch(/^(slot-|open-appointment-|class-block-)/);
    await cell.focus();
    await page.keyboard.press('Enter');
    const time = page.getByTestId('book-time');
    await time.waitFor();
    expect((await time.inputValue()).replace(':', '')).toBe(cellId.slice(-4));
    // The dialog keeps Tab inside it (both ways round) and gives the focus back to the cell on Escape.
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await time.waitFor({ state: 'detached' });
    expect(await active()).toBe(cellId);
    await context.close();
  });
});

describe.each(SIZES)('the day view explains itself ($name)', ({ viewport, grid }) => {
  it('a click on the lunch break names the break and its times; Next free shows the engine’s first time and books it', async () => {
    const { context, page } = await newPage(browser, viewport);
    await openCalendar(page, `date=2026-11-24${grid}`);
    // The first column's person, for the service "Next free" is asked for (the first one, chosen by default).
    const button = page
      .locator('[data-testid^="next-free-"]:not([data-testid^="next-free-result"]):not([data-testid="next-free-service"])')
      .first();
    await page.locator('[data-testid^="staff-column-"]').first().waitFor();
    await button.waitFor();
    const staffId = (await button.getAttribute('data-testid'))!.replace('next-free-', '');
    // Cleanup after a service is drawn under its block (the demo's services have 5–15 minutes).
    expect(await page.locator('[data-testid^="cleanup-"]').count()).toBeGreaterThan(0);
    await page.getByTestId(`slot-${staffId}-1230`).click({ force: true });
    const reason = page.getByTestId('blocked-reason');
    await reason.waitFor();
    expect(await reason.innerText()).toMatch(/on break \(Lunch\) 12:30 PM–1 PM/);

    await page.getByTestId(`next-free-${staffId}`).click();
    const result = page.getByTestId(`next-free-result-${staffId}`);
    await result.waitFor();
    const startsAt = (await result.getAttribute('data-starts-at'))!;
    expect(new Date(startsAt).getTime()).toBeGreaterThan(Date.parse('2026-11-24T06:00:00Z'));
    expect(await axeViolations(page, '.appt-day-head')).toEqual([]);
    await result.click();
    const time = page.getByTestId('book-time');
    await time.waitFor();
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Chicago',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(startsAt));
    expect(await time.inputValue()).toBe(local);
    expect(await page.getByTestId('book-staff').inputValue()).toBe(staffId);
    await context.close();
  });
});

/** A client waiting for any time on `date` (a new entry waits until time is freed for it). */
async function addWaitingClient(page: Page, date: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json();
  };
  const { locations } = await call('GET', '/api/online-booking');
  const services = (await call('GET', `/api/online-booking/services?locationId=${locations[0].id}`)) as { id: string }[];
  const clients = (await call('GET', '/api/clients?limit=1&search=Walker')) as { data: { id: string }[] };
  await call('POST', '/api/waitlist', {
    locationId: locations[0].id,
    clientId: clients.data[0]!.id,
    serviceId: services[0]!.id,
    dateFrom: date,
    dateTo: date,
  });
}

describe.each(SIZES)('the calendar’s own time and what came in online ($name)', ({ viewport, grid }) => {
  it('blocks personal time from an empty cell (the engine then refuses it), books a waiting client from the waitlist, and flags online bookings since the last look', async () => {
    const { context, page } = await newPage(browser, viewport);
    await openCalendar(page, `date=2026-11-25${grid}`);
    const cellId = await freeCellTestId('2026-11-25');
    const cell = page.getByTestId(cellId);
    await cell.waitFor();
    await cell.scrollIntoViewIfNeeded();
    // Drag down over two more cells: the dialog opens with the range (the first cell to the end of the third).
    const box = (await cell.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 1.5, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 2.5, { steps: 4 });
    await page.getByTestId('calendar-selection').waitFor();
    await page.mouse.up();
    const dialog = page.getByTestId('block-dialog');
    await dialog.waitFor();
    const from = await dialog.getByTestId('block-from').inputValue();
    const [h, m] = from.split(':').map(Number);
    const end = h * 60 + m + 45;
    expect(await dialog.getByTestId('block-until').inputValue()).toBe(
      `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
    );
    expect(cellId.endsWith(from.replace(':', ''))).toBe(true);
    expect(await axeViolations(page, '[data-testid="block-dialog"]')).toEqual([]);
    await dialog.getByTestId('block-label').fill('School run');
    await dialog.getByTestId('block-submit').click();
    await dialog.waitFor({ state: 'detached' });
    // The same cell is now unavailable, with the label in the engine's reason.
    await expect.poll(async () => (await cell.getAttribute('title')) ?? '', { timeout: 10_000 }).toContain('School run');
    await cell.click({ force: true });
    expect(await page.getByTestId('blocked-reason').innerText()).toContain('School run');

    // Book on a waiting row of the waitlist: the dialog with the client chosen. The walk adds its own
    // waiting client: the demo's may have been offered freed time by an earlier walk's cancellation.
    await addWaitingClient(page, '2026-11-24');
    await page.goto(`/appointments?date=2026-11-24${grid}`);
    const book = page.getByTestId('waitlist-book').first();
    await book.waitFor();
    const row = page.locator('[data-testid^="waitlist-entry-"]', { has: book });
    const client = (await row.locator('td').first().innerText()).trim();
    await book.click();
    await page.getByTestId('client-picker-selected').waitFor();
    expect(await page.getByTestId('client-picker-selected').innerText()).toContain(client);
    await page.keyboard.press('Escape');

    // Online bookings since the last look (the walk says it last looked long ago).
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as string);
    await page.evaluate((id) => localStorage.setItem(`calendarOnlineSeenAt_${id}`, '2026-01-01T00:00:00.000Z'), userId);
    await page.goto(`/appointments?date=${TODAY}&view=week${grid}`);
    const flag = page.getByTestId('online-new');
    await flag.waitFor();
    expect(await flag.innerText()).toMatch(/\d+ booked online since you last looked/);
    await flag.locator('summary').click();
    expect(await axeViolations(page, '[data-testid="online-new"]')).toEqual([]);
    await flag.locator('li button').first().click();
    await page.getByTestId('appointment-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('online-new-seen').click();
    await flag.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('calendar-week').waitFor();
    expect(await page.getByTestId('online-new').count()).toBe(0);
    await context.close();
  });
});
