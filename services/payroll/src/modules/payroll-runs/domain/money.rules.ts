/**
 * Cents arithmetic every earning line uses, so the arithmetic a line shows is the arithmetic that
 * made it. Halves round away from zero (a refund's negative half-cent rounds like its sale did).
 */
export function roundHalfAway(value: number): number {
  // 1e-9 absorbs binary fractions (0.5 stored as 0.49999…) before rounding.
  const r = Math.round(Math.abs(value) + 1e-9);
  return value < 0 ? -r : r;
}

/** amount × bps / 10,000, rounded to the cent. */
export function applyBps(amountMinor: number, bps: number): number {
  return roundHalfAway((amountMinor * bps) / 10_000);
}

/** 1234 → "12.34", -5 → "-0.05". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 4000 → "40%", 4250 → "42.5%". */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** 450 → "7:30" (hours:minutes). */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
