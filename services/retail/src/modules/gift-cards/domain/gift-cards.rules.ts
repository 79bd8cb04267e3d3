import type { GiftCardEntryKind, GiftCardKind } from '@salon/contracts';
import { DateTime } from 'luxon';
import { formatMinor } from '../../tickets/domain/money.rules.js';

/**
 * Gift certificates and cards. The balance is a ledger (issued, redeemed, refunded, adjusted,
 * expired): the card's balance is always the sum of its entries, and no entry takes it below zero.
 */

/** No look-alikes: no 0/O, 1/I/L, U/V pairs. 30 symbols. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 20 symbols of 30: 98 bits, above the 80 asked for. Shown in groups of four. */
export const CODE_LENGTH = 20;

export function codeEntropyBits(): number {
  return Math.floor(CODE_LENGTH * Math.log2(CODE_ALPHABET.length));
}

/**
 * A new code from a source of random bytes (crypto's randomBytes): rejection sampling, so every
 * symbol is equally likely. XXXX-XXXX-XXXX-XXXX-XXXX.
 */
export function generateCode(randomBytes: (n: number) => Uint8Array): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = '';
  while (out.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      if (out.length === CODE_LENGTH) break;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** How a code is kept and compared: upper case, no dashes or spaces (a typist and a scanner differ). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** The code as staff read it on a receipt: the last four only. */
export function maskCode(code: string): string {
  const n = normalizeCode(code);
  return `•••• ${n.slice(-4)}`;
}

/**
 * When a card issued now expires. US rules (the CARD Act): never sooner than five years from
 * issue; the location chooses how many years (null: never). Shown on the certificate.
 */
export function expiryOf(issuedAt: Date, locationYears: number | null): Date | null {
  if (locationYears === null) return null;
  return DateTime.fromJSDate(issuedAt, { zone: 'utc' })
    .plus({ years: Math.max(5, locationYears) })
    .toJSDate();
}

export interface CardState {
  code: string;
  balanceMinor: number;
  expiresAt: Date | null;
}

export type CardStatus = 'active' | 'empty' | 'expired';

export function statusOf(card: CardState, now: Date): CardStatus {
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  return card.balanceMinor > 0 ? 'active' : 'empty';
}

export type RedemptionOutcome =
  { ok: true; balanceAfterMinor: number } | { ok: false; kind: 'state' | 'input'; field: string; message: string };

/**
 * Whether `amountMinor` can be taken from a card now: not expired, enough balance (409 naming what
 * is left: of two desks taking the last balance, the second is told the card has nothing left).
 */
export function checkRedemption(card: CardState, amountMinor: number, now: Date): RedemptionOutcome {
  const label = `Gift card ${maskCode(card.code)}`;
  if (statusOf(card, now) === 'expired') return { ok: false, kind: 'state', field: 'giftCardCode', message: `${label} has expired` };
  if (card.balanceMinor <= 0) return { ok: false, kind: 'state', field: 'giftCardCode', message: `${label} has nothing left on it` };
  if (amountMinor > card.balanceMinor)
    return {
      ok: false,
      kind: 'state',
      field: 'amountMinor',
      message: `${label} has ${formatMinor(card.balanceMinor)} left; ${formatMinor(amountMinor)} was asked`,
    };
  return { ok: true, balanceAfterMinor: card.balanceMinor - amountMinor };
}

/** The sign an entry of this kind carries: issued and refunded add value, redeemed and expired take it, adjusted either. */
export function signedAmount(kind: GiftCardEntryKind, amountMinor: number): number {
  if (kind === 'issued' || kind === 'refunded') return Math.abs(amountMinor);
  if (kind === 'redeemed' || kind === 'expired') return -Math.abs(amountMinor);
  return amountMinor;
}

/** The balance a ledger comes to, refusing one that ever went below zero (it would not reconcile). */
export function replayLedger(entries: readonly { kind: GiftCardEntryKind; amountMinor: number }[]): number {
  let balance = 0;
  for (const e of entries) {
    balance += e.amountMinor;
    if (balance < 0) throw new RangeError(`the ledger goes below zero at a ${e.kind} of ${e.amountMinor}`);
  }
  return balance;
}

/**
 * What gift cards may pay on a ticket: its balance less the gift cards it sells (a gift card never
 * buys another gift card, or value could be moved between cards at the desk).
 */
export function giftCardPayableMinor(ticketBalanceMinor: number, giftCardLinesOpenMinor: number): number {
  return Math.max(0, ticketBalanceMinor - giftCardLinesOpenMinor);
}

/** Gift cards a ticket's gift card lines issue at close: one per unit, each worth the line's net per unit. */
export function cardsToIssue(
  lines: readonly { id: string; kind: string; quantity: number; netMinor: number; cardCode?: string | null }[],
): { lineId: string; amountMinor: number; cardCode: string | null }[] {
  const out: { lineId: string; amountMinor: number; cardCode: string | null }[] = [];
  for (const l of lines) {
    if (l.kind !== 'gift_card') continue;
    // Units share the net to the cent: the first units take the remainder.
    const base = Math.floor(l.netMinor / l.quantity);
    const extra = l.netMinor - base * l.quantity;
    for (let i = 0; i < l.quantity; i++) {
      const amountMinor = base + (i < extra ? 1 : 0);
      if (amountMinor > 0) out.push({ lineId: l.id, amountMinor, cardCode: i === 0 && l.quantity === 1 ? (l.cardCode ?? null) : null });
    }
  }
  return out;
}

export const kindOfSale = (cardCode: string | null): GiftCardKind => (cardCode ? 'card' : 'certificate');
