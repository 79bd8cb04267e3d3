import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.js';
import { api, baseUrl, clock, launchBrowser, localParts, newPage, signIn } from './browser.js';

// Moving an appointment by text (issue 16): a client on file (matched by the phone the text comes
// from) texts "can you move my haircut?"; the assistant lists that client's own appointments and
// offers the engine's free times tomorrow afternoon, staff approve, the client picks one, and the
// approved reply moves the appointment through scheduling's on-behalf-of-a-client API with the
// online rules. The demo salon's default location is in draft mode (messaging's seed).
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface PeerText {
  to: string;
  body: string;
}

describe('AI messaging: moving by text', () => {
  it('a client on file texts to move their haircut; staff approve the offer and the move, and the calendar has it at the new time', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await api(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault && l.isActive) ?? locations.find((l) => l.isActive))!.id;
    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
    const info = (await api(null, 'GET', '/api/online-booking')).body as { locations: { id: string; timeZone: string }[] };
    const tz = info.locations.find((l) => l.id === locationId)!.timeZone;
    const services = (await api(null, 'GET', `/api/online-booking/services?locationId=${locationId}`)).body as {
      id: string;
      name: string;
    }[];
    const haircut = services.find((s) => s.name === 'Haircut')!;
    const day = (n: number) => localParts(new Date(Date.now() + n * 86_400_000).toISOString(), tz).date;
    const slotsOn = async (date: string) =>
      (await api(null, 'GET', `/api/online-booking/availability?locationId=${locationId}&serviceId=${haircut.id}&from=${date}&to=${date}`))
        .body.slots as { startsAt: string; staffId: string }[];

    // A client on file with this phone, and a haircut of theirs well outside the late-cancel window:
    // the first free time the engine has four to ten days ahead.
    const phone = `+1312555${String(5000 + randomInt(4000))}`;
    const client = await api(token, 'POST', '/api/clients', { firstName: 'Texting', lastName: `Client ${randomInt(100_000)}`, phone });
    expect(client.status).toBe(201);
    let slot: { startsAt: string; staffId: string } | undefined;
    for (let n = 4; n <= 10 && !slot; n++) slot = (await slotsOn(day(n)))[0];
    expect(slot).toBeTruthy();
    const booked = await api(token, 'POST', '/api/appointments', {
      locationId,
      clientId: client.body.id,
      serviceId: haircut.id,
      staffId: slot!.staffId,
      startsAt: slot!.startsAt,
      source: 'staff',
    });
    expect(booked.status).toBe(201);
    const was = localParts(booked.body.startsAt, tz);

    // What the assistant may offer for the move: tomorrow afternoon's engine times.
    const tomorrow = day(1);
    const afternoon = [
      ...new Set(
        (await slotsOn(tomorrow))
          .map((s) => localParts(s.startsAt, tz))
          .filter((l) => l.date === tomorrow && l.time >= '12:00' && l.time < '17:00')
          .map((l) => l.time),
      ),
    ]
      .sort()
      .slice(0, 6);

    const twilio = inject('twilioUrl');
    const text = async (body: string) => {
      const res = await fetch(`${twilio}/control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://localhost:${new URL(baseUrl()).port}/api/webhooks/twilio/inbound`, from: phone, body }),
      });
      expect(((await res.json()) as { status: number }).status).toBe(200);
    };
    const textsTo = async () => ((await (await fetch(`${twilio}/messages`)).json()) as PeerText[]).filter((m) => m.to === phone);
    await text('can you move my haircut?');

    await page.goto('/ai-messaging');
    await page.getByTestId('ai-messaging-page').waitFor();
    const offer = page.getByTestId('ai-draft').filter({ hasText: phone });
    await offer.waitFor({ timeout: 20_000 });
    const offered = await offer.getByTestId('ai-draft-text').inputValue();
    // The client's own appointment, named at its time, and the engine's times.
    expect(offered).toContain(`Upcoming appointments: 1) Haircut on`);
    expect(offered).toContain(`at ${clock(was.time)}`);
    if (afternoon.length === 0) {
      expect(offered).toContain('No free times');
      await context.close();
      return;
    }
    expect(offered).toContain(`${afternoon.map(clock).join(', ')}. Which time suits you?`);
    await offer.getByRole('button', { name: 'Approve and send' }).click();
    await expect.poll(async () => (await textsTo()).length, { timeout: 20_000 }).toBe(1);

    // The client picks a time; the draft says approving moves the appointment, and nothing moved yet.
    const chosen = afternoon[afternoon.length - 1];
    await text(`please move it to ${clock(chosen)}`);
    const move = page.getByTestId('ai-draft').filter({ hasText: `Moved: Haircut` });
    await move.waitFor({ timeout: 20_000 });
    await expect.poll(() => move.getByTestId('ai-draft-action').innerText()).toContain('Approving also moves this appointment');
    expect(await axeViolations(page, '[data-testid="ai-messaging-page"]')).toEqual([]);
    expect((await api(token, 'GET', `/api/appointments/${booked.body.id}`)).body.startsAt).toBe(booked.body.startsAt);
    await move.getByRole('button', { name: 'Approve and send' }).click();
    await expect.poll(async () => (await textsTo()).map((m) => m.body).join('\n'), { timeout: 20_000 }).toContain('Moved: Haircut to');

    // The same appointment, now tomorrow at the chosen time, on the calendar.
    const now = (await api(token, 'GET', `/api/appointments/${booked.body.id}`)).body as { startsAt: string; status: string };
    expect(localParts(now.startsAt, tz)).toEqual({ date: tomorrow, time: chosen });
    await page.goto(`/appointments?date=${tomorrow}`);
    await page.getByTestId(`appointment-${booked.body.id}`).waitFor({ timeout: 15_000 });
    await context.close();
  }, 180_000);
});
