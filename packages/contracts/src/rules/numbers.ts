import { z } from 'zod';

/**
 * The one integer rule of every input: whole numbers within what the column holds. Our counts,
 * minutes, versions and money columns are PostgreSQL `integer` (int4): a larger number passed
 * JSON and zod's `.int()` (safe integers reach 2^53) and then failed in the database (22003,
 * a 500 with the value in the log). Every integer input has an explicit upper bound at most INT4_MAX.
 */
export const INT4_MAX = 2_147_483_647;

/**
 * The largest amount of money in minor units an input may carry: one million in a currency with
 * two decimals (100,000,000 cents). Well inside int4, so sums of a few such amounts still fit.
 */
export const MONEY_MINOR_MAX = 100_000_000;

export interface IntRule {
  min?: number;
  /** At most INT4_MAX (the default). */
  max?: number;
}

/** A whole number between `min` (default 0) and `max` (default INT4_MAX), with messages saying which bound. */
export function intSchema(rule: IntRule = {}) {
  const min = rule.min ?? 0;
  const max = Math.min(rule.max ?? INT4_MAX, INT4_MAX);
  const atLeast = `must be at least ${min}`;
  const atMost = `must be at most ${max}`;
  return (
    z
      .number()
      // Beyond 2^53 zod's int check fails first; stop there so the field gets one message, naming our bound.
      .int({
        abort: true,
        error: (issue) => (issue.code === 'too_small' ? atLeast : issue.code === 'too_big' ? atMost : 'must be a whole number'),
      })
      .min(min, atLeast)
      .max(max, atMost)
  );
}

/** Money in minor units (cents): 0 to MONEY_MINOR_MAX, or `min` (1 for an amount that must be more than zero). */
export function moneyMinorSchema(rule: { min?: number } = {}) {
  return intSchema({ min: rule.min ?? 0, max: MONEY_MINOR_MAX });
}
