import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The scheduling screens that exist so far, against the seeded demo salon.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('scheduling management', () => {
  it('shows the catalogue, the rooms and everyone’s week, and opens one person’s schedule', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();

    await page.goto('/services');
    await page.getByTestId('services-page').waitFor();
    await page.getByTestId('services-page').getByText('Balayage').first().waitFor();
    expect(await page.locator('[data-testid^="service-row-"]').count()).toBeGreaterThan(3);

    await page.goto('/rooms');
    await page.getByTestId('rooms-page').waitFor();
    await page.locator('[data-testid^="resource-row-"]').first().waitFor();

    await page.goto('/schedule');
    await page.getByTestId('schedule-page').waitFor();
    const person = page
      .getByTestId('schedule-page')
      .getByRole('link')
      .filter({ hasText: /Dana|Jordan|Riley|Morgan|Sam/ })
      .first();
    await person.click();
    await page.getByTestId('staff-schedule-page').waitFor();
    await page.getByTestId('weekday-1').waitFor();

    // An owner picks anyone's week on /staff-schedule, and a /staff row opens the person's hours.
    await page.goto('/staff-schedule');
    const switcher = page.getByTestId('schedule-person');
    await switcher.locator('option', { hasText: 'Jordan' }).first().waitFor({ state: 'attached' });
    const jordan = await switcher.locator('option', { hasText: 'Jordan' }).first().getAttribute('value');
    await switcher.selectOption(jordan!);
    await page.waitForURL(`**/staff-schedule/${jordan}`);
    await page.getByRole('heading', { level: 1, name: /Jordan/ }).waitFor();
    await page.getByTestId('weekday-1').waitFor();
    await page.goto('/staff');
    await page
      .getByTestId(`staff-row-${jordan}`)
      .getByRole('link', { name: /hours and time off/ })
      .click();
    await page.waitForURL(`**/staff-schedule/${jordan}`);
    await page.getByTestId('staff-schedule-page').waitFor();
    await context.close();
  });
});

describe('the calendar', () => {
  it('shows a day by staff column for the selected location', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/appointments');
    await page.getByTestId('calendar-day').waitFor();
    await page.locator('[data-testid^="staff-column-"]').first().waitFor();
    await page.getByTestId('view-week').click();
    await page.getByTestId('calendar-week').waitFor();
    await context.close();
  });
});

// The calendar against the API's own answers: which staff member, day and hour to use come from
// the unavailable-times endpoint and the slots API, never from column position or a fixed hour.
const MIN = 60_000;
const PX_PER_MIN = 1.2;

interface Interval {
  startsAt: string;
  endsAt: string;
  code: string;
  reason: string;
}
interface Shading {
  timeZone: string;
  staff: { staffId: string; name: string; intervals: Interval[] }[];
}
interface Slot {
  startsAt: string;
  endsAt: string;
  staffId: string;
}
interface Service {
  id: string;
  durationMin: number;
  bufferAfterMin: number;
  roomType: string | null;
  deviceTypes: string[];
  staff: { staffId: string }[];
}

