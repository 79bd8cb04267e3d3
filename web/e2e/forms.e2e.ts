import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// The forms walk of issue 15: build a consent form with a signature in /forms, publish it, ask a
// demo client for it, open their link on a phone-sized screen without an account, fill, sign
// (mouse strokes on the pad) and send; the client's profile then shows it filled with the signed
// PDF, whose text (pdftotext) names the salon, the client and the answer. A public document of the
// demo salon opens by its link. Every new screen passes axe.
let browser: Browser;

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

describe('forms with signatures', () => {
  it('builds and publishes a consent form, a client fills and signs it on a phone, the profile shows the signed PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/forms');
    await page.getByTestId('forms-page').waitFor();
    // The demo salon's forms are there.
    await page.getByRole('button', { name: /New client intake/ }).waitFor();

    await page.getByRole('button', { name: 'New form' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lightening consent');
    await page.getByLabel('Kind').selectOption('consent');
    await page.getByRole('checkbox', { name: 'Colour', exact: true }).check();
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

    // Ask a demo client for it: their own link ties the submission to their profile.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const clients = await api(token, '/api/clients?limit=1');
    const client = clients.data[0] as { id: string; firstName: string; lastName: string | null };
    const asked = await gql(token, 'mutation($f: ID!, $c: ID!) { requestForm(formId: $f, clientId: $c) { link status } }', {
      f: formId,
      c: client.id,
    });
    expect(asked.requestForm.status).toBe('due');
    const path = new URL(asked.requestForm.link).pathname + new URL(asked.requestForm.link).search;

    // The client, on a phone, signed out.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(path);
    const fill = phone.page.getByTestId('form-fill');
    await fill.waitFor();
    expect(await phone.page.locator('.sidebar, header.app-header').count()).toBe(0);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxe(phone.page, 'body');
    const fullName = `${client.firstName} ${client.lastName ?? ''}`.trim();
    await fill.getByLabel(/^Full name/).fill(fullName);
    await fill.getByRole('checkbox', { name: /I accept/ }).check();
    await fill.getByLabel('Your full name').fill(fullName);
    const pad = fill.getByTestId('signature-canvas');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await phone.page.mouse.move(box.x + 20, box.y + box.height / 2);
    await phone.page.mouse.down();
    for (let x = 20; x < box.width - 20; x += 12) await phone.page.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 15) * 20);
    await phone.page.mouse.up();
    await fill.getByRole('button', { name: 'Sign and send' }).click();
    await phone.page.getByTestId('form-done').waitFor();
    await phone.context.close();

    // The profile: filled, with the signed PDF.
    await page.goto(`/clients/${client.id}`);
    await page.getByTestId('tab-forms').click();
    const forms = page.getByTestId('client-forms');
    await expect.poll(() => forms.innerText()).toMatch(/Lightening consent\s*·\s*Filled/);
    await expect.poll(() => forms.getByRole('button', { name: /Signed PDF of Lightening consent/ }).count()).toBeGreaterThan(0);
    await expectNoAxe(page, '[data-testid="tab-panel-forms"]');

    const profile = await gql(token, 'query($c: ID!) { documents(clientId: $c) { id title kind } }', { c: client.id });
    const pdfDoc = profile.documents.find((d: { title: string }) => d.title.startsWith('Lightening consent'));
    const download = await gql(token, 'query($id: ID!) { documentDownload(id: $id) { url } }', { id: pdfDoc.id });
    const pdf = Buffer.from(await (await fetch(download.documentDownload.url)).arrayBuffer());
    const text = pdfText(pdf);
    expect(text).toContain(fullName);
    expect(text).toContain('strand test');
    expect(text).toContain('Accepted');
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
