import { formatMinor } from '../../tickets/domain/money.rules.js';

/**
 * Voiding the prepaid value a ticket sold (gift cards, memberships, packages) when that ticket is
 * refunded with `voidPrepaid`. The policy: all or nothing, and only value never used.
 * - A gift card whose balance is below what it was issued for, or that has expired, was used (or
 *   lapsed): the void is refused (409) naming it; the desk refunds without voiding instead.
 * - A membership or package with a session redeemed and not given back was used: refused too.
 * - Something already voided is skipped: a second refund of the same ticket with voidPrepaid is a no-op.
 * - The ticket's refunds, this one included, must come to at least what the voided items sold for
 *   (400 naming amountMinor): a small refund never voids a large card.
 * Refusing rather than refunding the unused part keeps the rule one a client understands ("used
 * value is not refunded") and the ledgers free of pro-rated pennies.
 */

export type SoldPrepaid =
  | {
      kind: 'gift_card';
      id: string;
      label: string;
      /** What the client paid for it (its share of the line's total). */
      soldForMinor: number;
      initialMinor: number;
      balanceMinor: number;
      expired: boolean;
      voided: boolean;
    }
  | {
      kind: 'membership' | 'package';
      id: string;
      label: string;
      soldForMinor: number;
      creditsLeft: number;
      /** Sessions redeemed less those given back by refunds. */
      sessionsUsed: number;
      voided: boolean;
    };

export type VoidPlan =
  | {
      ok: true;
      /** What is voided: a card's whole balance, a membership's or package's credits left. */
      voids: { kind: SoldPrepaid['kind']; id: string; take: number }[];
      voidedForMinor: number;
    }
  | { ok: false; kind: 'state' | 'input'; field: string; message: string };

export function planVoid(sold: readonly SoldPrepaid[], refundedAfterMinor: number): VoidPlan {
  if (!sold.length)
    return { ok: false, kind: 'input', field: 'voidPrepaid', message: 'this ticket sold no gift card, membership or package' };
  const live = sold.filter((s) => !s.voided);
  for (const s of live) {
    const used = usedBy(s);
    if (used)
      return {
        ok: false,
        kind: 'state',
        field: 'voidPrepaid',
        message: `${s.label} ${used}: it cannot be voided; refund without voiding it`,
      };
  }
  const voidedForMinor = live.reduce((sum, s) => sum + s.soldForMinor, 0);
  if (voidedForMinor > refundedAfterMinor)
    return {
      ok: false,
      kind: 'input',
      field: 'amountMinor',
      message: `voids ${formatMinor(voidedForMinor)} of prepaid value, but the refunds of this ticket come to ${formatMinor(refundedAfterMinor)} with this one; refund the rest first`,
    };
  return {
    ok: true,
    voids: live.map((s) => ({ kind: s.kind, id: s.id, take: s.kind === 'gift_card' ? s.balanceMinor : s.creditsLeft })),
    voidedForMinor,
  };
}

function usedBy(s: SoldPrepaid): string | null {
  if (s.kind === 'gift_card') {
    if (s.expired) return 'has expired';
    if (s.balanceMinor < s.initialMinor)
      return `was already used (${formatMinor(s.initialMinor - s.balanceMinor)} of ${formatMinor(s.initialMinor)})`;
    return null;
  }
  if (s.sessionsUsed > 0) return `was already used (${s.sessionsUsed} ${s.sessionsUsed === 1 ? 'session' : 'sessions'})`;
  return null;
}

/** Each unit's share of a line's total, to the cent: the first units take the remainder (as cards are issued). */
export function unitShares(totalMinor: number, quantity: number): number[] {
  const base = Math.floor(totalMinor / quantity);
  const extra = totalMinor - base * quantity;
  return Array.from({ length: quantity }, (_, i) => base + (i < extra ? 1 : 0));
}
