/**
 * Prepaid value applied to a ticket, in the order that is best for the client, line by line:
 *
 * 1. Sessions and credits first, each on a whole service line, the dearest lines first (a session
 *    is worth most on the dearest service it covers). Each line takes the credit of its own client
 *    (a ticket of several people: each person's credits pay only their services) that lapses
 *    soonest (a membership's period end or a package's expiry; never-expiring last), so nothing
 *    the client holds goes to waste. Ties: the membership (its credits lapse at renewal), then the
 *    fewest left, then the id.
 * 2. Gift cards then pay what is left, at most what is left less the gift cards the ticket sells
 *    (a gift card does not buy a gift card): the card that expires soonest first, then the smallest
 *    balance (emptying cards), then the code.
 *
 * Every amount is a whole tender of the ticket, so what is applied always adds up to the cent.
 */

export interface AllocLine {
  id: string;
  name: string;
  kind: string;
  serviceId: string | null;
  /** Whose service it is (a multi-person ticket); null: the ticket's client. */
  clientId: string | null;
  totalMinor: number;
}

export interface AllocCredit {
  id: string;
  kind: 'membership' | 'package';
  label: string;
  clientId: string;
  creditsLeft: number;
  serviceIds: readonly string[];
  lapsesAt: Date | null;
  /** False when suspended (paused, past due) or expired. */
  usable: boolean;
}

export interface AllocGiftCard {
  code: string;
  label: string;
  balanceMinor: number;
  expiresAt: Date | null;
}

export interface Allocation {
  source: 'package' | 'membership' | 'gift_card';
  prepaidId: string | null;
  giftCardCode: string | null;
  label: string;
  lineId: string | null;
  lineName: string | null;
  amountMinor: number;
}

export interface AllocationInput {
  ticketClientId: string | null;
  lines: readonly AllocLine[];
  /** Lines already paid by a credit tender. */
  coveredLineIds?: readonly string[];
  /** What is still to pay on the ticket. */
  balanceMinor: number;
  credits: readonly AllocCredit[];
  giftCards: readonly AllocGiftCard[];
}

const time = (d: Date | null) => (d ? d.getTime() : Number.POSITIVE_INFINITY);

export function allocatePrepaid(input: AllocationInput): Allocation[] {
  const out: Allocation[] = [];
  const left = new Map(input.credits.map((c) => [c.id, c.creditsLeft]));
  const covered = new Set(input.coveredLineIds ?? []);
  let balance = input.balanceMinor;
  const serviceLines = input.lines
    .map((l, position) => ({ l, position }))
    .filter(({ l }) => l.kind === 'service' && l.totalMinor > 0 && !covered.has(l.id))
    .sort((a, b) => b.l.totalMinor - a.l.totalMinor || a.position - b.position);
  for (const { l } of serviceLines) {
    if (l.totalMinor > balance) continue;
    const owner = l.clientId ?? input.ticketClientId;
    const candidates = input.credits
      .filter(
        (c) =>
          c.usable &&
          c.clientId === owner &&
          (left.get(c.id) ?? 0) > 0 &&
          (c.serviceIds.length === 0 || (l.serviceId !== null && c.serviceIds.includes(l.serviceId))),
      )
      .sort(
        (a, b) =>
          time(a.lapsesAt) - time(b.lapsesAt) ||
          (a.kind === b.kind ? 0 : a.kind === 'membership' ? -1 : 1) ||
          (left.get(a.id) ?? 0) - (left.get(b.id) ?? 0) ||
          a.id.localeCompare(b.id),
      );
    const credit = candidates[0];
    if (!credit) continue;
    left.set(credit.id, left.get(credit.id)! - 1);
    balance -= l.totalMinor;
    out.push({
      source: credit.kind,
      prepaidId: credit.id,
      giftCardCode: null,
      label: credit.label,
      lineId: l.id,
      lineName: l.name,
      amountMinor: l.totalMinor,
    });
  }
  const giftCardLines = input.lines.filter((l) => l.kind === 'gift_card').reduce((n, l) => n + l.totalMinor, 0);
  let payable = Math.max(0, Math.min(balance, balance - giftCardLines));
  const cards = [...input.giftCards]
    .filter((c) => c.balanceMinor > 0)
    .sort((a, b) => time(a.expiresAt) - time(b.expiresAt) || a.balanceMinor - b.balanceMinor || a.code.localeCompare(b.code));
  for (const card of cards) {
    if (payable <= 0) break;
    const amountMinor = Math.min(card.balanceMinor, payable);
    payable -= amountMinor;
    out.push({
      source: 'gift_card',
      prepaidId: null,
      giftCardCode: card.code,
      label: card.label,
      lineId: null,
      lineName: null,
      amountMinor,
    });
  }
  return out;
}
