import { randomInt } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The forms walk of issue 15: build a consent form with a signature in /forms, attach it to
// Haircut and publish it; a visitor books Haircut online on a phone-sized screen, opens the form
// from the booking confirmation, fills, signs (mouse strokes on the pad) and sends; the new
// client's profile then shows it filled and intact with the signed PDF, whose text (pdftotext)
// names the client and the answer, and opening it shows in the tab's read log. A public document of the
// demo salon opens by its link. A client booked for a service with a form gets its link by text
// (the local Twilio peer), opens it on a phone, and staff send it again from the profile. Every new
// screen passes axe.
let browser: Browser;
/** The form the first step builds; the tablet step asks a client for it again. */
let builtFormId = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const api = async (token: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return res.json() as Promise<any>;
};
const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  api(token, '/graphql', { method: 'POST', body: { query, variables } }).then((r) => {
    expect(r.errors).toBeUndefined();
    return r.data;
  });

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'walk-pdf-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Polled: a screen that is still fading in reads as low contrast until its transition ends. */
async function expectNoAxe(page: Page, selector: string) {
  await expect.poll(() => axeViolations(page, selector), { timeout: 10_000 }).toEqual([]);
}

/** Mouse strokes across the signature pad, as a finger or a mouse would draw. */
async function sign(page: Page, pad: ReturnType<Page['getByTestId']>) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let x = 20; x < box.width - 20; x += 12) await page.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 15) * 20);
  await page.mouse.up();
}

