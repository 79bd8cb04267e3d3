import type { EventEnvelope } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, LOCATION, startPayroll, USERS, type PayrollTestApp } from './payroll-app.js';

/**
 * Commission by category end to end: a pay rule saved through GraphQL with category rates, ticket
 * lines carrying the category retail snapshotted (and one event from before the field existed),
 * a drafted run paying each line to the cent; PINs set through GraphQL.
 */
let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('category', { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const JORDAN = USERS.jordan.id;
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const ADD = `mutation($s: ID!, $input: PayRuleInput!) { addPayRule(staffId: $s, input: $input) {
  version summary terms { productCommissionBps categoryCommissions { kind category rateBps } tips { paid lessCardFee } } } }`;

type Line = { n: number; kind: 'service' | 'product'; name: string; net: number; category?: string | null };
function closed(n: number, at: string, lines: Line[]): EventEnvelope {
  const sub = lines.reduce((s, l) => s + l.net, 0);
  return envelope(
    'retail.ticket.closed.v1',
    id('7e000000', n),
    {
      ticketId: id('7e000000', n),
      number: 2000 + n,
      clientId: null,
      appointmentIds: [],
      closedAt: at,
      subtotalMinor: sub,
      discountMinor: 0,
      taxMinor: 0,
      tipMinor: 0,
      totalMinor: sub,
      currency: 'USD',
      lines: lines.map((l) => ({
        kind: l.kind,
        name: l.name,
        quantity: 1,
        netMinor: l.net,
        staffId: JORDAN,
        appointmentId: null,
        serviceId: l.kind === 'service' ? id('5e000000', l.n) : null,
        lineId: id('7f000000', l.n),
        productId: l.kind === 'product' ? id('8b000000', l.n) : null,
        // An event from before the field existed has no category at all.
        ...(l.category === undefined ? {} : { category: l.category }),
      })),
      tips: [],
    },
    at,
  );
}

describe('commission by category', () => {
  it('refuses a rule naming the wrong field, then saves one with category rates through GraphQL', async () => {
    const bad = await t.gql('manager', ADD, {
      s: JORDAN,
      input: {
        effectiveFrom: '2026-01-01',
        categoryCommissions: [
          { kind: 'service', category: 'Colour', rateBps: 3000 },
          { kind: 'service', category: 'colour ', rateBps: 2500 },
          { kind: 'product', category: 'Hair care', rateBps: 12_000 },
        ],
      },
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const fields = (bad.errors[0].extensions.details as { field: string; message: string }[]).map((d) => [d.field, d.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['categoryCommissions.1.category', 'already has a service rate'],
        ['categoryCommissions.2.rateBps', expect.stringMatching(/10000/)],
      ]),
    );
    // Only a payroll manager writes rules.
    const denied = await t.gql('jordan', ADD, { s: JORDAN, input: { effectiveFrom: '2026-01-01' } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const saved = await t.gql('manager', ADD, {
      s: JORDAN,
      input: {
        effectiveFrom: '2026-01-01',
        serviceCommission: { rateBps: 4000, tierMode: 'whole', tiers: [], overrides: [] },
        productCommissionBps: 1000,
        categoryCommissions: [
          { kind: 'service', category: 'Colour', rateBps: 3250 },
          { kind: 'product', category: 'Hair care', rateBps: 1500 },
        ],
        tips: { paid: true, lessCardFee: false, takeBackOnRefund: false },
      },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.addPayRule).toEqual({
      version: 1,
      summary:
        'service commission 40%; product commission 10%; 32.5% on service category Colour; 15% on product category Hair care; tips paid in full',
      terms: {
        productCommissionBps: 1000,
        categoryCommissions: [
          { kind: 'service', category: 'Colour', rateBps: 3250 },
          { kind: 'product', category: 'Hair care', rateBps: 1500 },
        ],
        tips: { paid: true, lessCardFee: false },
      },
    });
  });

  it('pays each line at its category rate, else the base rate, to the cent', async () => {
    await t.deliver([
      closed(1, '2026-11-10T20:00:00Z', [
        { n: 1, kind: 'service', name: 'Colour', net: 15_099, category: 'Colour' },
        { n: 2, kind: 'product', name: 'Shampoo', net: 2333, category: 'hair care' },
      ]),
      closed(2, '2026-11-11T20:00:00Z', [
        { n: 3, kind: 'service', name: 'Haircut', net: 8001, category: 'Cuts' },
        { n: 4, kind: 'product', name: 'Brush', net: 1999, category: null },
      ]),
      // Closed before retail named categories: the base rate.
      closed(3, '2026-11-12T20:00:00Z', [{ n: 5, kind: 'service', name: 'Colour', net: 10_000 }]),
    ]);
    expect(await t.sql(`SELECT line_id, category FROM sales_lines ORDER BY line_id`)).toEqual([
      { line_id: id('7f000000', 1), category: 'Colour' },
      { line_id: id('7f000000', 2), category: 'hair care' },
      { line_id: id('7f000000', 3), category: 'Cuts' },
      { line_id: id('7f000000', 4), category: null },
      { line_id: id('7f000000', 5), category: null },
    ]);
    const run = (await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-09', periodEnd: '2026-11-22' }).expect(201)).body;
    const lines = (await t.as('manager').get(`/api/payroll/runs/${run.id}/lines?staffId=${JORDAN}`).expect(200)).body;
    expect(
      lines.map((l: { sourceId: string; amountMinor: number; arithmetic: string }) => [l.sourceId, l.amountMinor, l.arithmetic]),
    ).toEqual([
      // 150.99 × 32.5% = 49.07175 → 49.07
      [id('7f000000', 1), 4907, '150.99 × 32.5% (Colour rate) = 49.07'],
      // 80.01 × 40% = 32.004 → 32.00
      [id('7f000000', 3), 3200, '80.01 × 40% = 32.00'],
      [id('7f000000', 5), 4000, '100.00 × 40% = 40.00'],
      // 23.33 × 15% = 3.4995 → 3.50
      [id('7f000000', 2), 350, '23.33 × 15% (Hair care rate) = 3.50'],
      // 19.99 × 10% = 1.999 → 2.00
      [id('7f000000', 4), 200, '19.99 × 10% = 2.00'],
    ]);
    expect(run.staff.find((s: { staffId: string }) => s.staffId === JORDAN)).toMatchObject({
      commissionMinor: 4907 + 3200 + 4000 + 350 + 200,
    });
  });
});

describe('time clock PINs through GraphQL', () => {
  const SET = `mutation($s: ID, $pin: String!) { setClockPin(staffId: $s, pin: $pin) }`;
  it('a manager sets a person’s PIN; a short one is refused naming the pin; the person clocks in with it', async () => {
    const bad = await t.gql('manager', SET, { s: JORDAN, pin: '12' });
    expect(bad.errors?.[0]?.extensions?.details).toEqual([{ field: 'pin', message: 'must be 4 to 8 digits' }]);
    expect((await t.gql('desk', SET, { s: JORDAN, pin: '4821' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql('manager', SET, { s: JORDAN, pin: '4821' })).data).toEqual({ setClockPin: true });
    t.clock.set('2026-11-24T15:00:00Z');
    await t.as('desk').post('/api/time-clock/clock-in', { locationId: LOCATION, staffId: JORDAN, pin: '4821' }).expect(201);
  });
});
