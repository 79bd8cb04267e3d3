/** How long gift cards sold at a location stay valid: never, or whole years (US rules: at least five). */
export const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  ...[5, 7, 10, 15, 20, 25, 50].map((years) => ({ value: String(years), label: `${years} years after sale` })),
];

/**
 * "15, 18, 20" → [15, 18, 20]: up to six percentages between 0 and 100, each at most once. The
 * service checks them again; this names a typing mistake before anything is sent.
 */
export function parseTipPresets(text: string): { ok: true; value: number[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.replace(/%$/, ''))
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'give at least one percentage, e.g. 15, 18, 20' };
  const value: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isFinite(n) || n < 0 || n > 100) return { ok: false, message: `"${p}" is not a percentage between 0 and 100` };
    if (value.includes(n)) return { ok: false, message: `${n}% is listed twice` };
    value.push(n);
  }
  if (value.length > 6) return { ok: false, message: 'at most six presets' };
  return { ok: true, value };
}
