import type { EventEnvelope } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, LOCATION, startPayroll, USERS, type PayrollTestApp } from './payroll-app.js';

/**
 * The newer report sections from payroll's projections, fed only by events through the real
 * consumers, on real PostgreSQL: utilisation (scheduling's working weeks against the appointments),
 * gift card liability and membership MRR and churn (retail's prepaid events). The week of Mon 9 –
 * Sun 15 November 2026 (Chicago), worked out by hand below; duplicates count once; a rebuild from
 * the event journal gives the same report. Automation results from messaging's finished sends.
 */
let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('report_sections', { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const DANA = USERS.dana.id;
const JORDAN = USERS.jordan.id;
const OTHER_LOCATION = '10c00000-0000-4000-8000-000000000002';
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLIENT = id('c1000000', 1);
const APPT = (n: number) => id('a9000000', n);
const CARD = (n: number) => id('9c000000', n);
const PAYMENT = (n: number) => id('9a000000', n);
const TICKET = (n: number) => id('7e000000', n);
const MEMBERSHIP = (n: number) => id('3b000000', n);
const PLAN = { club: id('91000000', 1), annual: id('91000000', 2), old: id('91000000', 3) };

const SEND = (n: number) => id('5d000000', n);
const finished = (n: number, kind: string, outcome: 'sent' | 'skipped' | 'cancelled', at: string, channels: ('sms' | 'email')[] = []) =>
  envelope(
    'messaging.automation.finished.v1',
    SEND(n),
    {
      sendId: SEND(n),
      kind,
      clientId: CLIENT,
      appointmentId: null,
      outcome,
      channels,
      reason: outcome === 'sent' ? null : 'The client has booked again',
      at,
    },
    at,
  );

const week = (days: number[], start: string, end: string, lunch?: [string, string]) =>
  days.flatMap((weekday) => [
    { weekday, start, end, kind: 'work' as const },
    ...(lunch ? [{ weekday, start: lunch[0], end: lunch[1], kind: 'break' as const }] : []),
  ]);
const hours = (staffId: string, intervals: ReturnType<typeof week>, at: string) =>
  envelope('scheduling.working-hours.changed.v1', `${staffId}:${LOCATION}`, { staffId, locationId: LOCATION, intervals }, at);

function appointment(n: number, staffId: string, startsAt: string, status: 'completed' | 'cancelled' | 'no-show' | 'booked') {
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  const base = { appointmentId: APPT(n), clientId: CLIENT, staffId, startsAt };
  const events: EventEnvelope[] = [
    envelope(
      'scheduling.appointment.booked.v1',
      APPT(n),
      { ...base, serviceId: id('5e000000', 1), serviceName: 'Haircut', endsAt, priceMinor: 4500, currency: 'USD', source: 'staff' },
      '2026-11-01T12:00:00Z',
    ),
  ];
  if (status === 'completed')
    events.push(
      envelope(
        'scheduling.appointment.completed.v1',
        APPT(n),
        { ...base, serviceId: id('5e000000', 1), priceMinor: 4500, currency: 'USD' },
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

const issued = (n: number, amountMinor: number, at: string, expiresAt: string | null = null) =>
  envelope(
    'retail.gift-card.issued.v1',
    CARD(n),
    { giftCardId: CARD(n), kind: 'certificate', amountMinor, currency: 'USD', clientId: null, ticketId: null, expiresAt },
    at,
  );
const redeemed = (card: number, payment: number, amountMinor: number, balanceAfterMinor: number, at: string) =>
  envelope(
    'retail.gift-card.redeemed.v1',
    CARD(card),
    { giftCardId: CARD(card), ticketId: TICKET(payment), paymentId: PAYMENT(payment), amountMinor, balanceAfterMinor, currency: 'USD' },
    at,
  );
const started = (n: number, plan: keyof typeof PLAN, at: string) =>
  envelope(
    'retail.membership.started.v1',
    MEMBERSHIP(n),
    {
      membershipId: MEMBERSHIP(n),
      planId: PLAN[plan],
      clientId: CLIENT,
      periodEnd: '2026-12-31T06:00:00Z',
      // An event from before the plan's figures travelled with it has none.
      ...(plan === 'old'
        ? {}
        : plan === 'club'
          ? { planName: 'Blowout Club', priceMinor: 7_900, currency: 'USD', period: 'month' as const }
          : { planName: 'Colour Care Annual', priceMinor: 89_000, currency: 'USD', period: 'year' as const }),
    },
    at,
  );

/**
 * Utilisation: Dana's week from 1 October is Mon–Fri 09:00–17:00 less a 30-minute lunch (450 minutes
 * a day); from Thursday 12th (published 09:00 local) Fridays are off: Mon–Thu = 4 × 450 = 1,800.
 * Jordan's hours (Mon–Fri 10:00–16:00) start Wednesday 11th: Wed–Fri = 3 × 360 = 1,080. Booked:
 * Dana a completed hour on the 10th and a no-show hour on the 9th (the cancellation on the 13th and
 * the booking on the 20th do not count) = 120; Jordan a completed hour on the 10th = 60.
 *
 * Gift cards: #1 100.00 (1 October), 30.00 spent on the 10th, 10.00 of that refunded onto it on the
 * 12th; #2 50.00 issued on the 10th, used up on the 13th; #3 25.00 (1 October), 5.00 spent on the
 * 10th, expires on the 12th holding 20.00. Opening 125.00 + issued 50.00 − redeemed 85.00 + refunded
 * 10.00 − expired 20.00 = 80.00 owed on one card.
 *
 * Memberships: club (79.00 a month) since September; club since October, cancelled on the 12th;
 * annual (890.00 a year: 74.17 a month) since October; club since the 10th; one from August whose
 * event carried no price. At the end: 4 active, MRR 79.00 × 2 + 74.17 = 232.17; at the start 4; one
 * cancelled: churn 25 %.
 */
const EVENTS: EventEnvelope[] = [
  envelope(
    'identity.location.changed.v1',
    LOCATION,
    { locationId: LOCATION, name: 'Main Street', timeZone: 'America/Chicago', isActive: true, isDefault: true },
    '2026-01-01T00:00:00Z',
  ),
  hours(DANA, week([1, 2, 3, 4, 5], '09:00', '17:00', ['12:00', '12:30']), '2026-10-01T15:00:00Z'),
  hours(DANA, week([1, 2, 3, 4], '09:00', '17:00', ['12:00', '12:30']), '2026-11-12T15:00:00Z'),
  hours(JORDAN, week([1, 2, 3, 4, 5], '10:00', '16:00'), '2026-11-11T12:00:00Z'),
  ...appointment(1, DANA, '2026-11-10T15:00:00Z', 'completed'),
  ...appointment(2, DANA, '2026-11-09T16:00:00Z', 'no-show'),
  ...appointment(3, DANA, '2026-11-13T16:00:00Z', 'cancelled'),
  ...appointment(4, DANA, '2026-11-20T16:00:00Z', 'booked'),
  ...appointment(5, JORDAN, '2026-11-10T21:00:00Z', 'completed'),
  issued(1, 10_000, '2026-10-01T15:00:00Z'),
  redeemed(1, 1, 3_000, 7_000, '2026-11-10T15:00:00Z'),
  envelope(
    'retail.payment.refunded.v1',
    TICKET(1),
    {
      refundId: id('4e000000', 1),
      paymentId: PAYMENT(1),
      ticketId: TICKET(1),
      clientId: null,
      method: 'gift_card',
      amountMinor: 1_000,
      reason: 'Returned product',
      currency: 'USD',
      appointmentIds: [],
    },
    '2026-11-12T15:00:00Z',
  ),
  issued(2, 5_000, '2026-11-10T15:00:00Z'),
  redeemed(2, 2, 5_000, 0, '2026-11-13T15:00:00Z'),
  issued(3, 2_500, '2026-10-01T15:00:00Z', '2026-11-12T06:00:00Z'),
  redeemed(3, 3, 500, 2_000, '2026-11-10T15:00:00Z'),
  started(1, 'club', '2026-09-01T15:00:00Z'),
  started(2, 'club', '2026-10-01T15:00:00Z'),
  envelope(
    'retail.membership.cancelled.v1',
    MEMBERSHIP(2),
    { membershipId: MEMBERSHIP(2), clientId: CLIENT, effectiveAt: '2026-11-12T15:00:00Z' },
    '2026-11-12T15:00:00Z',
  ),
  started(3, 'annual', '2026-10-10T15:00:00Z'),
  started(4, 'club', '2026-11-10T15:00:00Z'),
  // Membership 1 moves from the club to the annual plan on Wednesday 11th.
  envelope(
    'retail.membership.plan-changed.v1',
    MEMBERSHIP(1),
    {
      membershipId: MEMBERSHIP(1),
      clientId: CLIENT,
      fromPlanId: PLAN.club,
      planId: PLAN.annual,
      planName: 'Colour Care Annual',
      priceMinor: 89_000,
      currency: 'USD',
      period: 'year',
      priorityBookingDays: 30,
      creditsLeft: 10,
      prorationMinor: 81_100,
    },
    '2026-11-11T15:00:00Z',
  ),
  started(5, 'old', '2026-08-01T15:00:00Z'),
  // Automations: reminders sent by SMS (two) and by both channels (one), one cancelled; a rebook
  // nudge skipped; a reminder of the day before the range (Sun 8th, 23:30 Chicago) and after it.
  finished(1, 'reminder', 'sent', '2026-11-09T15:00:00Z', ['sms']),
  finished(2, 'reminder', 'sent', '2026-11-10T15:00:00Z', ['sms']),
  finished(3, 'reminder', 'sent', '2026-11-11T15:00:00Z', ['sms', 'email']),
  finished(4, 'reminder', 'cancelled', '2026-11-12T15:00:00Z'),
  finished(5, 'rebook', 'skipped', '2026-11-13T15:00:00Z'),
  finished(6, 'reminder', 'sent', '2026-11-09T05:30:00Z', ['sms']),
  finished(7, 'reminder', 'sent', '2026-11-16T15:00:00Z', ['sms']),
];

const RANGE = `from=2026-11-09&to=2026-11-15&locationId=${LOCATION}`;
let first: any;

describe('report sections from events', () => {
  it('measures utilisation, gift card liability and membership MRR from events alone', async () => {
    await t.deliver(EVENTS);
    first = (await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body;
    expect(first.appointments).toMatchObject({ bookedMinutes: 180, workingMinutes: 2_880, utilisationBps: 625 });
    expect(
      first.staff
        .map((s: any) => [s.staffName, s.bookedMinutes, s.workingMinutes, s.utilisationBps])
        .sort((a: any, b: any) => a[0].localeCompare(b[0])),
    ).toEqual([
      ['Dana Lee', 120, 1_800, 667],
      ['Jordan Patel', 60, 1_080, 556],
    ]);
    expect(first.giftCards).toEqual({
      liabilityMinor: 8_000,
      outstandingCards: 1,
      openingLiabilityMinor: 12_500,
      issuedMinor: 5_000,
      issuedCount: 1,
      redeemedMinor: 8_500,
      redeemedCount: 3,
      refundedMinor: 1_000,
      adjustedMinor: 0,
      expiredMinor: 2_000,
    });
    // Membership 1 counts at the annual plan it moved to on the 11th.
    expect(first.memberships).toEqual({
      active: 4,
      mrrMinor: 22_734,
      activeAtStart: 4,
      started: 1,
      cancelled: 1,
      churnBps: 2_500,
      byPlan: [
        { key: PLAN.annual, label: 'Colour Care Annual', count: 2, amountMinor: 14_834 },
        { key: PLAN.club, label: 'Blowout Club', count: 1, amountMinor: 7_900 },
        { key: PLAN.old, label: 'Membership', count: 1, amountMinor: 0 },
      ],
    });
    // The week before, it was still on the club.
    const before = (await t.as('admin').get(`/api/reports?from=2026-11-02&to=2026-11-08&locationId=${LOCATION}`).expect(200)).body;
    expect(before.memberships.byPlan.find((p: any) => p.key === PLAN.club)).toMatchObject({ count: 2, amountMinor: 15_800 });
    expect(first.automations).toEqual({
      sent: 3,
      skipped: 1,
      cancelled: 1,
      sms: 3,
      email: 1,
      byKind: [
        { kind: 'reminder', label: 'Reminder', sent: 3, skipped: 0, cancelled: 1, sentBps: 7_500 },
        { kind: 'rebook', label: 'Time to rebook', sent: 0, skipped: 1, cancelled: 0, sentBps: 0 },
      ],
    });
  });

  it('owes nothing at another location, and answers the same through GraphQL', async () => {
    const other = (await t.as('admin').get(`/api/reports?from=2026-11-09&to=2026-11-15&locationId=${OTHER_LOCATION}`).expect(200)).body;
    expect([other.giftCards.liabilityMinor, other.memberships.active, other.appointments.workingMinutes]).toEqual([0, 0, 0]);
    const gql = await t.gql(
      'admin',
      `query($l: ID) { report(from: "2026-11-09", to: "2026-11-15", locationId: $l) {
         appointments { utilisationBps } staff { staffId utilisationBps }
         giftCards { liabilityMinor expiredMinor } memberships { mrrMinor churnBps byPlan { label count amountMinor } } } }`,
      { l: LOCATION },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.report.appointments.utilisationBps).toBe(625);
    expect(gql.data.report.giftCards).toEqual({ liabilityMinor: 8_000, expiredMinor: 2_000 });
    expect(gql.data.report.memberships.mrrMinor).toBe(22_734);
  });

  it('counts a duplicate delivery once, and a republished event (new id, same movement) once', async () => {
    const again = EVENTS.filter(
      (e) => e.type.startsWith('retail.gift-card') || e.type.startsWith('retail.membership') || e.type.startsWith('messaging.'),
    );
    await t.deliver([...again, ...again.map((e, i) => ({ ...e, id: `01900000-0000-7000-8000-${String(i).padStart(12, '0')}` }))]);
    expect((await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body).toEqual(first);
  });

  it('rebuilds the projections from the event journal alone and gives the same report', async () => {
    await t.as('admin').post('/api/reports/rebuild').expect(201);
    expect((await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body).toEqual(first);
  });

  it('exports the new sections as CSV', async () => {
    const gift = await t.as('admin').get(`/api/reports/export?section=gift-cards&${RANGE}`).expect(200);
    expect(gift.text).toContain('liability,80.00,1,USD');
    expect(gift.text).toContain('expired,20.00,,USD');
    const members = await t.as('admin').get(`/api/reports/export?section=memberships&${RANGE}`).expect(200);
    expect(members.text.split(/\r?\n/).slice(0, 2)).toEqual([
      'active,mrr,active_at_start,started,cancelled,churn_percent,currency',
      '4,227.34,4,1,1,25.00,USD',
    ]);
    const automations = await t.as('admin').get(`/api/reports/export?section=automations&${RANGE}`).expect(200);
    expect(automations.text).toContain('Reminder,3,0,1,75.00');
    const staff = await t.as('admin').get(`/api/reports/export?section=staff&${RANGE}`).expect(200);
    expect(staff.text).toContain('2.00,30.00,6.67');
  });

  it('takes a voided card off the liability as an adjustment, once', async () => {
    const voided = envelope(
      'retail.gift-card.voided.v1',
      CARD(9),
      { giftCardId: CARD(9), ticketId: TICKET(9), refundId: id('4e000000', 9), amountMinor: 4_000, balanceAfterMinor: 0, currency: 'USD' },
      '2026-11-11T15:00:00Z',
    );
    await t.deliver([issued(9, 4_000, '2026-10-01T15:00:00Z'), voided, { ...voided, id: '01900000-0000-7000-8000-999999999999' }]);
    const report = (await t.as('admin').get(`/api/reports?${RANGE}`).expect(200)).body;
    expect(report.giftCards).toMatchObject({ liabilityMinor: 8_000, openingLiabilityMinor: 16_500, adjustedMinor: -4_000 });
  });
});
