import { segmentDefinitionSchema, type SegmentRule } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { lastVisitOf, ruleMatches, segmentMatches, type ClientFacts } from './segment-rules.js';

const now = new Date('2026-03-31T12:00:00Z');
const clock = { now, zone: 'America/Chicago' };
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const client = (over: Partial<ClientFacts> = {}): ClientFacts => ({
  clientId: 'c1',
  tags: ['VIP'],
  birthday: '1990-04-02',
  lastVisitAt: daysAgo(100),
  visits: 4,
  spendMinor: 32_000,
  services: ['Balayage', 'Blow-dry'],
  preferredLocationId: 'loc-1',
  preferredStaffId: 'staff-1',
  ...over,
});
const holds = (rule: SegmentRule, c = client()) => ruleMatches(rule, c, clock);

describe('segment rules', () => {
  it('last visit before / within N days, counted back from the send', () => {
    expect(holds({ field: 'lastVisit', op: 'before', amount: 90 })).toBe(true);
    expect(holds({ field: 'lastVisit', op: 'before', amount: 120 })).toBe(false);
    expect(holds({ field: 'lastVisit', op: 'within', amount: 120 })).toBe(true);
    expect(holds({ field: 'lastVisit', op: 'within', amount: 90 })).toBe(false);
    // Never visited: neither before nor within anything.
    expect(holds({ field: 'lastVisit', op: 'before', amount: 1 }, client({ lastVisitAt: null }))).toBe(false);
    expect(holds({ field: 'lastVisit', op: 'within', amount: 3650 }, client({ lastVisitAt: null }))).toBe(false);
  });

  it('never visited, number of visits and total spend (bounds included)', () => {
    expect(holds({ field: 'neverVisited' })).toBe(false);
    expect(holds({ field: 'neverVisited' }, client({ lastVisitAt: null, visits: 0 }))).toBe(true);
    expect(holds({ field: 'visits', op: 'atLeast', amount: 4 })).toBe(true);
    expect(holds({ field: 'visits', op: 'atLeast', amount: 5 })).toBe(false);
    expect(holds({ field: 'visits', op: 'atMost', amount: 4 })).toBe(true);
    expect(holds({ field: 'totalSpend', op: 'atLeast', amount: 32_000 })).toBe(true);
    expect(holds({ field: 'totalSpend', op: 'atLeast', amount: 32_001 })).toBe(false);
    expect(holds({ field: 'totalSpend', op: 'atMost', amount: 10_000 })).toBe(false);
  });

  it('tags ignore case; hasNot is the complement', () => {
    expect(holds({ field: 'tag', op: 'has', value: 'vip' })).toBe(true);
    expect(holds({ field: 'tag', op: 'hasNot', value: 'VIP' })).toBe(false);
    expect(holds({ field: 'tag', op: 'hasNot', value: 'wholesale' })).toBe(true);
  });

  it('birthday month, and "this month" in the location zone (31 March 20:00 in Chicago is still March)', () => {
    expect(holds({ field: 'birthdayMonth', amount: 4 })).toBe(true);
    expect(holds({ field: 'birthdayMonth', amount: 3 })).toBe(false);
    const lateMarch = { now: new Date('2026-04-01T01:00:00Z'), zone: 'America/Chicago' };
    expect(ruleMatches({ field: 'birthdayMonth', amount: 0 }, client({ birthday: '1985-03-20' }), lateMarch)).toBe(true);
    expect(ruleMatches({ field: 'birthdayMonth', amount: 0 }, client({ birthday: '1985-03-20' }), { ...lateMarch, zone: 'UTC' })).toBe(
      false,
    );
    expect(holds({ field: 'birthdayMonth', amount: 4 }, client({ birthday: null }))).toBe(false);
  });

  it('services had (part of the name, any case), preferred location and staff', () => {
    expect(holds({ field: 'serviceHad', value: 'balay' })).toBe(true);
    expect(holds({ field: 'serviceHad', value: 'Manicure' })).toBe(false);
    expect(holds({ field: 'preferredLocation', value: 'loc-1' })).toBe(true);
    expect(holds({ field: 'preferredLocation', value: 'loc-2' })).toBe(false);
    expect(holds({ field: 'preferredStaff', value: 'staff-1' })).toBe(true);
  });

  it('all needs every rule, any needs one', () => {
    const rules: SegmentRule[] = [
      { field: 'tag', op: 'has', value: 'VIP' },
      { field: 'visits', op: 'atLeast', amount: 10 },
    ];
    expect(segmentMatches({ match: 'all', rules }, client(), clock)).toBe(false);
    expect(segmentMatches({ match: 'any', rules }, client(), clock)).toBe(true);
  });

  it('the definition is validated with the field named', () => {
    const bad = segmentDefinitionSchema.safeParse({ match: 'all', rules: [{ field: 'lastVisit', op: 'before', amount: 0 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['rules', 0, 'amount']);
    expect(segmentDefinitionSchema.safeParse({ match: 'all', rules: [] }).success).toBe(false);
    expect(segmentDefinitionSchema.safeParse({ match: 'all', rules: [{ field: 'shoeSize' }] }).success).toBe(false);
    // Extra flat fields (the GraphQL input's unused op/value/amount) are dropped, not refused.
    const flat = segmentDefinitionSchema.parse({ match: 'any', rules: [{ field: 'neverVisited', op: null, value: null, amount: null }] });
    expect(flat.rules[0]).toEqual({ field: 'neverVisited' });
  });

  it('the last visit is the later of the profile and the mirrored history', () => {
    expect(lastVisitOf(null, null)).toBeNull();
    expect(lastVisitOf(daysAgo(5), daysAgo(10))).toEqual(daysAgo(5));
    expect(lastVisitOf(daysAgo(10), daysAgo(5))).toEqual(daysAgo(5));
    expect(lastVisitOf(null, daysAgo(5))).toEqual(daysAgo(5));
  });
});
