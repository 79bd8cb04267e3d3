import { Queue } from 'bullmq';
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The automations walk (issue 13): turn on a 24-hour reminder, book an appointment, bring the
// reminder's due time forward (its delayed job promoted: the due-time override, not a sleep), see
// the text in the Twilio peer, and the client's reply "C" confirm the appointment on the calendar.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function api(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const localDate = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

interface PeerText {
  to: string;
  body: string;
}

describe('automations', () => {
  it('a 24-hour reminder is texted when due, and the reply "C" confirms the appointment on the calendar', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await api(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault && l.isActive) ?? locations.find((l) => l.isActive))!.id;
    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);

    // Turn the reminder on at 24 hours, in the editor with its live preview and segment count.
    await page.goto('/automations');
    await page.getByTestId('automations-page').waitFor();
    const card = page.getByTestId('automation-reminder');
    await card.getByRole('button', { name: /^Edit/ }).click();
    await card.getByLabel('Hours before the appointment').fill('24');
    await expect.poll(() => card.getByTestId('preview-sms-reminder').innerText()).toContain('Reply C to confirm');
    await expect.poll(() => card.getByTestId('segments-reminder').innerText()).toMatch(/1 segment \(GSM-7\)/);
    expect(await axeViolations(page, '[data-testid="automations-page"]')).toEqual([]);
    await card.getByRole('button', { name: 'Save Appointment reminder' }).click();
    await card.getByRole('form').waitFor({ state: 'detached' });
    await card.getByRole('switch').click();
    await expect.poll(() => card.getByTestId('automation-state-reminder').innerText()).toBe('On');

    // A client who agreed to texts, booked tomorrow at the first free time.
    const phone = `+1312555${String(6000 + randomInt(3000))}`;
    const client = await api(token, 'POST', '/api/clients', {
      firstName: 'Remi',
      lastName: `Reminded${randomInt(1e6)}`,
      phone,
      smsConsent: { granted: true, method: 'verbal' },
      allowDuplicate: true,
    });
    expect(client.status).toBe(201);
    const services = (await api(token, 'GET', `/api/services?locationId=${locationId}`)).body as {
      id: string;
      roomType: string | null;
      deviceTypes: string[];
    }[];
    const tomorrow = localDate(new Date(Date.now() + 86_400_000), 'America/Chicago');
    let booked: { id: string; startsAt: string } | undefined;
    for (const service of services.filter((s) => !s.roomType && s.deviceTypes.length === 0)) {
      const slots = ((
        await api(token, 'GET', `/api/availability?locationId=${locationId}&serviceId=${service.id}&from=${tomorrow}&to=${tomorrow}`)
      ).body?.slots ?? []) as { startsAt: string; staffId: string }[];
      // Late enough that its reminder (24 hours before) is still ahead: a job that waits.
      const slot = slots.find((s) => new Date(s.startsAt).getTime() > Date.now() + 26 * 3_600_000);
      if (!slot) continue;
      const res = await api(token, 'POST', '/api/appointments', {
        locationId,
        clientId: client.body.id,
        serviceId: service.id,
        staffId: slot.staffId,
        startsAt: slot.startsAt,
        source: 'staff',
      });
      expect(res.status).toBe(201);
      booked = res.body;
      break;
    }
    expect(booked).toBeDefined();

    // The reminder is planned for 24 hours before; its delayed job is brought forward to now.
    const queue = new Queue('messaging.automation', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: `${inject('redisPrefix')}bull`,
    });
    const due = new Date(booked!.startsAt).getTime() - 24 * 3_600_000;
    const reminderJob = async () => (await queue.getDelayed()).find((j) => j.data.dueAt === due);
    try {
      await expect.poll(async () => Boolean(await reminderJob()), { timeout: 20_000 }).toBe(true);
      await (await reminderJob())!.promote();
    } finally {
      await queue.close();
    }

    // The text reaches the Twilio peer.
    const twilio = inject('twilioUrl');
    const textsTo = async () => ((await (await fetch(`${twilio}/messages`)).json()) as PeerText[]).filter((m) => m.to === phone);
    await expect.poll(async () => (await textsTo()).map((m) => m.body).join('\n'), { timeout: 20_000 }).toContain('Reply C to confirm');

    // The client answers "C": Twilio's signed inbound webhook, through the gateway, to messaging.
    const reply = await fetch(`${twilio}/control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://localhost:${new URL(baseUrl()).port}/api/webhooks/twilio/inbound`, from: phone, body: 'C' }),
    });
    expect(((await reply.json()) as { status: number }).status).toBe(200);

    // Scheduling confirms it, and the calendar shows it confirmed.
    await expect
      .poll(async () => (await api(token, 'GET', `/api/appointments/${booked!.id}`)).body.status, { timeout: 20_000 })
      .toBe('confirmed');
    await page.goto(`/appointments?date=${tomorrow}`);
    await expect
      .poll(() => page.getByTestId(`appointment-${booked!.id}`).getAttribute('data-status'), { timeout: 15_000 })
      .toBe('confirmed');
    await expect.poll(async () => (await textsTo()).some((m) => m.body.includes('confirmed'))).toBe(true);

    // Back on /automations: the reminder counted as sent and confirmed, the reply in the inbox.
    await page.goto('/automations');
    await expect.poll(() => page.getByTestId('automation-confirmed-reminder').innerText(), { timeout: 15_000 }).toBe('1');
    // The no-show comparison of reminded and not-reminded appointments is shown with the reminder.
    expect(await page.getByTestId('reminder-no-show-rates').innerText()).toMatch(/reminded .+, not reminded .+\./);
    await page.getByTestId(`conversation-${phone}`).click();
    await expect.poll(() => page.getByTestId('sms-inbox').innerText()).toContain('confirmed');
    expect(await axeViolations(page, '[data-testid="automations-page"]')).toEqual([]);
    await context.close();
  }, 180_000);

  it('an owner creates an automation on "appointment booked" in the editor, and a booking sends it through the Twilio peer', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await api(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault && l.isActive) ?? locations.find((l) => l.isActive))!.id;
    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);

    await page.goto('/automations');
    const section = page.getByTestId('custom-automations');
    await section.waitFor();
    await section.getByRole('button', { name: 'New automation' }).click();
    const editor = section.getByRole('form', { name: 'New automation' });
    // Submitted without a name, a wait of 1.5 hours and a misspelt variable: each field says what is wrong.
    await editor.getByLabel('Wait (hours after that; 0 = at once)').fill('1.5');
    await editor.getByLabel('Text message').fill('Hi {{frstName}}');
    await editor.getByRole('button', { name: 'Create automation' }).click();
    await expect.poll(() => editor.getByTestId('custom-automation-errors').innerText()).toContain('the 3 fields');
    expect(await editor.getByText('Give the automation a name').count()).toBe(1);
    expect(await editor.getByText(/Enter whole hours from 0 to/).count()).toBe(1);
    expect(await editor.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page, '[data-testid="automations-page"]')).toEqual([]);

    const name = `Welcome ${randomInt(1e6)}`;
    await editor.getByLabel('Name', { exact: true }).fill(name);
    await editor.getByLabel('When').selectOption('appointment-booked');
    await editor.getByLabel('Wait (hours after that; 0 = at once)').fill('0');
    await editor.getByLabel('Text message').fill('Hi {{firstName}}, we look forward to your {{service}}. Arrive 10 minutes early.');
    await editor.getByRole('button', { name: 'Create automation' }).click();
    await editor.waitFor({ state: 'detached' });
    const card = page.getByTestId(`custom-automation-${name}`);
    await expect.poll(() => card.innerText()).toContain('An appointment is booked: sent at once.');
    expect(await card.getByRole('switch').isChecked()).toBe(true);

    // A client who agreed to texts books: the owner's text reaches the Twilio peer.
    const phone = `+1312555${String(6000 + randomInt(3000))}`;
    const client = await api(token, 'POST', '/api/clients', {
      firstName: 'Wren',
      lastName: `Welcomed${randomInt(1e6)}`,
      phone,
      smsConsent: { granted: true, method: 'verbal' },
      allowDuplicate: true,
    });
    expect(client.status).toBe(201);
    const services = (await api(token, 'GET', `/api/services?locationId=${locationId}`)).body as {
      id: string;
      roomType: string | null;
      deviceTypes: string[];
    }[];
    const inTwoDays = localDate(new Date(Date.now() + 2 * 86_400_000), 'America/Chicago');
    let booked = false;
    for (const service of services.filter((s) => !s.roomType && s.deviceTypes.length === 0)) {
      const slots = ((
        await api(token, 'GET', `/api/availability?locationId=${locationId}&serviceId=${service.id}&from=${inTwoDays}&to=${inTwoDays}`)
      ).body?.slots ?? []) as { startsAt: string; staffId: string }[];
      if (!slots[0]) continue;
      const res = await api(token, 'POST', '/api/appointments', {
        locationId,
        clientId: client.body.id,
        serviceId: service.id,
        staffId: slots[0].staffId,
        startsAt: slots[0].startsAt,
        source: 'staff',
      });
      expect(res.status).toBe(201);
      booked = true;
      break;
    }
    expect(booked).toBe(true);
    const twilio = inject('twilioUrl');
    const textsTo = async () => ((await (await fetch(`${twilio}/messages`)).json()) as PeerText[]).filter((m) => m.to === phone);
    await expect
      .poll(async () => (await textsTo()).map((m) => m.body).join('\n'), { timeout: 30_000 })
      .toMatch(/^Hi Wren, we look forward to your .+\. Arrive 10 minutes early\.$/m);
    expect((await textsTo()).filter((m) => m.body.startsWith('Hi Wren, we look forward'))).toHaveLength(1);

    // Counted on its card; then turned off.
    await expect.poll(() => card.getByTestId(`custom-automation-sent-${name}`).innerText(), { timeout: 15_000 }).toBe('1');
    await card.getByRole('switch').click();
    await expect.poll(() => card.getByRole('switch').isChecked()).toBe(false);
    expect(await axeViolations(page, '[data-testid="automations-page"]')).toEqual([]);
    await context.close();
  }, 180_000);
});
