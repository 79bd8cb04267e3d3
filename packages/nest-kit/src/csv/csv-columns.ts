/**
 * Column detection every import shares: header names compared without case, spaces or punctuation,
 * each field taking the first column whose name is one of its synonyms (best first), no column twice.
 */

/** 'E-mail Address ' → 'emailaddress'. */
export const headerKey = (column: string) => column.toLowerCase().replace(/[^a-z0-9]/g, '');

/** For each field, the column that fits (by its synonyms, already as header keys), or null. */
export function matchColumns<F extends string>(
  columns: readonly string[],
  synonyms: Readonly<Record<F, readonly string[]>>,
): Record<F, string | null> {
  const byKey = new Map<string, string>();
  for (const column of columns) if (!byKey.has(headerKey(column))) byKey.set(headerKey(column), column);
  const used = new Set<string>();
  const out = {} as Record<F, string | null>;
  for (const field of Object.keys(synonyms) as F[]) {
    out[field] = null;
    for (const key of synonyms[field]) {
      const column = byKey.get(key);
      if (column && !used.has(column)) {
        out[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return out;
}
