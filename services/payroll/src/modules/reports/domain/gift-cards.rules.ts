import type { GiftCardsReport } from '@salon/contracts';

/**
 * The movements of gift-card value payroll's projection keeps, one per event: `issued` (+),
 * `redeemed` (−), `refunded` (+, a refund of a gift-card payment back onto its card), `adjusted`
 * (±, signed as given). Any other kind (an event retail may add later, e.g. a void) moves the
 * balance by its signed amount and is counted with the adjustments, so the liability stays right.
 */
export interface GiftCardMovement {
  giftCardId: string;
  kind: string;
  /** Signed: what it did to the card's balance. */
  amountMinor: number;
  at: Date;
}

export interface GiftCard {
  giftCardId: string;
  expiresAt: Date | null;
}

/** A card's balance just before `at`: its movements before that instant. */
function balanceBefore(moves: readonly GiftCardMovement[], at: Date): number {
  return moves.reduce((s, m) => (m.at < at ? s + m.amountMinor : s), 0);
}

const expiredBy = (card: GiftCard, at: Date) => card.expiresAt !== null && card.expiresAt <= at;

/**
 * Gift card liability over [start, end): the balance outstanding at `end` (cards past their expiry
 * owe nothing: what they still held counts as expired), at `start`, and the flows between, so that
 * closing = opening + issued − redeemed + refunded + adjusted − expired.
 */
export function giftCardLiability(
  cards: readonly GiftCard[],
  movements: readonly GiftCardMovement[],
  start: Date,
  end: Date,
): GiftCardsReport {
  const byCard = new Map<string, GiftCardMovement[]>();
  for (const m of movements) byCard.set(m.giftCardId, [...(byCard.get(m.giftCardId) ?? []), m]);
  const report: GiftCardsReport = {
    liabilityMinor: 0,
    outstandingCards: 0,
    openingLiabilityMinor: 0,
    issuedMinor: 0,
    issuedCount: 0,
    redeemedMinor: 0,
    redeemedCount: 0,
    refundedMinor: 0,
    adjustedMinor: 0,
    expiredMinor: 0,
  };
  for (const card of cards) {
    const moves = byCard.get(card.giftCardId) ?? [];
    const opening = expiredBy(card, start) ? 0 : balanceBefore(moves, start);
    const closing = expiredBy(card, end) ? 0 : balanceBefore(moves, end);
    report.openingLiabilityMinor += opening;
    report.liabilityMinor += closing;
    if (closing > 0) report.outstandingCards++;
    if (card.expiresAt && card.expiresAt > start && card.expiresAt <= end) report.expiredMinor += balanceBefore(moves, card.expiresAt);
    for (const m of moves) {
      if (m.at < start || m.at >= end || (card.expiresAt && m.at >= card.expiresAt)) continue;
      if (m.kind === 'issued') {
        report.issuedMinor += m.amountMinor;
        report.issuedCount++;
      } else if (m.kind === 'redeemed') {
        report.redeemedMinor -= m.amountMinor;
        report.redeemedCount++;
      } else if (m.kind === 'refunded') report.refundedMinor += m.amountMinor;
      else report.adjustedMinor += m.amountMinor;
    }
  }
  return report;
}
