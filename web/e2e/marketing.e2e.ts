import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The marketing walk (issue 13): the owner builds a segment (live count), writes an e-mail
// campaign (subject, and the block editor's starter e-mail), sends it; the e-mail reaches the local SES server with an
// unsubscribe link, and following it unsubscribes the client (their e-mail consent is withdrawn).
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

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The e-mail to `address` in the local SES server's store, once it is there. */
async function emailTo(ses: string, address: string): Promise<StoredEmail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const emails = (await (await fetch(`${ses}/store`)).json()).emails as StoredEmail[];
    const found = emails.find((e) => e.destination.to.some((to) => to.includes(address)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in the SES store`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('marketing', () => {
  it('a segment, an e-mail campaign from the editor, the e-mail in SES with a working unsubscribe link', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;

    // A client who agreed to e-mails, with a tag of this run only.
    const tag = `Spring${randomInt(1e6)}`;
    const email = `wren.${tag.toLowerCase()}@example.com`;
    const client = await api(token, 'POST', '/api/clients', {
      firstName: 'Wren',
      lastName: 'Walker',
      email,
      tags: [tag],
      emailConsent: { granted: true, method: 'written' },
      allowDuplicate: true,
    });
    expect(client.status).toBe(201);

    // The segment: clients with that tag, counted live.
    await page.goto('/marketing');
    await page.getByTestId('marketing-page').waitFor();
    await page.getByRole('button', { name: 'New segment' }).click();
    await page.getByLabel('Segment name').fill(`Spring list ${tag}`);
    await page.getByLabel('Rule 1').selectOption('tag');
    await page.getByLabel('Condition').selectOption('has');
    await page.getByLabel('Tag', { exact: true }).fill(tag);
    await expect
      .poll(() => page.getByTestId('segment-count').innerText(), { timeout: 15_000 })
      .toBe('1 client · 1 reachable by e-mail · 0 by text');
    expect(await axeViolations(page, '[data-testid="marketing-page"]')).toEqual([]);
    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByTestId(`segment-Spring list ${tag}`).waitFor();

    // The campaign, written in the block editor.
    await page.getByRole('button', { name: 'New campaign' }).click();
    const editor = page.getByTestId('campaign-editor');
    await editor.getByLabel('Campaign name').fill(`Spring ${tag}`);
    await editor.getByLabel('Send to').selectOption({ label: `Spring list ${tag}` });
    await editor.getByLabel('Subject').fill('Spring offer for {{firstName}}');
    await page.locator('[data-testid="email-designer"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const canvas = page.frameLocator('.gjs-frame');
    // The designer shows the starter e-mail in its canvas (the e-mail sent is the designer's output).
    await expect.poll(() => canvas.locator('h1').innerText(), { timeout: 15_000 }).toBe('Hello {{firstName}}');
    expect(await axeViolations(page, '[data-testid="marketing-page"]')).toEqual([]);
    await editor.getByRole('button', { name: 'Send now' }).click();
    await editor.waitFor({ state: 'detached' });

    const name = `Spring ${tag}`;
    await expect.poll(() => page.getByTestId(`campaign-state-${name}`).innerText(), { timeout: 30_000 }).toBe('Sent');
    await expect.poll(() => page.getByTestId(`campaign-sent-${name}`).innerText(), { timeout: 30_000 }).toBe('1');

    // The e-mail in the local SES server's store, personalised, with the unsubscribe link.
    const received = await emailTo(inject('sesUrl'), email);
    expect(received.subject).toBe('Spring offer for Wren');
    // The designer's HTML, CSS inlined (GrapesJS's export), personalised.
    expect(received.body.html).toMatch(/<h1 id="[^"]+" style="[^"]*font-size: 24px;[^"]*">Hello Wren<\/h1>/);
    const link = /Unsubscribe: (\S+)/.exec(received.body.text ?? '')![1]!;
    expect(received.body.html).toContain(`href="${link}"`);

    // The open pixel, fetched through the gateway's public path with no session: one open on the campaign.
    const pixel = /<img src="([^"]*\/api\/marketing\/track\/open\/[^"]+)"/.exec(received.body.html ?? '')![1]!;
    const opened = await fetch(pixel.replace(/^https?:\/\/[^/]+/, baseUrl()));
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    await expect.poll(() => page.getByTestId(`campaign-opened-${name}`).innerText(), { timeout: 15_000 }).toMatch(/^1\b/);

    // Following it: a page without a session, one button, and the client is unsubscribed.
    const visitor = await newPage(browser);
    await visitor.page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await visitor.page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    expect(await axeViolations(visitor.page, 'html')).toEqual([]);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await visitor.context.close();

    await expect
      .poll(async () => (await api(token, 'GET', `/api/clients/${client.body.id}`)).body.emailConsent, { timeout: 30_000 })
      .toMatchObject({ granted: false, method: 'unsubscribe-link' });
    await expect.poll(() => page.getByTestId(`campaign-unsubscribed-${name}`).innerText(), { timeout: 15_000 }).toBe('1');

    // A saved MJML template: a tag in the wrong place is refused with its line, then previewed in the salon look and saved.
    const templates = page.getByTestId('email-templates');
    await templates.getByRole('button', { name: 'New template' }).click();
    const form = templates.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name', { exact: true }).fill(`Colour ${tag}`);
    await form.getByLabel(/^MJML/).fill('<mj-section>\n<mj-text>Hi</mj-text>\n</mj-section>');
    await form.getByRole('button', { name: 'Save template' }).click();
    await expect
      .poll(() => form.locator('#email-template-mjml-error').innerText())
      .toMatch(/^line \d+: mj-text cannot be used inside mj-section/);
    await form
      .getByLabel(/^MJML/)
      .fill(
        '<mj-section><mj-column><mj-text>Hi {{firstName}}</mj-text><mj-button href="https://example.com/book">Book</mj-button></mj-column></mj-section>',
      );
    await form.getByRole('button', { name: 'Preview in the salon look' }).click();
    await page.getByTitle('E-mail preview').waitFor();
    expect(await axeViolations(page, '[data-testid="marketing-page"]')).toEqual([]);
    await form.getByRole('button', { name: 'Save template' }).click();
    await form.waitFor({ state: 'detached' });
    await templates.getByRole('button', { name: `Edit Colour ${tag}` }).waitFor();
    await context.close();
  });
});
