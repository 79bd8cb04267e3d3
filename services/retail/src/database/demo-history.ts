import { DateTime } from 'luxon';

/**
 * How the demo salon's past visits were paid: every completed appointment before "now" (scheduling's
 * demo has the two weeks before this one and this week so far) is checked out a few minutes after it
 * ended: mostly with a tip (a preset or none), now and then with a retail product, by card, in cash
 * (sometimes rounded up to a note, change given) or split between the two. Two sales were refunded the
 * next opening day (a returned product, a goodwill part refund of a service). Pure and seeded by each
 * visit's place in the list: the same visits and the same "now" give the same sales every time.
 */
export interface PastVisit {
  appointmentId: string;
  locationId: string;
  clientId: string | null;
  endsAt: Date;
}

export interface HistoryInput {
  now: Date;
  /** The completed visits, oldest first. */
  visits: readonly PastVisit[];
  timeZones: ReadonlyMap<string, string>;
  /** How many retail products the seed may sell (an index into its list). */
  productCount: number;
}

export type HistoryTender = 'cash' | 'card' | 'split';

export interface VisitPayment {
  appointmentId: string;
  closedAt: Date;
  /** Index into the seed's product list, or null. */
  product: number | null;
  /** 0, 15, 18, 20 or 25 percent of the services. */
  tipPercent: number;
  /** Split: half the total by card, the rest in cash. */
  tender: HistoryTender;
  /** Cash paid with the next $20 note up, change given. */
  roundUpCash: boolean;
  refund: { what: 'product' | 'half-service'; reason: string; at: Date } | null;
}

const TIPS = [20, 18, 0, 15, 20, 25, 18, 0, 20, 15, 20];

/** mulberry32: a small deterministic generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function planVisitPayments(input: HistoryInput): VisitPayment[] {
  const now = input.now.getTime();
  const payments = input.visits
    .filter((v) => v.endsAt.getTime() <= now)
    .map((v, i): VisitPayment => {
      const roll = random(i * 7_919 + 13);
      const tenderRoll = roll();
      return {
        appointmentId: v.appointmentId,
        // Paid 5–14 minutes after the visit ended, never after the seed's "now".
        closedAt: new Date(Math.min(v.endsAt.getTime() + (5 + Math.floor(roll() * 10)) * 60_000, now)),
        product: input.productCount > 0 && roll() < 0.25 ? Math.floor(roll() * input.productCount) : null,
        tipPercent: TIPS[Math.floor(roll() * TIPS.length)]!,
        tender: tenderRoll < 0.6 ? 'card' : tenderRoll < 0.9 ? 'cash' : 'split',
        roundUpCash: roll() < 0.4,
        refund: null,
      };
    });
  // Two refunds, each the next opening day after its sale and before "now": a returned product, and half a service as goodwill.
  const visits = new Map(input.visits.map((v) => [v.appointmentId, v]));
  const nextDay = (p: VisitPayment) => {
    const zone = input.timeZones.get(visits.get(p.appointmentId)!.locationId) ?? 'UTC';
    const next = DateTime.fromJSDate(p.closedAt, { zone }).plus({ days: 1 }).set({ hour: 11, minute: 0 });
    return (next.weekday === 7 ? next.plus({ days: 1 }) : next).toJSDate();
  };
  const refundable = (p: VisitPayment, i: number, from: number) =>
    i >= payments.length * from && visits.get(p.appointmentId)!.clientId !== null && nextDay(p).getTime() < now;
  const withProduct = payments.find((p, i) => p.product !== null && refundable(p, i, 1 / 3));
  if (withProduct) withProduct.refund = { what: 'product', reason: 'Product returned unopened', at: nextDay(withProduct) };
  const service = payments.find((p, i) => p.tender === 'card' && p !== withProduct && refundable(p, i, 1 / 2));
  if (service) service.refund = { what: 'half-service', reason: 'Goodwill: colour not as agreed', at: nextDay(service) };
  return payments;
}
