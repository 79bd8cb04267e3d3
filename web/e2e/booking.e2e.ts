import { randomInt } from 'node:crypto';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

/** The calendar's updateAppointment call for one appointment, as it goes to the gateway's /graphql. */
const isUpdateOf = (id: string) => (r: Response) => {
  if (!r.url().endsWith('/graphql') || r.request().method() !== 'POST') return false;
  const body = r.request().postDataJSON() as { operationName?: string; variables?: { id?: string } } | null;
  return body?.operationName === 'UpdateAppointment' && body.variables?.id === id;
};

// The walk: a visitor books online, staff see it appear on the calendar, move it, and a
// refused move shows its reason. Then a signed-in client books, sees and cancels their own.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PX_PER_MIN = 1.2; // web/src/pages/appointments/layout.ts
const TZ = 'America/Chicago';
const localDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const localMinutes = (iso: string) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .split(':')
    .map(Number);
  return h * 60 + m;
};

/** Walks the public flow up to the time step: location (when asked), the service, the person. */
async function chooseServiceAndStaff(page: Page, service: string) {
  const flow = page.getByTestId('booking-flow');
  await flow.waitFor();
  if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').first().click();
  await flow.getByRole('button', { name: new RegExp(`^${service}`) }).click();
  await flow.locator('[data-step="staff"]').or(page.locator('[data-step="staff"]')).waitFor();
  const person = flow.locator('.bk-choice').filter({ hasNotText: 'Anyone available' }).first();
  const staffName = (await person.locator('.bk-choice-title').textContent())!;
  await person.click();
  return staffName;
}

async function pickFirstTime(page: Page) {
  const slot = page.locator('.bk-slot').first();
  await slot.waitFor();
  await slot.click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * A free morning time on a day with room to move it: another free time of the same person that
 * day, an hour or more away, ending (service and buffer) before the 12:30 lunch. Chosen from the
 * picker's own days and times, so it holds whatever the weekday or the hour (an afternoon walk has
 * no morning left today; the first free day may be a short one).
 */
async function pickTimeWithRoomToMove(page: Page, heldMin: number) {
  const picker = page.getByTestId('bk-time');
  await picker.locator('.bk-slot').first().waitFor();
  for (const day of await picker.locator('.bk-day:not([disabled])').all()) {
    const date = (await day.getAttribute('data-date'))!;
    await day.click();
    await picker.locator(`.bk-day.is-selected[data-date="${date}"]`).waitFor();
    const starts = (await picker.locator('.bk-slot').evaluateAll((els) => els.map((e) => e.getAttribute('data-starts-at')!))).filter(
      (iso) => localDate(iso) === date,
    );
    const mins = starts.map(localMinutes);
    const pick = starts.find((_, i) => mins.some((t) => Math.abs(t - mins[i]!) >= 60 && t + heldMin <= 12 * 60 + 30));
    if (pick) {
      await picker.locator(`.bk-slot[data-starts-at="${pick}"]`).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      return;
    }
  }
  throw new Error('no day in the picker with two free times an hour apart before lunch');
}

/** Drags an appointment block by `minutes` on the day calendar (pointer events, as a person would). */
async function dragBy(page: Page, testId: string, minutes: number) {
  const block = page.getByTestId(testId);
  await block.scrollIntoViewIfNeeded();
  const box = (await block.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i++) await page.mouse.move(x, y + (minutes * PX_PER_MIN * i) / steps);
  await page.mouse.up();
}

