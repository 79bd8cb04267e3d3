import { DateTime } from 'luxon';

/**
 * The demo salon's two weeks of past sales, before the demo week (scheduling's demo appointments
 * start this Monday): for each of the 14 days before it, at each location, the staff who work there
 * that weekday (their working hours) each close a few tickets: one or two services from the
 * location's menu, now and then a retail product, mostly a tip, paid in cash, by card or split
 * between the two. Two of them were refunded a day later (a returned product, a goodwill part
 * refund of a service). Pure and seeded by the day, location and person: the same "now" and the same
 * demo rows give the same history every time.
 */
export interface HistoryInput {
  now: Date;
  locations: readonly { id: string; timeZone: string }[];
  /** Who works where on which weekdays (1 = Monday), from the working hours. */
  shifts: readonly { staffId: string; locationId: string; weekdays: readonly number[] }[];
  services: readonly { id: string; locationId: string; name: string; priceMinor: number }[];
  clients: readonly string[];
  /** How many retail products the seed may sell (an index into its list). */
  productCount: number;
}

export type HistoryTender = 'cash' | 'card' | 'split';

export interface HistoryTicket {
  locationId: string;
  clientId: string | null;
  staffId: string;
  openedAt: Date;
  closedAt: Date;
  services: { id: string; name: string; priceMinor: number }[];
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

export const HISTORY_DAYS = 14;
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

export function planDemoHistory(input: HistoryInput): HistoryTicket[] {
  const tickets: HistoryTicket[] = [];
  let clientIndex = 0;
  for (const [li, location] of input.locations.entries()) {
    const menu = input.services.filter((s) => s.locationId === location.id && s.priceMinor > 0);
    if (menu.length === 0) continue;
    const monday = DateTime.fromJSDate(input.now, { zone: location.timeZone }).startOf('week');
    for (let d = HISTORY_DAYS; d >= 1; d--) {
      const day = monday.minus({ days: d });
      if (day.weekday === 7) continue;
      const team = input.shifts.filter((s) => s.locationId === location.id && s.weekdays.includes(day.weekday));
      for (const [si, shift] of team.entries()) {
        const roll = random(li * 100_003 + d * 1_009 + si * 31 + 7);
        const visits = 3 + Math.floor(roll() * 3);
        // Visits through the day from 09:00, an hour or so apart.
        let at = day.set({ hour: 9, minute: 0 }).plus({ minutes: Math.floor(roll() * 4) * 15 });
        for (let v = 0; v < visits; v++) {
          const first = menu[Math.floor(roll() * menu.length)]!;
          const second = roll() < 0.2 ? menu[Math.floor(roll() * menu.length)]! : null;
          const services = second && second.id !== first.id ? [first, second] : [first];
          const minutes = 45 * services.length + Math.floor(roll() * 4) * 15;
          const closed = at.plus({ minutes: minutes + 5 });
          if (closed.hour >= 19) break;
          const walkIn = roll() < 0.1 || input.clients.length === 0;
          const tenderRoll = roll();
          tickets.push({
            locationId: location.id,
            clientId: walkIn ? null : input.clients[clientIndex++ % input.clients.length]!,
            staffId: shift.staffId,
            openedAt: at.toJSDate(),
            closedAt: closed.toJSDate(),
            services: services.map((s) => ({ id: s.id, name: s.name, priceMinor: s.priceMinor })),
            product: input.productCount > 0 && roll() < 0.25 ? Math.floor(roll() * input.productCount) : null,
            tipPercent: TIPS[Math.floor(roll() * TIPS.length)]!,
            tender: tenderRoll < 0.6 ? 'card' : tenderRoll < 0.9 ? 'cash' : 'split',
            roundUpCash: roll() < 0.4,
            refund: null,
          });
          at = closed.plus({ minutes: 10 + Math.floor(roll() * 4) * 15 });
        }
      }
    }
  }
  tickets.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime() || a.staffId.localeCompare(b.staffId));
  // Two refunds, each the next opening day after its sale: a returned product, and half a service as goodwill.
  const zones = new Map(input.locations.map((l) => [l.id, l.timeZone]));
  const nextDay = (t: HistoryTicket) => {
    const next = DateTime.fromJSDate(t.closedAt, { zone: zones.get(t.locationId)! }).plus({ days: 1 });
    return (next.weekday === 7 ? next.plus({ days: 1 }) : next).toJSDate();
  };
  const withProduct = tickets.find((t, i) => i >= tickets.length / 3 && t.product !== null && t.clientId !== null);
  if (withProduct)
    withProduct.refund = {
      what: 'product',
      reason: 'Product returned unopened',
      at: nextDay(withProduct),
    };
  const service = tickets.find((t, i) => i >= tickets.length / 2 && t.tender === 'card' && t.clientId !== null && t !== withProduct);
  if (service)
    service.refund = {
      what: 'half-service',
      reason: 'Goodwill: colour not as agreed',
      at: nextDay(service),
    };
  return tickets;
}