describe('forms with signatures', () => {
  it('builds a consent form with a signature for Haircut; a visitor books Haircut online on a phone, fills and signs it from the confirmation; the profile shows the signed PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/forms');
    await page.getByTestId('forms-page').waitFor();
    // The demo salon's forms are there.
    await page.getByRole('button', { name: /New client intake/ }).waitFor();

    // Attached to Haircut (no deposit online: the booking is made at once).
    await page.getByRole('button', { name: 'New form' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lightening consent');
    await page.getByLabel('Kind').selectOption('consent');
    await page.getByRole('checkbox', { name: 'Haircut', exact: true }).check();
    await page.getByLabel('Add a field').selectOption('consent');
    await page.getByRole('button', { name: 'Add to section 1' }).click();
    await page.getByLabel('Text the client accepts').fill('I understand lightening can leave my hair dry and agree to the strand test.');
    await page.getByLabel('Add a field').selectOption('signature');
    await page.getByRole('button', { name: 'Add to section 1' }).click();
    await expectNoAxe(page, '[data-testid="forms-page"]');
    await page.getByRole('button', { name: 'Publish' }).click();
    const link = page.getByTestId('public-link');
    await link.waitFor();
    const formId = new URL(await link.getAttribute('href'), baseUrl()).pathname.split('/').pop()!;
    expect(formId).toMatch(/^\d+$/);
    builtFormId = formId;
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;

    // A visitor books Haircut online on a phone-sized screen, signed out.
    const visitor = await newPage(browser, { width: 390, height: 844 });
    const phone = visitor.page;
    await phone.goto('/booking');
    const flow = phone.getByTestId('booking-flow');
    await flow.waitFor();
    if ((await flow.getAttribute('data-step')) === 'location') await flow.locator('.bk-choice').first().click();
    await flow.getByRole('button', { name: /^Haircut/ }).click();
    await phone.locator('[data-step="staff"]').waitFor();
    await flow.locator('.bk-choice').filter({ hasNotText: 'Anyone available' }).first().click();
    const slot = phone.locator('.bk-slot').first();
    await slot.waitFor();
    await slot.click();
    await phone.getByRole('button', { name: 'Continue' }).click();
    const lastName = `Wójcik${randomInt(1e6)}`;
    const fullName = `Łucja ${lastName}`;
    await phone.getByLabel('First name').fill('Łucja');
    await phone.getByLabel('Last name').fill(lastName);
    // Above the demo salon's numbers, so the booking makes a client of its own.
    await phone.getByLabel('Mobile phone').fill(`(312) 555-${5000 + randomInt(5000)}`);
    await phone.getByRole('button', { name: 'Continue' }).click();
    const [response] = await Promise.all([
      phone.waitForResponse((r) => r.url().endsWith('/api/online-booking/appointments') && r.request().method() === 'POST'),
      phone.getByRole('button', { name: 'Book appointment' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const confirmation = phone.getByTestId('booking-confirmation');
    await confirmation.getByText('You are booked').waitFor();
    // The confirmation lists the booked service's forms: the demo intake (a new client) and the consent just built.
    const forms = confirmation.getByTestId('booked-forms');
    const consent = forms.getByRole('link', { name: 'Fill in Lightening consent' });
    await consent.waitFor({ timeout: 40_000 });
    await forms.getByRole('link', { name: 'Fill in New client intake' }).waitFor();
    await expectNoAxe(phone, '[data-testid="booking-confirmation"]');
    expect(await consent.getAttribute('href')).toMatch(new RegExp(`^/forms/${formId}\\?r=[A-Za-z0-9_-]+$`));

    // Filled and signed on /forms/{id}, still on the phone.
    await consent.click();
    const fill = phone.getByTestId('form-fill');
    await fill.getByRole('heading', { name: 'Lightening consent' }).waitFor();
    expect(await phone.locator('.sidebar, header.app-header').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxe(phone, 'body');
    await fill.getByLabel(/^Full name/).fill(fullName);
    await fill.getByRole('checkbox', { name: /I accept/ }).check();
    await fill.getByLabel('Your full name').fill(fullName);
    await sign(phone, fill.getByTestId('signature-canvas'));
    await fill.getByRole('button', { name: 'Sign and send' }).click();
    await phone.getByTestId('form-done').waitFor();
    await visitor.context.close();

    // Staff find the new client and their Forms tab: filled, intact, with the signed PDF.
    const found = await api(token, `/api/clients?search=${encodeURIComponent(lastName)}`);
    expect(found.data).toHaveLength(1);
    const client = found.data[0] as { id: string };
    await page.goto(`/clients/${client.id}`);
    await page.getByTestId('tab-forms').click();
    const list = page.getByTestId('client-forms');
    await expect.poll(() => list.innerText()).toMatch(/Lightening consent\s*·\s*Filled/);
    await expect.poll(() => list.getByRole('button', { name: /Signed PDF of Lightening consent/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => list.getByTestId('form-integrity').first().innerText()).toMatch(/^intact$/i);
    await expectNoAxe(page, '[data-testid="tab-panel-forms"]');

    // The PDF's text names the client and the answers; opening it is logged, and the tab says so.
    const profile = await gql(token, 'query($c: ID!) { documents(clientId: $c) { id title kind } }', { c: client.id });
    const pdfDoc = profile.documents.find((d: { title: string }) => d.title.startsWith('Lightening consent'));
    const download = await gql(token, 'query($id: ID!) { documentDownload(id: $id) { url } }', { id: pdfDoc.id });
    const pdf = Buffer.from(await (await fetch(download.documentDownload.url)).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toContain(fullName);
    expect(text).toContain('strand test');
    expect(text).toContain('Accepted');
    await page.reload();
    await page.getByTestId('tab-forms').click();
    await expect.poll(() => page.getByTestId('client-forms').innerText()).toMatch(/Opened 1 time/);
    await context.close();
  });

  it('staff open a due form on the front-desk tablet: full screen, large targets, and back to the profile once signed', async () => {
    expect(builtFormId).not.toBe('');
    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const clients = await api(token, '/api/clients?limit=3');
    const client = clients.data[2] as { id: string; firstName: string; lastName: string | null };
    await gql(token, 'mutation($f: ID!, $c: ID!) { requestForm(formId: $f, clientId: $c) { status } }', { f: builtFormId, c: client.id });

    await page.goto(`/clients/${client.id}?tab=forms`);
    await page.getByRole('button', { name: /Fill on the tablet \(Lightening consent\)/ }).click();
    const kiosk = page.getByTestId('kiosk');
    const fill = kiosk.getByTestId('form-fill');
    await fill.waitFor();
    expect(await page.locator('.sidebar, header.app-header, .public-bar').count()).toBe(0);
    const send = fill.getByRole('button', { name: 'Sign and send' });
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await fill.getByLabel('Your full name').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoAxe(page, 'body');
    const fullName = `${client.firstName} ${client.lastName ?? ''}`.trim();
    await fill.getByLabel(/^Full name/).fill(fullName);
    await fill.getByRole('checkbox', { name: /I accept/ }).check();
    await fill.getByLabel('Your full name').fill(fullName);
    await sign(page, fill.getByTestId('signature-canvas'));
    await send.click();
    await kiosk.getByTestId('form-done').waitFor();
    await expectNoAxe(page, 'body');
    await kiosk.getByRole('button', { name: 'Back to the staff screen' }).click();

    // Back on the staff screen: the client's Forms tab, the form now filled with its PDF.
    await page.getByTestId('tab-panel-forms').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/clients/${client.id}`);
    const forms = page.getByTestId('client-forms');
    await expect.poll(() => forms.innerText()).toMatch(/Lightening consent\s*·\s*Filled/);
    await expect.poll(() => forms.innerText()).not.toMatch(/Lightening consent\s*·\s*Due/);
    await context.close();
  });

  it('a client booked for a service with a form gets its link by text and opens it on a phone; staff send it again from the profile', async () => {
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.salon', password: 'demo-salon' }),
    });
    const { token: admin } = (await login.json()) as { token: string };
    const locations = (await api(admin, '/api/locations')) as { id: string; isDefault: boolean }[];
    const locationId = (locations.find((l) => l.isDefault) ?? locations[0])!.id;
    const services = (await api(admin, `/api/services?locationId=${locationId}`)) as { id: string; name: string }[];
    const haircut = services.find((s) => s.name === 'Haircut')!;
    // Above the demo salon's numbers, so only this client has the phone.
    const phone = `+1312555${String(5000 + randomInt(5000))}`;
    const client = await api(admin, '/api/clients', {
      method: 'POST',
      body: {
        firstName: 'Noor',
        lastName: `Texted${randomInt(1e6)}`,
        phone,
        smsConsent: { granted: true, method: 'verbal' },
        allowDuplicate: true,
      },
    });
    // Booked at the desk for tomorrow's first free time: the demo intake (attached to Haircut) becomes due and its link goes out.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + 86_400_000));
    const { slots } = await api(
      admin,
      `/api/availability?locationId=${locationId}&serviceId=${haircut.id}&from=${tomorrow}&to=${tomorrow}`,
    );
    const slot = (slots as { startsAt: string; staffId: string }[])[0]!;
    await api(admin, '/api/appointments', {
      method: 'POST',
      body: { locationId, clientId: client.id, serviceId: haircut.id, staffId: slot.staffId, startsAt: slot.startsAt, source: 'staff' },
    });

    const LINK = /https?:\/\/\S+\/forms\/\d+\?r=[A-Za-z0-9_-]+/;
    const textsWithLink = async () => {
      const texts = (await (await fetch(`${inject('twilioUrl')}/messages`)).json()) as { to: string; body: string }[];
      return texts.filter((m) => m.to === phone && LINK.test(m.body));
    };
    await expect.poll(async () => (await textsWithLink()).length, { timeout: 40_000 }).toBe(1);
    const [text] = await textsWithLink();
    expect(text!.body).toContain('New client intake');
    const link = new URL(text!.body.match(LINK)![0]);

    // The client opens it on their phone, signed out: the intake, theirs to fill.
    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto(link.pathname + link.search);
    // The link opens the first of the client's forms by name: the first step's consent, also asked by Haircut.
    const first = builtFormId ? 'Lightening consent' : 'New client intake';
    await visitor.page.getByTestId('form-fill').getByRole('heading', { name: first }).waitFor();
    await expectNoAxe(visitor.page, 'body');
    await visitor.context.close();

    // Staff send the open forms again from the client's Forms tab: a second text with the same link.
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto(`/clients/${client.id}?tab=forms`);
    await page.getByTestId('tab-panel-forms').waitFor();
    await expectNoAxe(page, '[data-testid="tab-panel-forms"]');
    await page.getByRole('button', { name: 'Send forms by text or e-mail' }).click();
    await page.getByText('Forms sent').waitFor();
    await expect.poll(async () => (await textsWithLink()).length, { timeout: 40_000 }).toBe(2);
    expect((await textsWithLink())[1]!.body).toContain(link.pathname + link.search);
    await context.close();
  });

  it('opens a public document of the demo salon by its link, without an account', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/documents');
    await page.getByTestId('documents-page').waitFor();
    await expectNoAxe(page, '[data-testid="documents-page"]');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const { documents } = await gql(token, '{ documents { title publicId } }');
    const shared = documents.find((d: { publicId: string | null; title: string }) => d.publicId && d.title === 'Cancellation policy');
    await context.close();

    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto(`/documents/${shared.publicId}`);
    const doc = visitor.page.getByTestId('public-document');
    await expect.poll(() => doc.innerText()).toContain('Cancellation policy');
    await expectNoAxe(visitor.page, 'body');
    const res = await fetch(`${baseUrl()}/api/documents/public/${shared.publicId}/download`);
    expect(await res.text()).toContain('24 hours notice');
    await visitor.context.close();
  });
});
