import type { EventEnvelope, PayRuleInput } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, LOCATION, startPayroll, USERS, type PayrollTestApp } from './payroll-app.js';

/**
 * The worked example: a two-week period (Mon 9 – Sun 22 November 2026, Chicago) with shifts,
 * services, products, tips, a card fee, a refund in the period and a rule change on the 16th;
 * then a refund after the period closed. Every figure below is worked out by hand in the comments.
 */
let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('runs', { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const DANA = USERS.dana.id;
const JORDAN = USERS.jordan.id;
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TICKET = (n: number) => id('7e000000', n);
const LINE = (n: number) => id('7f000000', n);
const PAYMENT = (n: number) => id('9a000000', n);
const SERVICE = { haircut: id('5e000000', 1), colour: id('5e000000', 2), blow: id('5e000000', 3) };

const danaV1: PayRuleInput = {
  effectiveFrom: '2026-01-01',
  hourlyRateMinor: 1500,
  serviceCommission: { rateBps: 4000, tierMode: 'whole', tiers: [{ fromMinor: 40_000, rateBps: 4500 }] },
  productCommissionBps: 1000,
  deductions: { backBarFeeMinor: 200 },
  tips: { paid: true, lessCardFee: true },
};
const danaV2: PayRuleInput = {
  ...danaV1,
  effectiveFrom: '2026-11-16',
  hourlyRateMinor: 1600,
  serviceCommission: { rateBps: 4200, tierMode: 'whole', tiers: [{ fromMinor: 40_000, rateBps: 4700 }] },
  productCommissionBps: 1200,
};
const jordanV1: PayRuleInput = {
  effectiveFrom: '2026-01-01',
  salaryPerPeriodMinor: 120_000,
  serviceCommission: { rateBps: 3000, tierMode: 'marginal', tiers: [{ fromMinor: 3000, rateBps: 5000 }] },
  productCommissionBps: 500,
  tips: { paid: true, lessCardFee: false },
};

type Line = { n: number; kind: 'service' | 'product'; name: string; net: number; staff: string; service?: string };
function closed(n: number, at: string, lines: Line[], tips: [string, number][]): EventEnvelope {
  const sub = lines.reduce((s, l) => s + l.net, 0);
  const tip = tips.reduce((s, [, a]) => s + a, 0);
  return envelope(
    'retail.ticket.closed.v1',
    TICKET(n),
    {
      ticketId: TICKET(n),
      number: 1000 + n,
      clientId: null,
      appointmentIds: [],
      closedAt: at,
      subtotalMinor: sub,
      discountMinor: 0,
      taxMinor: 0,
      tipMinor: tip,
      totalMinor: sub + tip,
      currency: 'USD',
      lines: lines.map((l) => ({
        kind: l.kind,
        name: l.name,
        quantity: 1,
        netMinor: l.net,
        staffId: l.staff,
        appointmentId: null,
        serviceId: l.service ?? null,
        lineId: LINE(l.n),
        productId: l.kind === 'product' ? id('8b000000', l.n) : null,
      })),
      tips: tips.map(([staffId, amountMinor]) => ({ staffId, amountMinor })),
    },
    at,
  );
}
const paid = (p: number, ticket: number, method: 'cash' | 'card', amountMinor: number, at: string) =>
  envelope(
    'retail.payment.succeeded.v1',
    TICKET(ticket),
    { paymentId: PAYMENT(p), ticketId: TICKET(ticket), clientId: null, method, amountMinor, currency: 'USD', appointmentIds: [] },
    at,
  );
const refunded = (r: number, p: number, ticket: number, amountMinor: number, at: string) =>
  envelope(
    'retail.payment.refunded.v1',
    TICKET(ticket),
    {
      refundId: id('4e000000', r),
      paymentId: PAYMENT(p),
      ticketId: TICKET(ticket),
      clientId: null,
      method: 'card',
      amountMinor,
      reason: 'Unhappy with colour',
      currency: 'USD',
      appointmentIds: [],
    },
    at,
  );

/** A shift of Dana's through the real clock: in at 09:00 Chicago (15:00Z), a 30-minute break at 13:00, out at `outZ`. */
async function shift(day: string, outZ: string) {
  const body = { locationId: LOCATION };
  t.clock.set(`${day}T15:00:00Z`);
  await t.as('dana').post('/api/time-clock/clock-in', body).expect(201);
  t.clock.set(`${day}T19:00:00Z`);
  await t.as('dana').post('/api/time-clock/break-start', body).expect(201);
  t.clock.set(`${day}T19:30:00Z`);
  await t.as('dana').post('/api/time-clock/break-end', body).expect(201);
  t.clock.set(outZ);
  await t.as('dana').post('/api/time-clock/clock-out', body).expect(201);
}

let runId: string;

describe('a two-week payroll run', () => {
  it('sets up: rules (Dana changes on the 16th), the card fee, shifts, and the period’s sales as retail published them', async () => {
    await t
      .as('manager')
      .put(`/api/time-clock/rules/${LOCATION}`, {
        weeklyLimitMinutes: 2400,
        dailyLimitMinutes: null,
        multiplierPercent: 150,
        forgottenAfterHours: 14,
        cardFeeBps: 300,
      })
      .expect(200);
    await t.as('manager').post(`/api/pay-rules/${DANA}`, danaV1).expect(201);
    const v2 = await t.as('manager').post(`/api/pay-rules/${DANA}`, danaV2).expect(201);
    expect(v2.body).toMatchObject({ version: 2, effectiveFrom: '2026-11-16' });
    await t.as('manager').post(`/api/pay-rules/${JORDAN}`, jordanV1).expect(201);
    // Staff may not write their own rules; they read them.
    await t.as('dana').post(`/api/pay-rules/${DANA}`, danaV1).expect(403);
    expect((await t.as('dana').get(`/api/pay-rules/${DANA}`).expect(200)).body).toHaveLength(2);
    await t.as('dana').get(`/api/pay-rules/${JORDAN}`).expect(403);

    // Week 1: Mon–Fri 09:00–18:30 less 30 min = 9 h a day, 45 h: 5 h overtime on Friday.
    for (const d of ['09', '10', '11', '12', '13'])
      await shift(`2026-11-${d}`, `2026-11-${String(Number(d) + 1).padStart(2, '0')}T00:30:00Z`);
    // Week 2: Mon, Tue 09:00–17:30 less 30 min = 8 h.
    for (const d of ['16', '17']) await shift(`2026-11-${d}`, `2026-11-${d}T23:30:00Z`);

    await t.deliver([
      // T1, 10 Nov (rule v1): haircut 80.00, shampoo 25.00, tip 16.00, all by card.
      closed(
        1,
        '2026-11-10T20:00:00Z',
        [
          { n: 1, kind: 'service', name: 'Haircut', net: 8000, staff: DANA, service: SERVICE.haircut },
          { n: 2, kind: 'product', name: 'Shampoo', net: 2500, staff: DANA },
        ],
        [[DANA, 1600]],
      ),
      paid(1, 1, 'card', 12_100, '2026-11-10T20:00:00Z'),
      // T2, 12 Nov: colour 150.00 (Dana), blow-dry 40.00 (Jordan), tip 30.00 split 20/10; 100.00 cash + 120.00 card.
      closed(
        2,
        '2026-11-12T21:00:00Z',
        [
          { n: 3, kind: 'service', name: 'Colour', net: 15_000, staff: DANA, service: SERVICE.colour },
          { n: 4, kind: 'service', name: 'Blow-dry', net: 4000, staff: JORDAN, service: SERVICE.blow },
        ],
        [
          [DANA, 2000],
          [JORDAN, 1000],
        ],
      ),
      paid(2, 2, 'cash', 10_000, '2026-11-12T21:00:00Z'),
      paid(3, 2, 'card', 12_000, '2026-11-12T21:00:00Z'),
      // T3, 17 Nov (rule v2): haircut 90.00, tip 10.00, cash.
      closed(
        3,
        '2026-11-17T17:00:00Z',
        [{ n: 5, kind: 'service', name: 'Haircut', net: 9000, staff: DANA, service: SERVICE.haircut }],
        [[DANA, 1000]],
      ),
      paid(4, 3, 'cash', 10_000, '2026-11-17T17:00:00Z'),
      // T4, 18 Nov: colour 200.00 and conditioner 30.00 (Dana), serum 40.00 (Jordan), by card.
      closed(
        4,
        '2026-11-18T18:00:00Z',
        [
          { n: 6, kind: 'service', name: 'Colour', net: 20_000, staff: DANA, service: SERVICE.colour },
          { n: 7, kind: 'product', name: 'Conditioner', net: 3000, staff: DANA },
          { n: 8, kind: 'product', name: 'Serum', net: 4000, staff: JORDAN },
        ],
        [],
      ),
      paid(5, 4, 'card', 27_000, '2026-11-18T18:00:00Z'),
      // 20 Nov: 55.00 of T2's card payment refunded, inside the period.
      refunded(1, 3, 2, 5500, '2026-11-20T16:00:00Z'),
    ]);
  });

  it('drafts from approved time sheets only: Dana’s unapproved hours are left out and block finalising', async () => {
    const draft = await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-09', periodEnd: '2026-11-22' }).expect(201);
    runId = draft.body.id;
    expect(draft.body.unapprovedStaffIds).toEqual([DANA]);
    expect(draft.body.staff.find((s: { staffId: string }) => s.staffId === DANA).hoursMinor).toBe(0);
    const refused = await t.as('manager').post(`/api/payroll/runs/${runId}/finalise`).expect(409);
    expect(refused.body.error).toMatch(/not approved/);
  });

  it('after approval, the run matches the worked example to the cent', async () => {
    await t
      .as('manager')
      .post('/api/time-clock/approvals', { staffId: DANA, locationId: LOCATION, from: '2026-11-09', to: '2026-11-22' })
      .expect(201);
    const run = (await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-09', periodEnd: '2026-11-22' }).expect(201)).body;
    expect(run.id).toBe(runId); // drafted again, same run
    expect(run.unapprovedStaffIds).toEqual([]);
    const dana = run.staff.find((s: { staffId: string }) => s.staffId === DANA);
    const jordan = run.staff.find((s: { staffId: string }) => s.staffId === JORDAN);

    // Dana, hours: 4 × 9 h × 15.00 = 540.00; Fri 4 h × 15.00 = 60.00 + 5 h × 15.00 × 150% = 112.50; 2 × 8 h × 16.00 (v2) = 256.00.
    // → 968.50, for 36 + 4 + 16 = 56 h regular and 5 h overtime.
    expect(dana).toMatchObject({ staffName: 'Dana Lee', hoursMinor: 96_850, regularMinutes: 56 * 60, overtimeMinutes: 5 * 60 });
    // Service commission, whole tiers on 512.00 of revenue after the 2.00 back-bar fee (78 + 148 + 88 + 198):
    // v1 reaches 45 %: 78.00 → 35.10, 148.00 → 66.60; v2 reaches 47 %: 88.00 → 41.36, 198.00 → 93.06 = 236.12.
    // Products: 25.00 × 10 % = 2.50 (v1), 30.00 × 12 % = 3.60 (v2) = 6.10. Commission 242.22.
    expect(dana.commissionMinor).toBe(24_222);
    // Tips less the 3 % card fee on the card-paid share: 16.00 − 0.48 = 15.52; 20.00 − 20 × 120/220 × 3 % (0.33) = 19.67; 10.00 cash.
    expect(dana.tipsMinor).toBe(4519);
    // The refund of 55.00 of T2's 220.00 takes back a quarter of the 66.60 commission on it: −16.65.
    expect(dana.otherMinor).toBe(-1665);
    expect(dana.totalMinor).toBe(123_926);

    // Jordan: salary 1,200.00; blow-dry 40.00 marginal: 30.00 × 30 % + 10.00 × 50 % = 14.00; serum 40.00 × 5 % = 2.00;
    // tip 10.00 in full; refund: −14.00 × 55/220 = −3.50.
    expect(jordan).toMatchObject({ hoursMinor: 120_000, commissionMinor: 1600, tipsMinor: 1000, otherMinor: -350, totalMinor: 122_250 });
    expect(run.totalMinor).toBe(246_176);
  });

  it('every line names its source, the rule version and the arithmetic', async () => {
    const lines = (await t.as('manager').get(`/api/payroll/runs/${runId}/lines?staffId=${DANA}`).expect(200)).body;
    const colourT2 = lines.find((l: { sourceId: string }) => l.sourceId === LINE(3));
    expect(colourT2).toMatchObject({
      kind: 'service_commission',
      sourceType: 'ticket_line',
      ruleVersion: 1,
      amountMinor: 6660,
      arithmetic: '(150.00 − 2.00 back-bar) = 148.00; 148.00 × 45% = 66.60 (whole tiers, period revenue 512.00)',
    });
    expect(lines.find((l: { kind: string }) => l.kind === 'overtime_hours')).toMatchObject({
      occurredOn: '2026-11-13',
      ruleVersion: 1,
      arithmetic: '5:00 h × 15.00 × 150% = 112.50',
    });
    expect(lines.filter((l: { kind: string }) => l.kind === 'regular_hours').map((l: { ruleVersion: number }) => l.ruleVersion)).toEqual([
      1, 1, 1, 1, 1, 2, 2,
    ]);
    expect(lines.find((l: { kind: string }) => l.kind === 'adjustment')).toMatchObject({ sourceType: 'refund', amountMinor: -1665 });
    const rules = await t.gql('manager', `query($s: ID!) { payRules(staffId: $s) { version summary } }`, { s: DANA });
    expect(rules.data.payRules[1]).toEqual({
      version: 2,
      summary:
        '16.00 an hour; service commission 42% (all revenue at the tier reached: 47% from 400.00); less 2.00 back-bar fee per service; product commission 12%; tips paid less the card fee',
    });
  });

  it('exports CSV per person and per line', async () => {
    const person = await t.as('manager').get(`/api/payroll/runs/${runId}/export?by=person`).expect(200);
    expect(person.headers['content-type']).toMatch(/text\/csv/);
    expect(person.headers['content-disposition']).toContain('payroll-2026-11-09-2026-11-22-by-person.csv');
    const rows = person.text.trim().split('\r\n');
    expect(rows[0]).toBe(
      'staff_id,staff_name,period_start,period_end,regular_hours,overtime_hours,hours_and_salary,commission,tips,other,total,currency',
    );
    expect(rows).toContain(`${DANA},Dana Lee,2026-11-09,2026-11-22,56.00,5.00,968.50,242.22,45.19,-16.65,1239.26,USD`);
    const byLine = await t.as('manager').get(`/api/payroll/runs/${runId}/export?by=line`).expect(200);
    expect(byLine.text).toContain(
      `${DANA},Dana Lee,2026-11-12,service_commission,"Colour (ticket line, net 150.00)",ticket_line,${LINE(3)},1,"(150.00 − 2.00 back-bar) = 148.00; 148.00 × 45% = 66.60 (whole tiers, period revenue 512.00)",66.60,USD`,
    );
    await t.as('manager').get(`/api/payroll/runs/${runId}/export?by=month`).expect(400);
    await t.as('dana').get(`/api/payroll/runs/${runId}/export`).expect(403);
  });

  it('finalised, the run is immutable, even to the database', async () => {
    const fin = await t.as('manager').post(`/api/payroll/runs/${runId}/finalise`).expect(201);
    expect(fin.body).toMatchObject({ status: 'finalised', totalMinor: 246_176 });
    await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-09', periodEnd: '2026-11-22' }).expect(409);
    await expect(t.sql(`UPDATE payroll_lines SET amount_minor = 0 WHERE run_id = $1`, [runId])).rejects.toThrow(/finalised/);
    await expect(t.sql(`DELETE FROM payroll_runs WHERE id = $1`, [runId])).rejects.toThrow(/finalised/);
    // An overlapping period is refused.
    await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-20', periodEnd: '2026-12-03' }).expect(409);
  });

  it('a refund after the period closed becomes an adjustment of the next run', async () => {
    // 1 Dec: half of T4 (270.00) refunded. Dana earned 93.06 + 3.60 on it, Jordan 2.00.
    await t.deliver([refunded(2, 5, 4, 13_500, '2026-12-01T18:00:00Z')]);
    const next = (await t.as('manager').post('/api/payroll/runs', { periodStart: '2026-11-23', periodEnd: '2026-12-06' }).expect(201)).body;
    const lines = (await t.as('manager').get(`/api/payroll/runs/${next.id}/lines`).expect(200)).body;
    expect(
      lines
        .filter((l: { kind: string }) => l.kind === 'adjustment')
        .map((l: { staffId: string; amountMinor: number; arithmetic: string }) => [l.staffId, l.amountMinor, l.arithmetic]),
    ).toEqual([
      [DANA, -4833, '−96.66 commission × 135.00 refunded / 270.00 ticket = -48.33'],
      [JORDAN, -100, '−2.00 commission × 135.00 refunded / 270.00 ticket = -1.00'],
    ]);
    // The finalised run is unchanged.
    expect((await t.as('manager').get(`/api/payroll/runs/${runId}`).expect(200)).body.totalMinor).toBe(246_176);
  });

  it('staff see their own earnings and history; not anyone else’s', async () => {
    const earnings = await t.as('dana').get(`/api/staff/${DANA}/earnings?from=2026-11-09&to=2026-11-22`).expect(200);
    expect(earnings.body.totalMinor).toBe(123_926);
    await t.as('dana').get(`/api/staff/${JORDAN}/earnings?from=2026-11-09&to=2026-11-22`).expect(403);
    const bad = await t.as('dana').get(`/api/staff/${DANA}/earnings?from=2026-13-01`).expect(400);
    expect(bad.body.error).toMatch(/^from:/);
    const history = await t.as('dana').get('/api/payroll/history').expect(200);
    expect(history.body).toEqual([
      expect.objectContaining({ runId, periodStart: '2026-11-09', periodEnd: '2026-11-22', totalMinor: 123_926 }),
    ]);
    await t.as('dana').get(`/api/payroll/history?staffId=${JORDAN}`).expect(403);
    expect((await t.as('manager').get(`/api/payroll/history?staffId=${JORDAN}`).expect(200)).body[0].totalMinor).toBe(122_250);
  });

  it('a redelivered event changes nothing (the inbox)', async () => {
    const again = closed(9, '2026-11-19T18:00:00Z', [{ n: 9, kind: 'service', name: 'Haircut', net: 5000, staff: DANA }], []);
    await t.deliver([again, again]);
    expect(await t.sql(`SELECT count(*)::int AS n FROM sales_lines WHERE line_id = $1`, [LINE(9)])).toEqual([{ n: 1 }]);
  });
});
