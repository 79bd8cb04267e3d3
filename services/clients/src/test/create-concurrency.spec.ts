import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClients, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;

beforeAll(async () => {
  t = await startClients('create_race');
});
afterAll(async () => t?.close());

/** Ten front desks adding what they all believe is a new client, at once. */
async function createAtOnce(bodies: Record<string, unknown>[]) {
  const responses = await Promise.all(bodies.map((body) => t.as('manager').post('/api/clients', body)));
  return responses.map((r) => r.status).sort();
}

const phone = (i: number) => `(312) 555-02${String(i).padStart(2, '0')}`;

describe('duplicate check under concurrent creates', () => {
  it('lets one of ten creates with the same e-mail and different phones through; the others answer 409', async () => {
    const statuses = await createAtOnce(
      Array.from({ length: 10 }, (_, i) => ({
        firstName: `Eve${i}`,
        email: i % 2 ? 'Race.Email@example.com' : 'race.email@example.com',
        phone: phone(i),
      })),
    );
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await t.sql(`SELECT id FROM clients WHERE email = 'race.email@example.com'::citext`)).toHaveLength(1);
  });

  it('lets one of ten creates with the same phone (written differently) and different e-mails through', async () => {
    const written = ['(312) 555-0299', '312.555.0299', '+1 312 555 0299', '3125550299'];
    const statuses = await createAtOnce(
      Array.from({ length: 10 }, (_, i) => ({
        firstName: `Pat${i}`,
        phone: written[i % written.length],
        email: `race.phone.${i}@example.com`,
      })),
    );
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await t.sql(`SELECT id FROM clients WHERE phone_digits = '13125550299'`)).toHaveLength(1);
  });

  it('lets one through when some creates give only the e-mail and others the e-mail and a phone', async () => {
    const statuses = await createAtOnce(
      Array.from({ length: 10 }, (_, i) => ({
        firstName: `Mix${i}`,
        email: 'race.mixed@example.com',
        ...(i % 3 ? { phone: phone(50 + i) } : {}),
      })),
    );
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
  });
});
