/**
 * Money arithmetic of the checkout. Amounts are integer minor units (cents of USD, spec §9), never
 * floats; rates are integers too: percentages in basis points (20% = 2000 bps) and tax rates in
 * parts per million (10.25% = 102,500 ppm), so 8.875% is exact. Products are taken in BigInt, so
 * no intermediate value loses a cent.
 *
 * Rounding is half-up (0.5 cent goes up), applied once per computed amount: a percentage
 * discount of a line, a ticket's percentage discount, a line's tax, a percentage tip. Where one
 * amount is shared out (a ticket discount over its lines, a tip over its staff) the shares are
 * made by largest remainder, so they always add up to the cent.
 */

const BPS = 10_000n;
const PPM = 1_000_000n;

function checkAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`not an amount in minor units: ${amountMinor}`);
}

/** numerator / denominator rounded half-up, for numerator ≥ 0 and denominator > 0. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** `bps` basis points of an amount, half-up: percentOf(5500, 2000) = 1100 (20% of $55.00). */
export function percentOf(amountMinor: number, bps: number): number {
  checkAmount(amountMinor);
  return Number(divideHalfUp(BigInt(amountMinor) * BigInt(bps), BPS));
}

/** Tax at `ppm` parts per million of an amount, half-up: taxOf(1999, 102_500) = 205 (10.25% of $19.99 = 204.8975¢). */
export function taxOf(amountMinor: number, ppm: number): number {
  checkAmount(amountMinor);
  return Number(divideHalfUp(BigInt(amountMinor) * BigInt(ppm), PPM));
}

/** 12.5 → 1250 basis points. */
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;
/** 10.25 (%) → 102,500 ppm. */
export const rateToPpm = (ratePercent: number): number => Math.round(ratePercent * 10_000);
export const ppmToRate = (ppm: number): number => ppm / 10_000;

/**
 * Shares `total` out in proportion to `weights` by largest remainder: each share is its exact
 * proportion rounded down, and the cents left go one each to the largest remainders (ties: the
 * larger weight, then the earlier entry). The shares always add up to `total`. All weights zero
 * splits evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  checkAmount(total);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('cannot share an amount among nobody');
  }
  for (const w of weights) checkAmount(w);
  const sum = weights.reduce((a, b) => a + b, 0);
  const effective = sum === 0 ? weights.map(() => 1) : weights;
  const whole = BigInt(sum === 0 ? weights.length : sum);
  const shares = effective.map((w, index) => {
    const exact = BigInt(total) * BigInt(w);
    return { index, weight: w, base: Number(exact / whole), remainder: exact % whole };
  });
  let left = total - shares.reduce((a, s) => a + s.base, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? b.weight - a.weight || a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const s of byRemainder) {
    if (left === 0) break;
    s.base += 1;
    left -= 1;
  }
  return shares.map((s) => s.base);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 4320 → "$43.20" (spec §9: USD, en-US), for messages. */
export function formatMinor(amountMinor: number): string {
  return USD.format(amountMinor / 100);
}
