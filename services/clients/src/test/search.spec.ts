import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoClients } from '../database/demo-clients.js';
import { startClients, type ClientsTestApp } from './clients-app.js';

let t: ClientsTestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startClients('search');
  // The demo salon's 300 clients as the haystack, and a few needles.
  await seedDemoClients(t.dataSource);
  const needles = {
    jennifer: { firstName: 'Jennifer', lastName: 'Smithers', phone: '(555) 010-2000', email: 'jenny.s@example.org', tags: ['Bridal'] },
    quentin: { firstName: 'Quentin', lastName: 'Zabrowski', phone: '+1 555 010 2001', email: 'qz@zabrowski.net' },
    deleted: { firstName: 'Quentina', lastName: 'Zabrowska', phone: '+1 555 010 2002' },
  };
  for (const [key, body] of Object.entries(needles)) ids[key] = (await t.as('manager').post('/api/clients', body).expect(201)).body.id;
  await t.as('manager').delete(`/api/clients/${ids.deleted}`).expect(204);
  await t.sql(
    `UPDATE clients SET last_visit_at = '2025-01-15T10:00:00Z', preferred_location_id = '0d000000-0000-4000-8000-000000000001' WHERE id = $1`,
    [ids.quentin],
  );
});
afterAll(async () => t?.close());

const search = async (q: string, extra = '') =>
  (
    await t
      .as('viewer')
      .get(`/api/clients?search=${encodeURIComponent(q)}${extra}`)
      .expect(200)
  ).body as { data: { id: string; fullName: string }[]; total: number };

describe('search as you type', () => {
  it('finds one person by every way of writing the phone', async () => {
    for (const q of ['(555) 010-2000', '5550102000', '+1 555 010 2000', '1-555-010-2000', '555.010.2000']) {
      const res = await search(q);
      expect(res.data[0]?.id, q).toBe(ids.jennifer);
    }
    // the last four digits, a prefix
    expect((await search('2000')).data.map((c) => c.id)).toContain(ids.jennifer);
    expect((await search('555 010 20')).data.map((c) => c.id)).toEqual(expect.arrayContaining([ids.jennifer, ids.quentin]));
  });

  it('tolerates typos in names and finds prefixes of any word', async () => {
    expect((await search('jenifer smthers')).data[0].id).toBe(ids.jennifer);
    expect((await search('Quentin Zabrowsky')).data[0].id).toBe(ids.quentin);
    expect((await search('zabr')).data.map((c) => c.id)).toEqual([ids.quentin]);
    expect((await search('Quen')).data[0].id).toBe(ids.quentin);
    expect((await search('qu')).data.map((c) => c.id)).toContain(ids.quentin);
  });

  it('finds by e-mail prefix', async () => {
    expect((await search('jenny.s@')).data.map((c) => c.id)).toEqual([ids.jennifer]);
    expect((await search('qz@zabrowski.net')).data.map((c) => c.id)).toEqual([ids.quentin]);
    expect((await search('jenny.s')).data[0].id).toBe(ids.jennifer);
  });

  it('never shows deleted or merged clients', async () => {
    expect((await search('Quentina Zabrowska')).data.map((c) => c.id)).not.toContain(ids.deleted);
    expect((await search('5550102002')).data).toEqual([]);
  });

  it('counts every match when a search fills the page', async () => {
    const all = await search('smith', '&limit=50');
    const page = await search('smith', '&limit=2&offset=1');
    expect(page.data.map((c) => c.id)).toEqual(all.data.slice(1, 3).map((c) => c.id));
    expect(page.total).toBe(all.total);
    const phone = await search('555 010 200', '&limit=1');
    expect(phone.total).toBe(2);
  });

  it('ranks exact and prefix matches before fuzzy ones', async () => {
    const res = await search('smith');
    expect(res.data.length).toBeGreaterThan(1);
    expect(res.data.slice(0, 3).every((c) => /smith/i.test(c.fullName))).toBe(true);
  });
});

describe('list, filters, sorts and paging', () => {
  it('pages through every live client in name order with the total', async () => {
    const first = (await t.as('viewer').get('/api/clients?limit=50').expect(200)).body;
    expect(first.total).toBe(302);
    expect(first.data).toHaveLength(50);
    const names = first.data.map((c: { fullName: string }) => c.fullName.toLowerCase());
    expect([...names].sort((a: string, b: string) => a.localeCompare(b))).toEqual(names);
    const second = (await t.as('viewer').get('/api/clients?limit=50&offset=50').expect(200)).body;
    expect(second.total).toBe(302);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const last = (await t.as('viewer').get('/api/clients?limit=50&offset=300').expect(200)).body;
    expect(last.data).toHaveLength(2);
  });

  it('filters by tag, location and last visit, and sorts', async () => {
    const bridal = (await t.as('manager').get('/api/clients?tag=Bridal&limit=200').expect(200)).body;
    expect(bridal.data.map((c: { id: string }) => c.id)).toContain(ids.jennifer);
    expect(bridal.data.every((c: { tags: string[] }) => c.tags.includes('Bridal'))).toBe(true);
    const [{ n }] = await t.sql(`SELECT count(*)::int AS n FROM clients WHERE 'Bridal' = ANY(tags) AND deleted_at IS NULL`);
    expect(bridal.total).toBe(n);
    const located = (await t.as('viewer').get('/api/clients?locationId=0d000000-0000-4000-8000-000000000001').expect(200)).body;
    expect(located.data.map((c: { id: string }) => c.id)).toEqual([ids.quentin]);
    const before = (await t.as('viewer').get('/api/clients?lastVisitBefore=2025-01-16&lastVisitAfter=2025-01-15').expect(200)).body;
    expect(before.data.map((c: { id: string }) => c.id)).toContain(ids.quentin);
    const newest = (await t.as('viewer').get('/api/clients?sort=-createdAt&limit=3').expect(200)).body;
    expect(newest.data.map((c: { id: string }) => c.id)).toEqual([ids.quentin, ids.jennifer, expect.any(String)]);
    const visits = (await t.as('viewer').get('/api/clients?sort=lastVisit&limit=5').expect(200)).body.data.map(
      (c: { lastVisitAt: string }) => c.lastVisitAt,
    );
    expect([...visits].sort()).toEqual(visits);
  });

  it('refuses bad paging and sorts naming the field', async () => {
    const res = await t.as('viewer').get('/api/clients?limit=0').expect(400);
    expect(res.body.details[0].field).toBe('limit');
    expect((await t.as('viewer').get('/api/clients?sort=age').expect(400)).body.details[0].field).toBe('sort');
  });
});