/** The platform's REST API as an outside caller (the test's own set-up and checks, not what a person does). */
async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The link in the newest text the local Twilio peer received for `to`, once it has come. */
async function linkTextedTo(to: string, pattern: RegExp): Promise<string | undefined> {
  for (let i = 0; i < 150; i++) {
    const texts = (await (await fetch(`${inject('twilioUrl')}/messages`)).json()) as { to: string; body: string }[];
    const link = texts.find((m) => m.to === to && pattern.test(m.body))?.body.match(pattern)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

describe('online booking, end to end', () => {
  it('a visitor books online; staff see it on the calendar, move it, and a refused move shows its reason', async () => {
    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/booking');
    await visitor.page.getByTestId('booking-page').getByText('Book your next visit').waitFor();
    const staffName = await chooseServiceAndStaff(visitor.page, 'Haircut');
    await pickTimeWithRoomToMove(visitor.page, 45 + 10);
    const lastName = `Walker${randomInt(1e6)}`;
    await visitor.page.getByLabel('First name').fill('Ana');
    await visitor.page.getByLabel('Last name').fill(lastName);
    await visitor.page.getByLabel('Mobile phone').fill(`(312) 555-${String(randomInt(1e4)).padStart(4, '0')}`);
    await visitor.page.getByRole('button', { name: 'Continue' }).click();
    await visitor.page.getByTestId('booking-summary').getByText(staffName).waitFor();
    const [response] = await Promise.all([
      visitor.page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      visitor.page.getByRole('button', { name: 'Book appointment' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const answer = await response.json();
    // The answer never says whether the visitor's details were on file (docs/security-notes/booking-id.md).
    expect(Object.keys(answer).sort()).toEqual(['appointment', 'formsKey', 'policies']);
    const { appointment } = answer;
    await visitor.page.getByTestId('booking-confirmation').getByText('You are booked').waitFor();
    await visitor.context.close();

    // The front desk's calendar, on the booked day: the new appointment is there, with the client the booking created.
    const desk = await newPage(browser, { width: 1400, height: 1400 });
    await signIn(desk.page, 'admin@demo.salon');
    await desk.page.getByTestId('dashboard-greeting').waitFor();
    await desk.page.goto(`/appointments?date=${localDate(appointment.startsAt)}`);
    const block = desk.page.getByTestId(`appointment-${appointment.id}`);
    await block.getByText(`Ana ${lastName}`).waitFor({ timeout: 15_000 });

    // Move it to another free time of the same person that day (asked of the open availability API).
    const day = localDate(appointment.startsAt);
    const free = await desk.page.evaluate(
      async ([base, loc, svc, staff, d]) =>
        (await (await fetch(`${base}/api/availability?locationId=${loc}&serviceId=${svc}&staffId=${staff}&from=${d}&to=${d}`)).json())
          .slots as { startsAt: string }[],
      [baseUrl(), appointment.locationId, appointment.serviceId, appointment.staffId, day] as const,
    );
    const from = localMinutes(appointment.startsAt);
    // Not touching the original time and before the lunch break, so the move only needs free time.
    const target =
      free.map((s) => localMinutes(s.startsAt)).find((m) => Math.abs(m - from) >= 60 && m + 45 + 10 <= 12 * 60 + 30) ??
      free.map((s) => localMinutes(s.startsAt)).find((m) => Math.abs(m - from) >= 60)!;
    expect(target).toBeDefined();
    const [moved] = await Promise.all([
      desk.page.waitForResponse(isUpdateOf(appointment.id)),
      dragBy(desk.page, `appointment-${appointment.id}`, target - from),
    ]);
    expect(moved.status()).toBe(200);
    const movedAnswer = await moved.json();
    expect(movedAnswer.errors).toBeUndefined();
    expect(localMinutes(movedAnswer.data.updateAppointment.startsAt)).toBe(target);
    await desk.page.getByText('Appointment moved').first().waitFor();

    // Into the lunch break (12:30–13:00): refused, and the calendar says why.
    const [refused] = await Promise.all([
      desk.page.waitForResponse(isUpdateOf(appointment.id)),
      dragBy(desk.page, `appointment-${appointment.id}`, 12 * 60 + 15 - target),
    ]);
    // The calendar writes through GraphQL: a refusal is an error with code CONFLICT (the 409 body's fields in extensions).
    const refusal = (await refused.json()).errors[0] as { message: string; extensions: { code: string } };
    expect(refusal.extensions.code).toBe('CONFLICT');
    const reason = refusal.message;
    expect(reason).toMatch(/break|Lunch|booked|taken/i);
    await desk.page.getByText(reason).first().waitFor();
    await desk.context.close();
  });

  it('a signed-in client books as themselves, sees the appointment and cancels it', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, 'client@demo.salon');
    await page.getByTestId('my-appointments').waitFor();
    await chooseServiceAndStaff(page, 'Blow-dry');
    await pickFirstTime(page);
    await page.getByText('Booking as').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Book appointment' }).click(),
    ]);
    expect(response.status()).toBe(201);
    await page.getByTestId('booking-confirmation').waitFor();
    const { appointment } = await response.json();
    const row = page.locator(`[data-appointment-id="${appointment.id}"]`);
    await row.waitFor();
    // The first free time may fall inside the late-cancel window; then the row says so instead of offering Cancel.
    if (await row.getByRole('button', { name: 'Cancel' }).isVisible()) {
      await row.getByRole('button', { name: 'Cancel' }).click();
      await row.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect.poll(async () => row.count()).toBe(0);
    } else {
      await row.getByText(/cannot be made online/).waitFor();
    }
    await context.close();
  });

  it('a visitor with a client’s phone books on a profile of their own; the link texted to that client adds the booking to them', async () => {
    const { token } = await api('POST', '/api/auth/login', undefined, { email: 'admin@demo.salon', password: 'demo-salon' });
    // Above the demo salon's numbers (555-0100 and up, a few hundred of them), so only Rosa has this phone.
    const digits = String(5000 + randomInt(5000));
    const phone = `+1312555${digits}`;
    const known = await api('POST', '/api/clients', token, {
      firstName: 'Rosa',
      lastName: `Known${randomInt(1e6)}`,
      phone,
      email: `rosa${randomInt(1e6)}@example.com`,
      smsConsent: { granted: true, method: 'verbal' },
      allowDuplicate: true,
    });

    // A visitor types a new name and e-mail with Rosa's phone, and says they have booked before.
    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/booking');
    await chooseServiceAndStaff(visitor.page, 'Haircut');
    await pickFirstTime(visitor.page);
    const lastName = `Visitor${randomInt(1e6)}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    await visitor.page.getByLabel('First name').fill('Rosie');
    await visitor.page.getByLabel('Last name').fill(lastName);
    await visitor.page.getByLabel('Mobile phone').fill(`(312) 555-${digits}`);
    await visitor.page.getByLabel('E-mail', { exact: true }).fill(email);
    await visitor.page.getByLabel(/I've booked with .* before/).check();
    await visitor.page.getByRole('button', { name: 'Continue' }).click();
    const [response] = await Promise.all([
      visitor.page.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      visitor.page.getByRole('button', { name: 'Book appointment' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const answer = await response.json();
    expect(Object.keys(answer).sort()).toEqual(['appointment', 'formsKey', 'policies']);
    await visitor.page
      .getByTestId('claim-sent')
      .getByText(/If your phone number or e-mail address is on file/)
      .waitFor();
    await visitor.context.close();

    // Never silently on Rosa: a profile of its own with what the visitor typed, listed as Rosa's possible duplicate.
    const booked = await api('GET', `/api/appointments/${answer.appointment.id}`, token);
    expect(booked.clientId).not.toBe(known.id);
    const own = await api('GET', `/api/clients/${booked.clientId}`, token);
    expect(own).toMatchObject({ firstName: 'Rosie', lastName, email, phone, source: 'Online booking', possibleDuplicateCount: 1 });
    const duplicates = (await api('GET', `/api/clients/${known.id}/duplicates`, token)) as { id: string; reasons: string[] }[];
    expect(duplicates.find((d) => d.id === booked.clientId)?.reasons).toContain('same phone');

    // The link goes to Rosa's phone on file; following it puts the booking on Rosa.
    const link = await linkTextedTo(phone, /https?:\/\/\S+\/booking\?confirm=\S+/);
    expect(link).toBeDefined();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    const claim = page.getByTestId('booking-claim');
    await claim.getByText('Was this booking yours?').waitFor();
    await claim.getByRole('button', { name: 'Yes, add it to my profile' }).click();
    await claim.getByText('Done: this booking is on your profile.').waitFor();
    await context.close();
    expect((await api('GET', `/api/appointments/${answer.appointment.id}`, token)).clientId).toBe(known.id);
    const rosa = await api('GET', `/api/clients/${known.id}`, token);
    expect(rosa).toMatchObject({ firstName: 'Rosa', possibleDuplicateCount: 0 });
  });

  it('a cancelled time is offered to the waitlisted client by SMS, and the link books it', async () => {
    const { token } = await api('POST', '/api/auth/login', undefined, { email: 'admin@demo.salon', password: 'demo-salon' });
    // A booked appointment three or more days ahead, away from the seeded waitlist's days.
    const from = new Date(Date.now() + 3 * 86_400_000);
    const { locations } = await api('GET', '/api/online-booking');
    const upcoming = (await api(
      'GET',
      `/api/appointments?locationId=${locations[0].id}&from=${from.toISOString()}&to=${new Date(from.getTime() + 7 * 86_400_000).toISOString()}`,
      token,
    )) as {
      id: string;
      status: string;
      serviceId: string;
      staffId: string;
      startsAt: string;
      segments: unknown[];
    }[];
    const target = upcoming.find((a) => a.status === 'booked' && a.segments.length === 1)!;
    expect(target).toBeDefined();
    const phone = `+1312555${String(randomInt(1e4)).padStart(4, '0')}`;
    const client = await api('POST', '/api/clients', token, {
      firstName: 'Wren',
      lastName: `Waiting${randomInt(1e6)}`,
      phone,
      smsConsent: { granted: true, method: 'verbal' },
      allowDuplicate: true,
    });
    const day = localDate(target.startsAt);
    await api('POST', '/api/waitlist', token, {
      locationId: locations[0].id,
      clientId: client.id,
      serviceId: target.serviceId,
      staffId: target.staffId,
      dateFrom: day,
      dateTo: day,
    });
    await api('PATCH', `/api/appointments/${target.id}`, token, { status: 'cancelled', cancelReason: 'Client is ill' });

    // scheduling → event → messaging worker → Twilio (the local peer): the text carries the link.
    const link = await linkTextedTo(phone, /https?:\/\/\S+\/booking\?offer=\S+/);
    expect(link).toBeDefined();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    const offer = page.getByTestId('waitlist-offer');
    await offer.getByText('A time opened up for you').waitFor();
    await offer.getByRole('button', { name: 'Take this time' }).click();
    await offer.getByText('You took this time').waitFor();
    const entries = (await api('GET', `/api/waitlist?locationId=${locations[0].id}&from=${day}&to=${day}&status=all`, token)) as {
      clientId: string;
      status: string;
    }[];
    expect(entries.find((e) => e.clientId === client.id)?.status).toBe('booked');
    await context.close();
  });
});
