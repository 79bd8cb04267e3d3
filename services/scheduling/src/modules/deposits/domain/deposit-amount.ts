import type { DepositRule } from '@salon/contracts';

/** One booked service as its snapshot keeps it: the price it was booked at and its deposit rule. */
export interface DepositPart {
  priceMinor: number;
  deposit: DepositRule | null | undefined;
}

/**
 * What a visit's deposit comes to: each service's rule on the price it was booked at (a fixed
 * amount, never more than that price; or a percentage, rounded half up to the cent), added up.
 * Services without a rule add nothing; 0 means no deposit is asked.
 */
export function depositFor(parts: DepositPart[]): number {
  return parts.reduce((sum, p) => {
    if (!p.deposit || p.priceMinor <= 0) return sum;
    if (p.deposit.type === 'fixed') return sum + Math.min(p.deposit.amountMinor, p.priceMinor);
    return sum + Math.min(p.priceMinor, Math.floor((p.priceMinor * p.deposit.percent + 50) / 100));
  }, 0);
}

/** The parts of an appointment's `service` snapshot (one service, or a visit of several under `segments`). */
export function depositParts(snapshot: Record<string, unknown>): DepositPart[] {
  const segments = Array.isArray(snapshot.segments) ? (snapshot.segments as Record<string, unknown>[]) : [snapshot];
  return segments.map((s) => ({ priceMinor: Number(s.priceMinor ?? 0), deposit: (s.deposit ?? null) as DepositRule | null }));
}

/** How long an online booking holds its time for the deposit to be paid. */
export const DEPOSIT_HOLD_MS = 15 * 60_000;
