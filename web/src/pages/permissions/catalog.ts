export interface CatalogItem {
  name: string;
  label: string;
  category: string;
  description: string;
}

/** Catalogue entries grouped by category, categories in first-seen order. */
export function groupByCategory<T extends CatalogItem>(catalog: readonly T[]): { category: string; items: T[] }[] {
  const out: { category: string; items: T[] }[] = [];
  for (const item of catalog) {
    let bucket = out.find((b) => b.category === item.category);
    if (!bucket) {
      bucket = { category: item.category, items: [] };
      out.push(bucket);
    }
    bucket.items.push(item);
  }
  return out;
}

export function toggleIn(list: readonly string[], value: string, on: boolean): string[] {
  const set = new Set(list);
  if (on) set.add(value);
  else set.delete(value);
  return [...set];
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
