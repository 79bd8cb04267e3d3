/** The booking policy's fees as the form types them: dollars and cents, or empty for no fee. Pure. */

/** 2500 → "25.00"; null → "" (no fee). */
export function feeText(minor: number | null | undefined): string {
  return minor == null ? '' : (minor / 100).toFixed(2);
}

/** "25", "25.5", "$25.00" → minor units; "" → null (no fee); anything else names what is wrong. */
export function parseFee(text: string): { ok: true; minor: number | null } | { ok: false; error: string } {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return { ok: true, minor: null };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { ok: false, error: 'Must be an amount like 25 or 25.00 (empty: no fee)' };
  const [whole, cents = ''] = t.split('.');
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  if (minor > 100_000_000) return { ok: false, error: 'Must be at most $1,000,000.00' };
  return { ok: true, minor };
}
