import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { baseUrl, launchBrowser, newPage, signIn } from './browser.js';

// Issue 20 item 15: a client's profile lists their visits (scheduling's clientAppointments) and
// books one again; the demo's "last visit" is the newest completed appointment.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T | null; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.map((e) => e.message).join('; ') ?? 'no data');
  return body.data;
}

interface Visit {
  id: string;
  status: string;
  startsAt: string;
  endsAt: string;
  serviceName: string;
}

/** A demo client with a visit still to come and at least one completed one. */
async function clientWithHistory(page: Page) {
  const { locations } = await gql<{ locations: { id: string; isDefault: boolean; isActive: boolean }[] }>(
    page,
    '{ locations { id isDefault isActive } }',
  );
  const location = locations.find((l) => l.isDefault && l.isActive)!;
  const from = new Date(Date.now()).toISOString();
  const to = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const { appointments } = await gql<{ appointments: { clientId: string; status: string }[] }>(
    page,
    `query($l: ID, $from: String!, $to: String!) { appointments(locationId: $l, from: $from, to: $to) { clientId status } }`,
    { l: location.id, from, to },
  );
  for (const clientId of [...new Set(appointments.filter((a) => a.status === 'booked').map((a) => a.clientId))]) {
    const { clientAppointments } = await gql<{ clientAppointments: Visit[] }>(
      page,
      `query($c: ID!) { clientAppointments(clientId: $c) { id status startsAt endsAt serviceName } }`,
      { c: clientId },
    );
    if (clientAppointments.some((v) => v.status === 'completed')) return { clientId, locationId: location.id, visits: clientAppointments };
  }
  throw new Error('no demo client with an upcoming and a completed appointment');
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  describe(`a client's Appointments tab (${size.name})`, () => {
    it('lists upcoming and past visits with service, staff and price; the header’s last visit is the newest completed; Book again opens booking prefilled', async () => {
      const { context, page } = await newPage(browser, { width: size.width, height: size.height });
      await signIn(page, 'admin@demo.salon');
      await page.getByTestId('dashboard-greeting').waitFor();
      const scene = await clientWithHistory(page);
      await page.evaluate((id) => localStorage.setItem('selectedLocationId', id), scene.locationId);
      await page.goto(`/clients/${scene.clientId}?tab=appointments`);
      const upcoming = page.getByTestId('visits-upcoming');
      const past = page.getByTestId('visits-past');
      await upcoming.getByTestId('visit-row').first().waitFor();
      await past.getByTestId('visit-row').first().waitFor();
      expect(await page.getByText('Coming soon').count()).toBe(0);
      const firstPast = await past.getByTestId('visit-row').first().innerText();
      expect(firstPast).toMatch(/ with /);
      expect(await past.getByTestId('visit-price').first().innerText()).toMatch(/^\$\d/);

      // The header's last visit is the newest completed appointment's date.
      const newest = scene.visits.filter((v) => v.status === 'completed').sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
      const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'short', day: 'numeric' }).format(
        new Date(newest.startsAt),
      );
      const header = await page.locator('.profile-meta').innerText();
      expect(header).toContain('Last visit');
      expect(header).toContain(day);
      expect(await axeViolations(page, '[data-testid="tab-panel-appointments"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await upcoming.getByTestId('book-again').first().click();
      await page.waitForURL(/\/appointments/);
      const selected = page.getByTestId('client-picker-selected');
      await selected.waitFor();
      const name = await page.evaluate(
        async (id) =>
          (
            await (
              await fetch('/graphql', {
                method: 'POST',
                headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
                body: JSON.stringify({ query: 'query($id: ID!) { client(id: $id) { fullName } }', variables: { id } }),
              })
            ).json()
          ).data.client.fullName as string,
        scene.clientId,
      );
      expect(await selected.innerText()).toContain(name);
      // The service list loads after the dialog opens; the visit's service is chosen once it is there.
      await expect.poll(() => page.getByTestId('book-service').inputValue(), { timeout: 10_000 }).not.toBe('');
      await context.close();
    });
  });
}
