import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './browser.js';

// Password recovery end to end: the page → identity's outbox → the event bus → messaging's
// consumer → BullMQ → the worker → the local SES server / the Twilio peer (through the official
// SDKs) → the link or code back into the browser → sign in with the new password.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function waitFor<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface LocalEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

describe('password recovery', () => {
  it('by e-mail: the link in the e-mail sets a new password that then signs in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('dana@demo.salon');
    await page.getByRole('button', { name: /send|reset/i }).click();
    await page.getByText(/If an account uses that e-mail address/).waitFor();

    const email = await waitFor('the reset e-mail at the local SES server', async () => {
      const res = await fetch(`${inject('sesUrl')}/store`);
      const { emails } = (await res.json()) as { emails: LocalEmail[] };
      return emails.find((e) => e.destination.to.some((to) => to.includes('dana@demo.salon')));
    });
    expect(email.subject).toMatch(/Reset your .* password/);
    const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(email.body.text ?? email.body.html ?? '')?.[0];
    expect(link).toBeTruthy();

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password', { exact: true }).fill('violet-harbor-41');
    await page.getByLabel('Confirm new password').fill('violet-harbor-41');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();

    await signIn(page, 'dana@demo.salon', 'violet-harbor-41');
    await page.getByTestId('dashboard-greeting').waitFor();
    await context.close();
  });

  it('by SMS: the texted code sets a new password that then signs in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/forgot-password-sms');
    await page.getByLabel('E-mail or phone number').fill('(312) 555-0104');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByRole('textbox', { name: 'Code' }).waitFor();

    const text = await waitFor('the code at the Twilio peer', async () => {
      const res = await fetch(`${inject('twilioUrl')}/messages`);
      const messages = (await res.json()) as { to: string; body: string }[];
      return messages.find((m) => m.to === '+13125550104');
    });
    const code = /\b(\d{6})\b/.exec(text.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByRole('textbox', { name: 'Code' }).fill(code!);
    await page.getByLabel('New password').fill('amber-canyon-73');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();

    await signIn(page, 'jordan@demo.salon', 'amber-canyon-73');
    await page.getByTestId('dashboard-greeting').waitFor();
    await context.close();
  });
});

describe('/email-test', () => {
  it('admin sends a test e-mail and a test SMS through the real pipeline and watches them go out', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/email-test');
    await page.getByTestId('test-email-form').getByLabel('E-mail address').fill('owner@example.com');
    await page.getByTestId('test-email-form').getByRole('button').click();
    await page.getByTestId('test-sms-form').getByLabel('Mobile number').fill('(312) 555-0177');
    await page.getByTestId('test-sms-form').getByRole('button').click();
    // The table lists every message (the recovery ones above too): follow the two test sends.
    const statusOf = (recipient: string) =>
      page
        .locator('[data-testid^="message-row-"]', { hasText: recipient })
        .locator('[data-testid^="message-status-"]')
        .first()
        .getAttribute('data-status');
    for (const recipient of ['owner@example.com', '0177']) {
      await expect.poll(() => statusOf(recipient), { timeout: 30_000 }).toMatch(/^(sent|delivered)$/);
    }
    const texts = (await (await fetch(`${inject('twilioUrl')}/messages`)).json()) as { to: string }[];
    expect(texts.some((m) => m.to === '+13125550177')).toBe(true);
    await context.close();
  });

  it('is admin only', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'staff@demo.salon');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.goto('/email-test');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
