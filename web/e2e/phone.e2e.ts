import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The phone walk (issue 16): a client's call to the location's Twilio number is missed (the Twilio
// peer posts Twilio's signed voice webhooks through the gateway), it lands in the call log with
// its voicemail and the text-back (which reached the peer), the caller's profile opens from the
// log, and "Call" on the profile creates a call at the peer (staff phone first, then the bridge).
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

async function peer(path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${inject('twilioUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

describe('phone', () => {
  it('a missed call appears in the log with its text-back, the caller’s profile opens from it, and Call rings through the peer', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await api(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault && l.isActive) ?? locations.find((l) => l.isActive))!.id;
    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
    const numbers = (await api(token, 'POST', '/graphql', { query: '{ phoneNumbers { locationId number forwardTo } }' })).body.data
      .phoneNumbers as { locationId: string; number: string; forwardTo: string }[];
    const business = numbers.find((n) => n.locationId === locationId)!;
    expect(business, 'the demo seed gives the default location a number').toBeDefined();

    // A client who agreed to texts calls; nobody answers; they leave a message.
    const phone = `+1312555${String(3000 + randomInt(3000))}`;
    const lastName = `Caller${randomInt(1e6)}`;
    const client = await api(token, 'POST', '/api/clients', {
      firstName: 'Pia',
      lastName,
      phone,
      smsConsent: { granted: true, method: 'verbal' },
      allowDuplicate: true,
    });
    expect(client.status).toBe(201);
    const voiceUrl = `http://localhost:${new URL(baseUrl()).port}/api/webhooks/twilio/voice`;
    const call = await peer('/control/inbound-call', {
      url: voiceUrl,
      from: phone,
      to: business.number,
      answer: 'no-answer',
      voicemailSeconds: 9,
    });
    expect(call.steps.map((s: { status: number }) => s.status)).toEqual([200, 200, 200]);
    // The text-back reached Twilio (the peer) through the SMS queue.
    await expect
      .poll(async () => ((await peer('/messages')) as { to: string; body: string }[]).find((m) => m.to === phone)?.body ?? '', {
        timeout: 20_000,
      })
      .toContain('/booking');

    await page.goto('/phone');
    await page.getByTestId('phone-page').waitFor();
    const row = page.getByTestId(`call-${call.callSid}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Voicemail');
    await expect
      .poll(() => row.getByTestId('call-text-back').innerText(), { timeout: 20_000 })
      .toMatch(/^Text (queued|sending|sent|delivered)$/);
    await expect.poll(() => row.getByRole('link', { name: /^Listen/ }).count()).toBe(1);
    expect(await axeViolations(page, '[data-testid="phone-page"]')).toEqual([]);

    // The caller's profile opens from the call.
    await row.getByRole('link', { name: `Pia ${lastName}` }).click();
    await page.getByTestId('client-profile').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Pia ${lastName}`);
    expect(new URL(page.url()).pathname).toBe(`/clients/${client.body.id}`);

    // Click to call: Twilio (the peer) is asked to ring the front desk from the business number.
    const before = ((await peer('/calls')) as unknown[]).length;
    await page.getByRole('button', { name: `Call Pia ${lastName}` }).click();
    await page.getByRole('status').filter({ hasText: 'Calling your phone' }).waitFor();
    const calls = (await peer('/calls')) as { sid: string; to: string; from: string; url: string }[];
    expect(calls.length).toBe(before + 1);
    const placed = calls.at(-1)!;
    expect(placed).toMatchObject({ to: business.forwardTo, from: business.number });
    // Staff pick up: the bridge dials the client; the log shows the outgoing call once it ends.
    const answered = await peer('/control/answer-call', { sid: placed.sid, duration: 75 });
    expect(answered.steps[0].body).toContain(`<Number>${phone}</Number>`);
    await page.goto('/phone');
    const outgoing = page.getByTestId(`call-${placed.sid}`);
    await outgoing.waitFor();
    await expect.poll(() => outgoing.innerText()).toMatch(/Outgoing[\s\S]*Answered[\s\S]*1:15/);
    await context.close();
  });

  it('an unknown caller becomes a client from the log', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await api(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault && l.isActive) ?? locations.find((l) => l.isActive))!.id;
    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
    const numbers = (await api(token, 'POST', '/graphql', { query: '{ phoneNumbers { locationId number } }' })).body.data.phoneNumbers as {
      locationId: string;
      number: string;
    }[];
    const phone = `+1312555${String(6000 + randomInt(3000))}`;
    const voiceUrl = `http://localhost:${new URL(baseUrl()).port}/api/webhooks/twilio/voice`;
    const call = await peer('/control/inbound-call', {
      url: voiceUrl,
      from: phone,
      to: numbers.find((n) => n.locationId === locationId)!.number,
      answer: 'busy',
    });
    await page.goto('/phone');
    const row = page.getByTestId(`call-${call.callSid}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Unknown caller');
    await row.getByRole('button', { name: /^Make client/ }).click();
    const lastName = `Newcaller${randomInt(1e6)}`;
    await row.getByLabel('First name').fill('Quinn');
    await row.getByLabel('Last name').fill(lastName);
    expect(await axeViolations(page, '[data-testid="phone-page"]')).toEqual([]);
    await row.getByRole('button', { name: 'Create client' }).click();
    await row.getByRole('link', { name: `Quinn ${lastName}` }).waitFor();
    await context.close();
  });
});
