import { randomInt } from 'node:crypto';
import ICAL from 'ical.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

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
    // Her pay rule in payroll's words (the demo pays her by the hour plus commission), and the way to change it.
    const pay = profile.getByTestId('staff-profile-pay');
    await expect.poll(() => pay.innerText()).toMatch(/since \d{4}-\d{2}-\d{2}, version \d+/);
    expect(await pay.getByRole('link', { name: 'Change pay rules on Payroll' }).getAttribute('href')).toBe('/payroll');
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

  it('hands out a calendar link whose feed Google or Apple Calendar reads, turns it off, and takes a photo', async () => {
    const owner = await newPage(browser);
    await signIn(owner.page, 'admin@demo.salon');
    await owner.page.getByTestId('dashboard-greeting').waitFor();
    await owner.page.goto('/staff');
    await owner.page.getByRole('button', { name: 'Dana Lee: profile' }).click();
    const sync = owner.page.getByTestId('calendar-sync');
    await sync.waitFor();
    await sync.getByRole('button', { name: /Get a calendar link|Make a new link/ }).click();
    const url = await sync.getByTestId('calendar-sync-url').inputValue();
    expect(url).toMatch(/\/api\/calendar-feeds\/ics\/[\w-]+\.ics$/);
    expect(await sync.getByRole('link', { name: 'Open in Apple Calendar' }).getAttribute('href')).toMatch(/^webcal:\/\//);
    expect(await axeViolations(owner.page, '[data-testid="calendar-sync"]')).toEqual([]);

    // A calendar app reads it without signing in, through the gateway: Dana's demo visits, no client names.
    const feed = await fetch(`${baseUrl()}${new URL(url).pathname}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const text = await feed.text();
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.location).toMatch(/Downtown|Lakeview/);
    expect(text).not.toMatch(/Walker/);

    await sync.getByRole('button', { name: 'Turn off' }).click();
    await owner.page.getByText('Calendar link turned off').waitFor();
    expect((await fetch(`${baseUrl()}${new URL(url).pathname}`)).status).toBe(404);

    // A photo: a landscape picture is cut to its centre, shrunk to 320 px and shown to visitors choosing her.
    const png = await owner.page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = 800;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2e86c1';
      context.fillRect(0, 0, 1200, 800);
      return canvas.toDataURL('image/png').split(',')[1];
    });
    const profile = owner.page.getByRole('dialog', { name: 'Dana Lee' });
    await profile
      .getByTestId('staff-photo-input')
      .setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await owner.page.getByText('Photo saved').waitFor();
    const { locations } = await (await fetch(`${baseUrl()}/api/online-booking`)).json();
    const staff = (await (await fetch(`${baseUrl()}/api/online-booking/staff?locationId=${locations[0].id}`)).json()) as {
      name: string;
      profilePicture: string | null;
    }[];
    const picture = staff.find((s) => s.name === 'Dana Lee')!.profilePicture!;
    expect(picture).toMatch(/^data:image\/jpeg;base64,/);
    const side = await owner.page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, picture);
    expect(side).toEqual([320, 320]);
    expect(await axeViolations(owner.page, '[data-testid="staff-profile"]')).toEqual([]);
    await profile.getByRole('button', { name: 'Remove photo' }).click();
    await owner.page.getByText('Photo removed').waitFor();
    await owner.context.close();
  });
});
