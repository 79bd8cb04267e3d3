import { describe, expect, it } from 'vitest';
import { INT4_MAX, intSchema, MONEY_MINOR_MAX, moneyMinorSchema } from './numbers.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('intSchema', () => {
  it('holds every integer to what a PostgreSQL integer column takes', () => {
    expect(intSchema().parse(INT4_MAX)).toBe(INT4_MAX);
    expect(messages(intSchema().safeParse(2 ** 31))).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(intSchema({ max: 2 ** 40 }).safeParse(2 ** 31))).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(intSchema().safeParse(2 ** 53))).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(intSchema().safeParse(1e300))).toEqual([`must be at most ${INT4_MAX}`]);
    expect(messages(intSchema().safeParse(-1e300))).toEqual(['must be at least 0']);
    expect(messages(intSchema().safeParse(1.5))).toEqual(['must be a whole number']);
    expect(intSchema().safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(intSchema().safeParse(Number.NaN).success).toBe(false);
    expect(intSchema().safeParse(1.5).success).toBe(false);
  });

  it('names the bound that was crossed', () => {
    expect(messages(intSchema({ min: 5, max: 1440 }).safeParse(4))).toEqual(['must be at least 5']);
    expect(messages(intSchema({ min: 5, max: 1440 }).safeParse(1441))).toEqual(['must be at most 1440']);
    expect(messages(intSchema().safeParse(-1))).toEqual(['must be at least 0']);
  });
});

describe('moneyMinorSchema', () => {
  it('takes 0 to a million in major units, or from 1 when it must be more than zero', () => {
    expect(moneyMinorSchema().parse(0)).toBe(0);
    expect(moneyMinorSchema().parse(MONEY_MINOR_MAX)).toBe(MONEY_MINOR_MAX);
    expect(messages(moneyMinorSchema().safeParse(2 ** 31))).toEqual([`must be at most ${MONEY_MINOR_MAX}`]);
    expect(messages(moneyMinorSchema({ min: 1 }).safeParse(0))).toEqual(['must be at least 1']);
  });
});
