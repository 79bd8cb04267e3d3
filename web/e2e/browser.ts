import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS });
}

/**
 * The page's `Date` shifted like the platform's (infra/lib/test-clock.mjs), before any script of
 * the page runs. Only Date: timers stay the browser's own (Playwright's `clock.install` would fake
 * them too and change when a debounce fires).
 */
function shiftDate(offsetMs: number) {
  const RealDate = Date;
  const now = () => RealDate.now() + offsetMs;
  const Shifted: DateConstructor = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === Shifted ? target : newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) =>
      property === 'now' ? now : Reflect.get(target, property, receiver === Shifted ? target : receiver),
  });
  globalThis.Date = Shifted;
}

/**
 * A fresh browser profile (own storage) at a desktop or phone size, on the walk's clock (the
 * platform's and this file's "now", see global-setup.ts; time keeps flowing from there).
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  await context.addInitScript(shiftDate, inject('clockOffsetMs'));
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, email: string, password = 'demo-salon') {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * A calendar cell that is free to book on a local day: asked of the open availability API (the
 * demo calendar is busy, so "the first cell" may sit under an appointment or in a break).
 */
export async function freeCellTestId(date: string, serviceName = 'Blow-dry'): Promise<string> {
  const get = async (path: string) => (await fetch(`${baseUrl()}${path}`)).json();
  const { locations } = await get('/api/online-booking');
  const services = (await get(`/api/online-booking/services?locationId=${locations[0].id}`)) as { id: string; name: string }[];
  const service = services.find((s) => s.name === serviceName) ?? services[0];
  const { slots } = (await get(`/api/availability?locationId=${locations[0].id}&serviceId=${service.id}&from=${date}&to=${date}`)) as {
    slots: { startsAt: string; staffId: string }[];
  };
  if (!slots.length) throw new Error(`no free time on ${date}`);
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(slots[0].startsAt))
    .replace(':', '');
  return `slot-${slots[0].staffId}-${hhmm}`;
}

/** A call to the platform's REST API as the walk's own code makes it (a token, or none for public routes). */
export async function api(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** An instant's local date (YYYY-MM-DD) and time (HH:MM, 24 h) in a zone. */
export function localParts(iso: string, tz: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** '14:30' → '2:30 PM', as the app and the assistant write times. */
export function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
