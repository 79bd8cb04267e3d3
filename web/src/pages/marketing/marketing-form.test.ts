import { describe, expect, it } from 'vitest';
import { newRule, ruleInput, ruleSummary, segmentSummary, sendAtIso } from './marketing-form';

describe('segment builder', () => {
  it('starts each field with a valid rule and sends only what the field uses', () => {
    expect(newRule('lastVisit')).toEqual({ field: 'lastVisit', op: 'before', value: null, amount: 90 });
    expect(newRule('neverVisited')).toEqual({ field: 'neverVisited', op: null, value: null, amount: null });
    expect(ruleInput({ field: 'tag', op: 'has', value: ' VIP ', amount: 4 })).toEqual({
      field: 'tag',
      op: 'has',
      value: 'VIP',
      amount: null,
    });
    expect(ruleInput({ field: 'birthdayMonth', op: 'x', value: 'y', amount: 5 })).toEqual({
      field: 'birthdayMonth',
      op: null,
      value: null,
      amount: 5,
    });
  });

  it('summarises rules and segments in words', () => {
    expect(ruleSummary({ field: 'lastVisit', op: 'before', value: null, amount: 90 })).toBe('Last visit more than 90 days ago');
    expect(ruleSummary({ field: 'totalSpend', op: 'atLeast', value: null, amount: 25_050 })).toBe('Total spend at least $250.5');
    expect(ruleSummary({ field: 'birthdayMonth', op: null, value: null, amount: 0 })).toBe('Birthday this month');
    expect(ruleSummary({ field: 'birthdayMonth', op: null, value: null, amount: 3 })).toBe('Birthday in March');
    expect(
      segmentSummary('any', [
        { field: 'tag', op: 'has', value: 'VIP', amount: null },
        { field: 'visits', op: 'atLeast', value: null, amount: 1 },
      ]),
    ).toBe('Tag is VIP or At least 1 visit');
  });

  it('reads a scheduled time as an instant', () => {
    expect(sendAtIso('')).toBeNull();
    expect(sendAtIso('not a date')).toBeNull();
    expect(sendAtIso('2026-05-02T09:30')).toBe(new Date(2026, 4, 2, 9, 30).toISOString());
  });
});
