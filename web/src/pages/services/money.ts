/** Money in forms is typed in dollars and kept in minor units (cents). Pure. */

/** '12.5' → 1250; '$1,234.56' → 123456; '' / 'abc' / negative / more than 2 decimals → null. */
export function dollarsToMinor(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
}

/** 1250 → '12.50'; 0 → '0.00'; null → ''. */
export function minorToDollars(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A whole number of minutes from a field; '' → null, anything not a non-negative integer → NaN. */
export function minutesFrom(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}