async function apiAs(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
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
const localHHMM = (iso: string, tz: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .replace(':', '');
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * MIN).toISOString();

/**
 * A staff member with a break on a coming day, and two free times for a simple service: one
 * ending right where the break starts (growing it runs into the break), one with 15 free minutes
 * after it (growing it fits).
 */
/** A client of the demo salon: scheduling asks the clients service about every client it books. */
async function aClient(token: string): Promise<string> {
  const res = await apiAs(token, 'GET', '/api/clients?limit=1');
  expect(res.status).toBe(200);
  return (res.body as { data: { id: string }[] }).data[0]!.id;
}

async function findScene(token: string, locationId: string) {
  const services = ((await apiAs(token, 'GET', `/api/services?locationId=${locationId}`)).body as Service[])
    .filter((s) => !s.roomType && s.deviceTypes.length === 0 && s.durationMin <= 60)
    .sort((a, b) => a.durationMin - b.durationMin);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000);
    const probe = (
      await apiAs(
        token,
        'GET',
        `/api/availability/unavailable?locationId=${locationId}&from=${localDate(day, 'America/Chicago')}&to=${localDate(day, 'America/Chicago')}`,
      )
    ).body as Shading;
    const date = localDate(day, probe.timeZone);
    for (const person of probe.staff) {
      const brk = person.intervals.find((i) => i.code === 'staff-break');
      if (!brk) continue;
      for (const service of services.filter((s) => s.staff.length === 0 || s.staff.some((x) => x.staffId === person.staffId))) {
        const q = `locationId=${locationId}&serviceId=${service.id}&staffId=${person.staffId}&from=${plus(brk.startsAt, -5 * 60)}&to=${brk.startsAt}`;
        const slots = ((await apiAs(token, 'GET', `/api/availability?${q}`)).body?.slots ?? []) as Slot[];
        const starts = new Set(slots.map((s) => s.startsAt));
        const refuse = slots.find((s) => s.endsAt === brk.startsAt);
        // Grown by 15 minutes, its buffer after must still end before the other booking starts.
        const grow =
          refuse &&
          slots.find(
            (s) =>
              starts.has(plus(s.startsAt, 15)) && new Date(plus(s.endsAt, 15 + (service.bufferAfterMin ?? 0))) <= new Date(refuse.startsAt),
          );
        if (refuse && grow) return { date, staff: person, brk, service, refuse, grow, timeZone: probe.timeZone };
      }
    }
  }
  throw new Error('no staff member with a break and free time around it in the coming week');
}

/** Drags an appointment's bottom edge by whole 15-minute steps. */
async function dragBottomEdge(page: Page, handle: Locator, minutes: number) {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 2 });
  await page.mouse.move(x, y + minutes * PX_PER_MIN + 2, { steps: 6 });
  await page.mouse.up();
}

describe('the calendar: unavailable times and resizing', () => {
  it('shades a break with its reason, refuses a resize into it with the reason, and resizes within free time', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    // The default location first (the header picks it too); it is set explicitly below anyway.
    const locations = (await apiAs(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean }[];
    const locationId = locations.find((l) => l.isActive)!.id;
    const scene = await findScene(token, locationId);
    const clientId = await aClient(token);
    const book = async (slot: Slot, staffId = scene.staff.staffId) => {
      const res = await apiAs(token, 'POST', '/api/appointments', {
        locationId,
        clientId,
        serviceId: scene.service.id,
        staffId,
        startsAt: slot.startsAt,
        source: 'staff',
      });
      expect(res.status).toBe(201);
      return res.body as { id: string; endsAt: string };
    };
    const beforeBreak = await book(scene.refuse);
    const roomy = await book(scene.grow);

    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
    await page.goto(`/appointments?date=${scene.date}`);
    await page.getByTestId(`staff-column-${scene.staff.staffId}`).waitFor();

    // The break, shaded, with the engine's reason on hover (title) and for assistive technology.
    const shade = page.getByTestId(`unavailable-${scene.staff.staffId}-${localHHMM(scene.brk.startsAt, scene.timeZone)}`);
    await shade.scrollIntoViewIfNeeded();
    await shade.hover();
    expect(await shade.getAttribute('title')).toBe(scene.brk.reason);
    expect(scene.brk.reason).toMatch(/is on break/);
    expect(await shade.getAttribute('aria-label')).toContain(scene.brk.reason);

    // Growing the appointment that ends at the break: refused, with the reason.
    await page.getByTestId(`appointment-${beforeBreak.id}`).waitFor();
    await dragBottomEdge(page, page.getByTestId(`resize-${beforeBreak.id}`), 15);
    await page.getByTestId('move-error').filter({ hasText: scene.brk.reason }).waitFor();
    expect((await apiAs(token, 'GET', `/api/appointments/${beforeBreak.id}`)).body.endsAt).toBe(beforeBreak.endsAt);

    // Growing one with free time after it: saved.
    await dragBottomEdge(page, page.getByTestId(`resize-${roomy.id}`), 15);
    await expect
      .poll(async () => (await apiAs(token, 'GET', `/api/appointments/${roomy.id}`)).body.endsAt, { timeout: 15_000 })
      .toBe(plus(roomy.endsAt, 15));

    // Someone else books meanwhile, with anyone free that day (this person's day may be full by
    // now): the open calendar shows it without a reload.
    const dayStart = `${scene.date}T00:00:00Z`;
    const q = `locationId=${locationId}&serviceId=${scene.service.id}&from=${plus(dayStart, -12 * 60)}&to=${plus(dayStart, 36 * 60)}`;
    const free = ((await apiAs(token, 'GET', `/api/availability?${q}`)).body.slots as (Slot & { staffId: string })[]).find(
      (s) => localDate(new Date(s.startsAt), scene.timeZone) === scene.date,
    );
    expect(free, `a free ${scene.service.name} on ${scene.date}`).toBeDefined();
    const other = await book(free!, free!.staffId);
    await page.getByTestId(`appointment-${other.id}`).waitFor({ timeout: 20_000 });
    await context.close();
  });
});

