import type { EventEnvelope } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, LOCATION, startPayroll, USERS, type PayrollTestApp } from './payroll-app.js';

/**
 * Reports from payroll's projections, fed only by events through the real consumers, on real
 * PostgreSQL: a week (Mon 9 – Sun 15 November 2026, Chicago) worked out by hand below; duplicates
 * counted once; a rebuild from the event journal gives the same report to the cent.
 */
let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('reports', { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const DANA = USERS.dana.id;
const JORDAN = USERS.jordan.id;
const OTHER_LOCATION = '10c00000-0000-4000-8000-000000000002';
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TICKET = (n: number) => id('7e000000', n);
const CLIENT = { a: id('c1000000', 1), b: id('c1000000', 2) };
const SERVICE = { haircut: id('5e000000', 1), colour: id('5e000000', 2) };
const SHAMPOO = id('8b000000', 1);
const APPT = (n: number) => id('a9000000', n);

type Line = { kind: 'service' | 'product'; name: string; net: number; staff: string; service?: string; product?: string };
function closed(
  n: number,
  at: string,
  o: { client: string | null; lines: Line[]; tips?: [string, number][]; discount?: number; tax?: number; location?: string },
): EventEnvelope {
  const net = o.lines.reduce((s, l) => s + l.net, 0);
  const discount = o.discount ?? 0;
  const tax = o.tax ?? 0;
  const tip = (o.tips ?? []).reduce((s, [, a]) => s + a, 0);
  return envelope(
    'retail.ticket.closed.v1',
    TICKET(n),
    {
      ticketId: TICKET(n),
      number: 2000 + n,
      clientId: o.client,
      appointmentIds: [],
      closedAt: at,
      subtotalMinor: net + discount,
      discountMinor: discount,
      taxMinor: tax,
      tipMinor: tip,
      totalMinor: net + tax + tip,
      currency: 'USD',
      lines: o.lines.map((l, i) => ({
        kind: l.kind,
        name: l.name,
        quantity: 1,
        netMinor: l.net,
        staffId: l.staff,
        appointmentId: null,
        serviceId: l.service ?? null,
        lineId: `${TICKET(n)}:${i}`,
        productId: l.product ?? null,
      })),
      tips: (o.tips ?? []).map(([staffId, amountMinor]) => ({ staffId, amountMinor })),
    },
    at,
    o.location ?? LOCATION,
  );
}
const paid = (p: number, ticket: number, method: 'cash' | 'card', amountMinor: number, at: string) =>
  envelope(
    'retail.payment.succeeded.v1',
    TICKET(ticket),
    { paymentId: id('9a000000', p), ticketId: TICKET(ticket), clientId: null, method, amountMinor, currency: 'USD', appointmentIds: [] },
    at,
  );
const clientCreated = (clientId: string, firstName: string, at: string) =>
  envelope('clients.client.created.v1', clientId, { clientId, firstName, lastName: 'Test', source: 'staff' }, at, null);
function appointment(
  n: number,
  staffId: string,
  clientId: string,
  startsAt: string,
  status: 'booked' | 'completed' | 'cancelled' | 'no-show',
  source: 'staff' | 'online' = 'staff',
) {
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  const events = [
    envelope(
      'scheduling.appointment.booked.v1',
      APPT(n),
      {
        appointmentId: APPT(n),
        clientId,
        serviceId: SERVICE.haircut,
        serviceName: 'Haircut',
        staffId,
        startsAt,
        endsAt,
        priceMinor: 4500,
        currency: 'USD',
        source,
      },
      '2026-11-01T12:00:00Z',
    ),
  ];
  const base = { appointmentId: APPT(n), clientId, staffId, startsAt };
  if (status === 'completed')
    events.push(
      envelope(
        'scheduling.appointment.completed.v1',
        APPT(n),
        { ...base, serviceId: SERVICE.haircut, priceMinor: 4500, currency: 'USD' },
        endsAt,
      ),
    );
  if (status === 'cancelled')
    events.push(
      envelope('scheduling.appointment.cancelled.v1', APPT(n), { ...base, reason: null, lateCancel: false }, '2026-11-02T12:00:00Z'),
    );
  if (status === 'no-show') events.push(envelope('scheduling.appointment.no-show.v1', APPT(n), base, endsAt));
  return events;
}

/**
 * The week:
 * - #1 Tue 10th 09:00 (15:00Z), client A: haircut 45.00 + shampoo 20.00 (Dana), tax 1.60, tip 9.00 → total 75.60 by card;
 *   refunded 10.00 on Thu 12th.
 * - #2 Tue 10th 22:30 Chicago (Wed 04:30Z: still the 10th locally), client B: colour 80.00 after a 10.00 discount
 *   (Jordan), tip 15.00 → 95.00 cash.
 * - #3 Thu 12th, client A: haircut 45.00 (Dana) → 45.00 card.
 * - #4 Wed 11th at the other location: haircut 30.00 (Dana), no client.
 * - #0 20 October, client A (before the range: A is returning).
 * Sales at LOCATION: 65.00 + 80.00 + 45.00 = 190.00 over 3 tickets (average 63.33); services 170.00, products 20.00;
 * tips 24.00; tax 1.60; discount 10.00; refunds 10.00; net 180.00.
 */
const EVENTS: EventEnvelope[] = [
  envelope(
    'identity.location.changed.v1',
    LOCATION,
    { locationId: LOCATION, name: 'Main Street', timeZone: 'America/Chicago', isActive: true, isDefault: true },
    '2026-01-01T00:00:00Z',
  ),
  envelope(
    'identity.location.changed.v1',
    OTHER_LOCATION,
    { locationId: OTHER_LOCATION, name: 'Lakeview', timeZone: 'America/Chicago', isActive: true, isDefault: false },
    '2026-01-01T00:00:00Z',
    OTHER_LOCATION,
  ),
  clientCreated(CLIENT.a, 'Avery', '2026-10-01T15:00:00Z'),
  clientCreated(CLIENT.b, 'Blake', '2026-11-10T15:00:00Z'),
  closed(0, '2026-10-20T15:00:00Z', {
    client: CLIENT.a,
    lines: [{ kind: 'service', name: 'Haircut', net: 4500, staff: DANA, service: SERVICE.haircut }],
  }),
  closed(1, '2026-11-10T15:00:00Z', {
    client: CLIENT.a,
    lines: [
      { kind: 'service', name: 'Haircut', net: 4500, staff: DANA, service: SERVICE.haircut },
      { kind: 'product', name: 'Shampoo', net: 2000, staff: DANA, product: SHAMPOO },
    ],
    tax: 160,
    tips: [[DANA, 900]],
  }),
  paid(1, 1, 'card', 7560, '2026-11-10T15:00:00Z'),
  // Delivered before its ticket (each event type has its own consumer): the payment still counts.
  paid(2, 2, 'cash', 9500, '2026-11-11T04:30:00Z'),
  closed(2, '2026-11-11T04:30:00Z', {
    client: CLIENT.b,
    lines: [{ kind: 'service', name: 'Colour', net: 8000, staff: JORDAN, service: SERVICE.colour }],
    discount: 1000,
    tips: [[JORDAN, 1500]],
  }),
  closed(3, '2026-11-12T18:00:00Z', {
    client: CLIENT.a,
    lines: [{ kind: 'service', name: 'Haircut', net: 4500, staff: DANA, service: SERVICE.haircut }],
  }),
  paid(3, 3, 'card', 4500, '2026-11-12T18:00:00Z'),
  closed(4, '2026-11-11T17:00:00Z', {
    client: null,
    lines: [{ kind: 'service', name: 'Haircut', net: 3000, staff: DANA, service: SERVICE.haircut }],
    location: OTHER_LOCATION,
  }),
  envelope(
    'retail.payment.refunded.v1',
    TICKET(1),
    {
      refundId: id('4e000000', 1),
      paymentId: id('9a000000', 1),
      ticketId: TICKET(1),
      clientId: CLIENT.a,
      method: 'card',
      amountMinor: 1000,
      reason: 'Wrong shampoo',
      currency: 'USD',
      appointmentIds: [],
    },
    '2026-11-12T19:00:00Z',
  ),
  // Appointments: A completed with Dana on the 10th and booked again for the 20th; B a no-show with Dana on the 9th,
  // then completed online with Jordan on the 10th (nothing after); a cancellation on the 13th.
  ...appointment(1, DANA, CLIENT.a, '2026-11-10T15:00:00Z', 'completed'),
  ...appointment(2, JORDAN, CLIENT.b, '2026-11-10T21:00:00Z', 'completed', 'online'),
  ...appointment(3, DANA, CLIENT.b, '2026-11-09T16:00:00Z', 'no-show'),
  ...appointment(4, DANA, CLIENT.a, '2026-11-13T16:00:00Z', 'cancelled'),
  ...appointment(5, DANA, CLIENT.a, '2026-11-20T16:00:00Z', 'booked'),
];

const RANGE = `from=2026-11-09&to=2026-11-15&locationId=${LOCATION}`;
let first: any;

describe('reports from events', () => {
  it('projects the week from events alone, to the cent', async () => {
    await t.deliver(EVENTS);
    const res = await t.as('admin').get(`/api/reports?${RANGE}`).expect(200);
    first = res.body;
    const s = first.sales;
    expect(s.totals).toEqual({
      tickets: 3,
      salesMinor: 19_000,
      servicesMinor: 17_000,
      productsMinor: 2_000,
      otherMinor: 0,
      discountMinor: 1_000,
      taxMinor: 160,
      tipsMinor: 2_400,
      refundsMinor: 1_000,
      netMinor: 18_000,
      averageTicketMinor: 6_333,
    });
    expect(s.byDay).toHaveLength(7);
    expect(s.byDay.find((d: any) => d.date === '2026-11-10')).toEqual({
      date: '2026-11-10',
      tickets: 2,
      salesMinor: 14_500,
      tipsMinor: 2_400,
      refundsMinor: 0,
    });
    expect(s.byDay.find((d: any) => d.date === '2026-11-12')).toEqual({
      date: '2026-11-12',
      tickets: 1,
      salesMinor: 4_500,
      tipsMinor: 0,
      refundsMinor: 1_000,
    });
    expect(s.byService).toEqual([
      { key: SERVICE.haircut, label: 'Haircut', count: 2, amountMinor: 9_000 },
      { key: SERVICE.colour, label: 'Colour', count: 1, amountMinor: 8_000 },
    ]);
    expect(s.byPaymentMethod).toEqual([
      { key: 'card', label: 'card', count: 2, amountMinor: 12_060 },
      { key: 'cash', label: 'cash', count: 1, amountMinor: 9_500 },
    ]);
    expect(s.byLocation).toEqual([{ key: LOCATION, label: 'Main Street', count: 3, amountMinor: 19_000 }]);
    expect(first.staff).toEqual([
      {
        staffId: DANA,
        staffName: 'Dana Lee',
        revenueMinor: 11_000,
        services: 2,
        tickets: 2,
        averageTicketMinor: 5_500,
        tipsMinor: 900,
        completedAppointments: 1,
        rebookingBps: 10_000,
        bookedMinutes: 120,
        workingMinutes: 0,
        utilisationBps: 0,
      },
      {
        staffId: JORDAN,
        staffName: 'Jordan Patel',
        revenueMinor: 8_000,
        services: 1,
        tickets: 1,
        averageTicketMinor: 8_000,
        tipsMinor: 1_500,
        completedAppointments: 1,
        rebookingBps: 0,
        bookedMinutes: 60,
        workingMinutes: 0,
        utilisationBps: 0,
      },
    ]);
    expect(first.appointments).toEqual({
      total: 4,
      booked: 0,
      completed: 2,
      cancelled: 1,
      noShow: 1,
      online: 1,
      noShowBps: 3_333,
      onlineBps: 2_500,
      // No working hours were published in this week's events: utilisation is in report-sections.spec.ts.
      bookedMinutes: 180,
      workingMinutes: 0,
      utilisationBps: 0,
      byStaff: [
        { key: DANA, label: 'Dana Lee', count: 2, amountMinor: 0 },
        { key: JORDAN, label: 'Jordan Patel', count: 1, amountMinor: 0 },
      ],
    });
    expect(first.clients).toEqual({
      newClients: 1,
      served: 2,
      returning: 1,
      firstVisits: 1,
      retentionBps: 5_000,
      rebookingBps: 5_000,
      topClients: [
        { key: CLIENT.a, label: 'Avery Test', count: 2, amountMinor: 11_000 },
        { key: CLIENT.b, label: 'Blake Test', count: 1, amountMinor: 8_000 },
      ],
    });
    expect(first.retail.topProducts).toEqual([{ key: SHAMPOO, label: 'Shampoo', count: 1, amountMinor: 2_000 }]);
  });

  it('counts every location without the filter', async () => {
    const all = (await t.as('admin').get('/api/reports?from=2026-11-09&to=2026-11-15').expect(200)).body;
    expect(all.sales.totals).toMatchObject({ tickets: 4, salesMinor: 22_000 });
    expect(all.sales.byLocation.map((r: any) => [r.label, r.amountMinor])).toEqual([
      ['Main Street', 19_000],
      ['Lakeview', 3_000],
    ]);
  });

  it('counts a duplicate delivery once, and a republished event (new id, same sale) once', async () => {
    const ticket1 = EVENTS.find((e) => e.type === 'retail.ticket.closed.v1' && e.aggregateId === TICKET(1))!;
    const refund = EVENTS.find((e) => e.type === 'retail.payment.refunded.v1')!;
    await t.deliver([
      ticket1,
      refund,
      { ...ticket1, id: '01900000-0000-7000-8000-0000000000a1' },
      { ...refund, id: '01900000-0000-7000-8000-0000000000a2' },
    ]);
    const again = (await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body;
    expect(again).toEqual(first);
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM event_journal`);
    expect(n).toBe(EVENTS.length + 2);
  });

  it('rebuilds the projections from the event journal alone and gives the same report', async () => {
    await t.as('outsider').post('/api/reports/rebuild').expect(403);
    const rebuilt = await t.as('admin').post('/api/reports/rebuild').expect(201);
    expect(rebuilt.body).toEqual({ events: EVENTS.length + 2 });
    const after = (await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body;
    expect(after).toEqual(first);
    const [{ tickets }] = await t.sql<{ tickets: number }>(`SELECT count(*)::int AS tickets FROM sales_tickets`);
    expect(tickets).toBe(5);
  });

  it("answers the dashboard's figures for the location's today and week", async () => {
    t.clock.set('2026-11-12T20:00:00Z');
    const gql = await t.gql(
      'admin',
      `query($l: ID) { dashboardFigures(locationId: $l) { date weekStart tickets salesMinor tipsMinor newClientsThisWeek } }`,
      {
        l: LOCATION,
      },
    );
    expect(gql.data.dashboardFigures).toEqual({
      date: '2026-11-12',
      weekStart: '2026-11-09',
      tickets: 1,
      salesMinor: 4_500,
      tipsMinor: 0,
      newClientsThisWeek: 1,
    });
  });

  it('exports a section as CSV and refuses who may not see reports', async () => {
    const csv = await t.as('admin').get(`/api/reports/export?section=sales&${RANGE}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('2026-11-10,2,145.00,24.00,0.00,USD');
    expect(csv.text).toContain('total,3,190.00,24.00,10.00,USD');
    await t.as('admin').get(`/api/reports/export?section=nope&${RANGE}`).expect(400);
    await t.as('outsider').get(`/api/reports?${RANGE}`).expect(403);
    const bad = await t.as('admin').get('/api/reports?from=2026-11-15&to=2026-11-09').expect(400);
    expect(JSON.stringify(bad.body)).toContain('to');
  });
});
