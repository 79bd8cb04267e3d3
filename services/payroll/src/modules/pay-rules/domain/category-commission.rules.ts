import type { PayRule } from '@salon/contracts';

/** How categories are compared: ignoring case and outer spaces ("Colour " is "colour"). */
export const categoryKey = (category: string): string => category.trim().toLowerCase();

/**
 * The category rate a rule sets for a line of this kind and category, or null when it sets none
 * (a line without a category, or a rule from before category rates, never has one).
 */
export function categoryRate(
  rule: Pick<PayRule, 'categoryCommissions'>,
  kind: 'service' | 'product',
  category: string | null | undefined,
): { category: string; rateBps: number } | null {
  if (!category) return null;
  const key = categoryKey(category);
  if (!key) return null;
  const found = (rule.categoryCommissions ?? []).find((c) => c.kind === kind && categoryKey(c.category) === key);
  return found ? { category: found.category, rateBps: found.rateBps } : null;
}
