import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { api, baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// Online booking deposits (issue 11): a visitor books the demo's Colour (25% deposit) online and
// pays the deposit in the card modal (the local Stripe peer's page, its webhook back through the
// gateway); the front desk sees the visit on the calendar as deposit-paid, and the visit's ticket
// opens with the deposit applied; the balance is paid and the ticket closes. Then a card is saved
// on the visitor's profile (the SetupIntent's hosted page) and removed; saved again, it pays the
// policy's no-show fee of a later visit of theirs, charged from the appointment's details.
let browser: Browser;
/** The profile the online booking made for the visitor (the card-on-file step saves a card there). */
let visitorClientId = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const TZ = 'America/Chicago';
const localDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The public flow up to the confirm step: Colour with the first person offered, the first free time, a new visitor. */
async function bookColourAsVisitor(page: Page, lastName: string) {
  await page.goto('/booking');
  const flow = page.getByTestId('booking-flow');
  await flow.waitFor();
  if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').first().click();
  await flow.getByRole('button', { name: /^Colour/ }).click();
  await page.locator('[data-step="staff"]').waitFor();
  await flow.locator('.bk-choice').filter({ hasNotText: 'Anyone available' }).first().click();
  await page.locator('.bk-slot').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill('Dee');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Mobile phone').fill(`(312) 555-${String(randomInt(1e4)).padStart(4, '0')}`);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('online booking deposits', () => {
  it('a visitor pays a deposit in the card modal; the calendar shows it paid; checkout applies it', async () => {
    const visitor = await newPage(browser);
    const { page } = visitor;
    const lastName = `Deposit${randomInt(1e6)}`;
    await bookColourAsVisitor(page, lastName);

    // The confirm step says what the deposit is before anything is booked: 25% of $120.
    await expect.poll(() => page.getByTestId('deposit-due').innerText()).toContain('$30.00');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Book and pay $30.00 deposit' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const answer = (await response.json()) as { appointment: { id: string; startsAt: string }; deposit: { amountMinor: number } };
    expect(answer.deposit.amountMinor).toBe(3000);
    const appointmentId = answer.appointment.id;

    // The card modal: the peer's page in a frame, the card never typed into ours.
    const modal = page.getByTestId('deposit-modal');
    await modal.waitFor();
    const frame = page.frameLocator('[data-testid="card-frame"]');
    await frame.getByLabel('Card number').waitFor();
    expect(await axeViolations(page, '[data-testid="deposit-modal"]')).toEqual([]);
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Pay $30.00' }).click();

    // Booked once Stripe's word is in: authorised, the held time booked, then captured.
    const done = page.getByTestId('booking-confirmation');
    await done.waitFor({ timeout: 20_000 });
    await done.getByText('You are booked').waitFor();
    expect(await done.getByTestId('deposit-paid').innerText()).toBe('$30.00');
    await visitor.context.close();

    // The front desk's calendar shows the visit as deposit-paid.
    const desk = await newPage(browser, { width: 1400, height: 1400 });
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    await desk.page.goto(`/appointments?date=${localDate(answer.appointment.startsAt)}`);
    const block = desk.page.getByTestId(`appointment-${appointmentId}`);
    await block.getByText(`Dee ${lastName}`).waitFor({ timeout: 15_000 });
    expect(await block.getAttribute('data-deposit')).toBe('paid');
    await expect.poll(() => block.innerText()).toContain('Deposit paid');

    // Checkout: the visit's ticket opens with the $30 deposit already paid by card.
    await desk.page.goto('/pos');
    await desk.page.getByTestId('pos-page').waitFor();
    const row = desk.page.getByTestId(`checkout-${appointmentId}`);
    const today = localDate(answer.appointment.startsAt) === localDate(new Date().toISOString());
    if (today) {
      await row.getByRole('button', { name: /^Check out/ }).click();
    } else {
      // Booked for another day (the first free time was not today): the desk opens its ticket today all the same.
      const token = await desk.page.evaluate(() => localStorage.getItem('token'));
      const locationId = (await (await fetch(`${baseUrl()}/api/online-booking`)).json()).locations[0].id as string;
      const opened = await fetch(`${baseUrl()}/api/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ locationId, appointmentIds: [appointmentId] }),
      });
      expect(opened.status).toBe(201);
      await desk.page.reload();
      await desk.page
        .getByTestId('open-tickets')
        .getByRole('button', { name: new RegExp(`Dee ${lastName}`) })
        .click();
    }
    const editor = desk.page.getByTestId('ticket-editor');
    await editor.waitFor();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Open');
    await expect.poll(() => editor.getByTestId('ticket-total').innerText()).toBe('$120.00');
    await expect.poll(() => editor.getByTestId('ticket-totals').innerText()).toMatch(/Paid\s+\$30\.00/);
    await expect.poll(() => editor.getByTestId('ticket-balance').innerText()).toBe('$90.00');
    await expect.poll(() => editor.locator('[data-testid^="payment-"]').first().innerText()).toContain(`Card ${dollars(3000)}`);

    // The balance in cash closes it.
    await expect.poll(() => editor.getByLabel('Amount to pay').inputValue()).toBe('90.00');
    await editor.getByLabel('Cash received').fill('90.00');
    await editor.getByRole('button', { name: 'Take $90.00 cash' }).click();
    const success = desk.page.getByTestId('payment-success');
    await success.waitFor();
    await success.getByRole('button', { name: 'Close Window' }).click();
    await expect.poll(() => editor.getByTestId('ticket-status').innerText()).toBe('Paid');

    const token = await desk.page.evaluate(() => localStorage.getItem('token'));
    visitorClientId = (
      (await (await fetch(`${baseUrl()}/api/appointments/${appointmentId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        clientId: string;
      }
    ).clientId;
    await desk.context.close();
  }, 150_000);

  it("saves a card on the visitor's profile in the card provider's page, lists it, and removes it", async () => {
    expect(visitorClientId).toBeTruthy();
    const desk = await newPage(browser, { width: 1400, height: 1000 });
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    await desk.page.goto(`/clients/${visitorClientId}`);
    const cards = desk.page.getByTestId('saved-cards');
    await cards.getByText('No saved cards.').waitFor();
    await cards.getByRole('button', { name: 'Save a card' }).click();
    await desk.page.getByTestId('save-card-modal').waitFor();
    const setupFrame = desk.page.frameLocator('[data-testid="card-frame"]');
    await setupFrame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await setupFrame.getByRole('button', { name: 'Save card' }).click();
    await desk.page.getByTestId('save-card-modal').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => cards.getByTestId('saved-card-4242').innerText(), { timeout: 15_000 }).toContain('Visa ending 4242');
    desk.page.once('dialog', (d) => void d.accept());
    await cards.getByTestId('saved-card-4242').getByRole('button', { name: 'Remove' }).click();
    await cards.getByText('No saved cards.').waitFor({ timeout: 15_000 });
    await desk.context.close();
  }, 120_000);

  it('charges a no-show the policy’s fee to the card on file in one click from the appointment’s details', async () => {
    expect(visitorClientId).toBeTruthy();
    const desk = await newPage(browser, { width: 1400, height: 1400 });
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    const token = await desk.page.evaluate(() => localStorage.getItem('token'));
    const call = (path: string, method = 'GET', body?: unknown) => api(token, method, path, body);
    const locationId = (await (await fetch(`${baseUrl()}/api/online-booking`)).json()).locations[0].id as string;
    const { locationId: _, ...policy } = (await call(`/api/booking-policies/${locationId}`)).body;
    const setFee = (noShowFeeMinor: number | null) => call(`/api/booking-policies/${locationId}`, 'PUT', { ...policy, noShowFeeMinor });
    expect((await setFee(2500)).status).toBe(200);
    try {
      // A card on file, saved on the profile.
      await desk.page.goto(`/clients/${visitorClientId}`);
      const cards = desk.page.getByTestId('saved-cards');
      await cards.getByRole('button', { name: 'Save a card' }).click();
      await desk.page.getByTestId('save-card-modal').waitFor();
      const setupFrame = desk.page.frameLocator('[data-testid="card-frame"]');
      await setupFrame.getByLabel('Card number').fill('4242 4242 4242 4242');
      await setupFrame.getByRole('button', { name: 'Save card' }).click();
      await expect.poll(() => cards.getByTestId('saved-card-4242').count(), { timeout: 20_000 }).toBe(1);

      // A visit without a deposit for them, marked no-show.
      const services = (await call(`/api/services?locationId=${locationId}`)).body as { id: string; active: boolean; deposit: unknown }[];
      const service = services.find((x) => x.active && !x.deposit)!;
      const from = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const to = new Date(Date.now() + 6 * 86_400_000).toISOString();
      const query = new URLSearchParams({ locationId, serviceId: service.id, from, to });
      const slot = (await call(`/api/availability?${query}`)).body.slots[0] as { startsAt: string; staffId: string };
      const booked = await call('/api/appointments', 'POST', {
        locationId,
        clientId: visitorClientId,
        serviceId: service.id,
        staffId: slot.staffId,
        startsAt: slot.startsAt,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const appointmentId = booked.body.id as string;
      const marked = await call(`/api/appointments/${appointmentId}`, 'PATCH', { status: 'no-show', version: booked.body.version });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);

      // Its details on the calendar offer the fee; one click charges it.
      await desk.page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
      await desk.page.goto(`/appointments?date=${localDate(slot.startsAt)}&cancelled=1`);
      const open = desk.page.getByTestId(`open-appointment-${appointmentId}`);
      await open.waitFor({ timeout: 15_000 });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const panel = desk.page.getByTestId('appointment-panel');
      const action = panel.getByTestId('fee-action');
      await action.waitFor({ timeout: 15_000 });
      expect(await action.innerText()).toContain('Charged to the card on file (Visa ending 4242).');
      expect(await axeViolations(desk.page, '[data-testid="appointment-panel"]')).toEqual([]);
      await action.getByRole('button', { name: 'Charge no-show fee $25.00' }).click();
      await expect.poll(() => panel.getByTestId('fee-charged').innerText(), { timeout: 20_000 }).toContain('Fee charged: $25.00');

      // A sale of its own: a closed ticket with one fee line, charged once.
      const fee = (await call(`/api/cancellation-fees/${appointmentId}`)).body;
      expect(fee).toMatchObject({ status: 'charged', amountMinor: 2500 });
      expect((await call(`/api/cancellation-fees/${appointmentId}/charge`, 'POST')).body.ticketId).toBe(fee.ticketId);
      const ticket = (await call(`/api/tickets/${fee.ticketId}`)).body;
      expect(ticket).toMatchObject({ status: 'closed', totalMinor: 2500 });
      expect(ticket.lines.map((l: { name: string }) => l.name)).toEqual(['No-show fee']);
    } finally {
      await setFee(null);
    }
    await desk.context.close();
  }, 150_000);

  it('a declined card books nothing: the time is released and the visitor is told the card was not charged', async () => {
    const { context, page } = await newPage(browser);
    await bookColourAsVisitor(page, `Declined${randomInt(1e6)}`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Book and pay $30.00 deposit' }).click(),
    ]);
    const appointmentId = ((await response.json()) as { appointment: { id: string } }).appointment.id;
    const frame = page.frameLocator('[data-testid="card-frame"]');
    await frame.getByLabel('Card number').fill('4000 0000 0000 0002');
    await frame.getByRole('button', { name: 'Pay $30.00' }).click();
    await expect.poll(() => page.getByTestId('deposit-problem').innerText(), { timeout: 20_000 }).toContain('Your card was not charged');
    expect(await page.getByTestId('booking-flow').getAttribute('data-step')).toBe('time');

    // Nothing stands: the held appointment was cancelled and its deposit never captured.
    const desk = await newPage(browser);
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    const token = await desk.page.evaluate(() => localStorage.getItem('token'));
    const hold = await (
      await fetch(`${baseUrl()}/api/appointments/${appointmentId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(hold.status).toBe('cancelled');
    await desk.context.close();
    await context.close();
  });

  it('buys a gift card online: paid in the card modal, the recipient e-mailed on the chosen day; the desk sees the certificate', async () => {
    const { context, page } = await newPage(browser, { width: 1200, height: 1400 });
    await page.goto('/booking');
    const section = page.getByTestId('gift-card-purchase');
    await section.getByRole('button', { name: 'Buy a gift card' }).click();
    const recipient = `rosa${randomInt(1e6)}@example.com`;
    await section.getByLabel('Amount in dollars ($10 to $1,000)').fill('37.50');
    await section.getByLabel('Your name').fill('Maya Buyer');
    await section.getByLabel('Your e-mail').fill('maya@example.com');
    await section.getByLabel("Recipient's name").fill('Rosa');
    await section.getByLabel("Recipient's e-mail").fill(recipient);
    await section.getByLabel('A note (optional)').fill('Happy birthday!');
    // The delivery day defaults to the location's today; the recipient's e-mail goes out then (9:00 there, or at once after).
    const day = await section.getByLabel('Send it on').inputValue();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await axeViolations(page, '[data-testid="gift-card-purchase"]')).toEqual([]);
    const [bought] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/online-gift-cards') && r.request().method() === 'POST'),
      section.getByRole('button', { name: 'Pay for the gift card' }).click(),
    ]);
    expect(bought.status(), await bought.text()).toBe(201);

    const modal = page.getByTestId('gift-card-modal');
    await modal.waitFor();
    const frame = page.frameLocator('[data-testid="card-frame"]');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Pay $37.50' }).click();
    const done = page.getByTestId('gift-card-done');
    await done.waitFor({ timeout: 20_000 });
    await expect.poll(() => done.innerText()).toContain(`Rosa gets it by e-mail on ${day}`);
    await context.close();

    // The desk's gift certificates list the new $37.50 certificate, not sold on any ticket.
    const desk = await newPage(browser);
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    const token = await desk.page.evaluate(() => localStorage.getItem('token'));
    const list = (await (await fetch(`${baseUrl()}/api/gift-cards`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      cards: { code: string; initialMinor: number; soldOnTicketId: string | null; kind: string }[];
    };
    const card = list.cards.find((c) => c.initialMinor === 3750 && c.soldOnTicketId === null);
    expect(card).toMatchObject({ kind: 'certificate' });
    await desk.page.goto('/gift-certificates');
    await desk.page.getByTestId(`gift-card-${card!.code}`).waitFor();
    await desk.context.close();
  }, 120_000);
});
