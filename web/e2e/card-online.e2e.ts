import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { api, baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// A card required to book online (issue 11, the location's "Require a card online"): the page says
// before booking that a card holds the appointment, that nothing is charged now and what the no-show
// and late-cancel fees are; the visitor saves a card in the hosted card modal (the local Stripe
// peer's SetupIntent page, its webhook back through the gateway) and is booked; the desk then sees
// the card (brand, last four) on the client's profile and charges the no-show fee to it in one click.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TZ = 'America/Chicago';
const localDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

describe('a card required to book online', () => {
  it('a visitor saves a card to hold the booking (nothing charged); the desk sees it and charges the no-show fee in one click', async () => {
    const desk = await newPage(browser, { width: 1400, height: 1400 });
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    const token = await desk.page.evaluate(() => localStorage.getItem('token'));
    const call = (path: string, method = 'GET', body?: unknown) => api(token, method, path, body);
    const locationId = (await (await fetch(`${baseUrl()}/api/online-booking`)).json()).locations[0].id as string;
    const { locationId: _, ...policy } = (await call(`/api/booking-policies/${locationId}`)).body;
    const saved = await call(`/api/booking-policies/${locationId}`, 'PUT', {
      ...policy,
      noShowFeeMinor: 2500,
      lateCancelFeeMinor: 1500,
      requireCardOnline: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      // A service without a deposit: only the card is asked.
      const menu = (await (await fetch(`${baseUrl()}/api/online-booking/services?locationId=${locationId}`)).json()) as {
        name: string;
        deposit?: unknown;
      }[];
      const service = menu.find((s) => !s.deposit)!;

      const visitor = await newPage(browser);
      const { page } = visitor;
      const lastName = `Card${randomInt(1e6)}`;
      await page.goto('/booking');
      const flow = page.getByTestId('booking-flow');
      await flow.waitFor();
      if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').first().click();
      await flow.getByRole('button', { name: new RegExp(`^${service.name}`) }).click();
      await page.locator('[data-step="staff"]').waitFor();
      await flow.locator('.bk-choice').filter({ hasNotText: 'Anyone available' }).first().click();
      await page.locator('.bk-slot').first().click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('First name').fill('Cora');
      await page.getByLabel('Last name').fill(lastName);
      await page.getByLabel('Mobile phone').fill(`(312) 555-${String(randomInt(1e4)).padStart(4, '0')}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Before anything is booked: a card is required, nothing is charged now, and the fees.
      const note = page.getByTestId('card-required');
      await expect.poll(() => note.innerText()).toContain('A card is required to hold your appointment.');
      const said = await note.innerText();
      expect(said).toContain('You won’t be charged now.');
      expect(said).toContain('a no-show fee of $25.00');
      expect(said).toContain('a late-cancellation fee of $15.00');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Book and add card' }).click(),
      ]);
      expect(response.status()).toBe(201);
      const answer = (await response.json()) as {
        appointment: { id: string; startsAt: string };
        deposit: { kind: string; amountMinor: number };
      };
      expect(answer.deposit).toMatchObject({ kind: 'card', amountMinor: 0 });
      const appointmentId = answer.appointment.id;

      // The hosted card modal on the SetupIntent: the card typed in the provider's page, never ours.
      const modal = page.getByTestId('deposit-modal');
      await modal.waitFor();
      expect(await modal.getByTestId('card-hold-note').innerText()).toContain('You won’t be charged now.');
      const frame = page.frameLocator('[data-testid="card-frame"]');
      await frame.getByLabel('Card number').waitFor();
      expect(await axeViolations(page, '[data-testid="deposit-modal"]')).toEqual([]);
      await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
      await frame.getByRole('button', { name: 'Save card' }).click();

      const done = page.getByTestId('booking-confirmation');
      await done.waitFor({ timeout: 20_000 });
      await done.getByText('You are booked').waitFor();
      expect(await done.getByTestId('card-saved').innerText()).toContain('nothing charged');
      await visitor.context.close();

      // The desk: the visit is booked, the card (brand, last four) is on the client's profile.
      const appointment = (await call(`/api/appointments/${appointmentId}`)).body as { clientId: string; status: string; version: number };
      expect(appointment.status).toBe('booked');
      await desk.page.goto(`/clients/${appointment.clientId}`);
      const cards = desk.page.getByTestId('saved-cards');
      await expect.poll(() => cards.getByTestId('saved-card-4242').innerText(), { timeout: 15_000 }).toContain('Visa ending 4242');

      // The visitor does not come: one click on the appointment's details charges the policy's fee to that card.
      const marked = await call(`/api/appointments/${appointmentId}`, 'PATCH', { status: 'no-show', version: appointment.version });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      await desk.page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
      await desk.page.goto(`/appointments?date=${localDate(answer.appointment.startsAt)}&cancelled=1`);
      const open = desk.page.getByTestId(`open-appointment-${appointmentId}`);
      await open.waitFor({ timeout: 15_000 });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const panel = desk.page.getByTestId('appointment-panel');
      const action = panel.getByTestId('fee-action');
      await action.waitFor({ timeout: 15_000 });
      expect(await action.innerText()).toContain('Charged to the card on file (Visa ending 4242).');
      await action.getByRole('button', { name: 'Charge no-show fee $25.00' }).click();
      await expect.poll(() => panel.getByTestId('fee-charged').innerText(), { timeout: 20_000 }).toContain('Fee charged: $25.00');
      const fee = (await call(`/api/cancellation-fees/${appointmentId}`)).body;
      expect(fee).toMatchObject({ status: 'charged', amountMinor: 2500, card: { brand: 'visa', last4: '4242' } });
      const ticket = (await call(`/api/tickets/${fee.ticketId}`)).body;
      expect(ticket).toMatchObject({ status: 'closed', totalMinor: 2500 });
    } finally {
      await call(`/api/booking-policies/${locationId}`, 'PUT', policy);
    }
    await desk.context.close();
  }, 180_000);
});