interface VisitSlot {
  startsAt: string;
  segments: { serviceId: string; staffId: string; startsAt: string; endsAt: string }[];
}

describe('the calendar: a visit of several services', () => {
  it('draws each part in its performer’s column and does not let it be dragged', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const locations = (await apiAs(token, 'GET', '/api/locations')).body as { id: string; isActive: boolean }[];
    const locationId = locations.find((l) => l.isActive)!.id;
    const services = ((await apiAs(token, 'GET', `/api/services?locationId=${locationId}`)).body as Service[])
      .filter((s) => !s.roomType && s.deviceTypes.length === 0 && s.durationMin <= 60)
      .sort((a, b) => a.durationMin - b.durationMin);
    const pair = services.slice(0, 2);
    expect(pair).toHaveLength(2);
    // A free two-service visit in the coming days, preferring one whose parts are with two people.
    let found: { date: string; slot: VisitSlot } | null = null;
    for (let ahead = 2; ahead <= 8; ahead++) {
      const date = localDate(new Date(Date.now() + ahead * 86_400_000), 'America/Chicago');
      const res = await apiAs(
        token,
        'GET',
        `/api/availability?locationId=${locationId}&serviceIds=${pair.map((s) => s.id).join(',')}&from=${date}&to=${date}`,
      );
      const slots = ((res.body?.slots ?? []) as VisitSlot[]).filter((s) => s.segments.length === 2);
      const apart = slots.find((s) => s.segments[0]!.staffId !== s.segments[1]!.staffId);
      if (apart) {
        found = { date, slot: apart };
        break;
      }
      if (!found && slots[0]) found = { date, slot: slots[0] };
    }
    if (!found) throw new Error('no free two-service visit in the coming week');
    const booked = await apiAs(token, 'POST', '/api/appointments', {
      locationId,
      clientId: await aClient(token),
      startsAt: found.slot.startsAt,
      source: 'staff',
      services: found.slot.segments.map((s) => ({ serviceId: s.serviceId, staffId: s.staffId })),
    });
    expect(booked.status).toBe(201);
    const visit = booked.body as { id: string; segments: { position: number; staffId: string; startsAt: string }[] };
    expect(visit.segments).toHaveLength(2);

    await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), locationId);
    await page.goto(`/appointments?date=${found.date}`);
    for (const seg of visit.segments) {
      const part = page.getByTestId(`staff-column-${seg.staffId}`).getByTestId(`appointment-${visit.id}-part-${seg.position}`);
      await part.waitFor();
      expect(await part.innerText()).toContain(`part ${seg.position} of 2`);
      expect(await part.getAttribute('title')).toContain('Move a multi-service visit by cancelling and booking it again');
      expect(await part.getAttribute('class')).not.toContain('movable');
    }
    expect(await page.getByTestId(`resize-${visit.id}`).count()).toBe(0);
    await context.close();
  });
});
