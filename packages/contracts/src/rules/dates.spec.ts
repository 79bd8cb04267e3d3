import { describe, expect, it } from 'vitest';
import {
  dateOrInstantSchema,
  dateProblem,
  dateSchema,
  instantProblem,
  instantSchema,
  isRealDate,
  NOT_A_REAL_DATE,
  TOO_EARLY,
  TOO_LATE,
} from './dates.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('isRealDate', () => {
  it('knows month lengths and leap years', () => {
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-04-31')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('2026-00-10')).toBe(false);
    expect(isRealDate('2026-1-1')).toBe(false);
  });
});

describe('dateProblem', () => {
  it('names what is wrong: the format, a day that does not exist, the range, the future', () => {
    expect(dateProblem('21/04/2026')).toBe('must be a date like 2026-04-21');
    expect(dateProblem('2026-02-30')).toBe(NOT_A_REAL_DATE);
    expect(dateProblem('1800-01-01')).toBe('must be on or after 1900-01-01');
    expect(dateProblem('0001-01-01')).toBe(TOO_EARLY);
    expect(dateProblem('9999-12-31')).toBe(TOO_LATE);
    expect(dateProblem('2030-01-01', { notAfter: '2026-11-23' })).toBe('must not be in the future');
    expect(dateProblem('1900-01-01')).toBeNull();
    expect(dateProblem('2200-12-31')).toBeNull();
  });

  it('dateSchema answers the same string, or one issue', () => {
    expect(dateSchema().parse('2026-04-21')).toBe('2026-04-21');
    expect(messages(dateSchema().safeParse('2026-02-30'))).toEqual([NOT_A_REAL_DATE]);
    expect(messages(dateSchema({ notAfter: '2026-11-23' }).safeParse('2026-11-24'))).toEqual(['must not be in the future']);
  });
});

describe('instantProblem', () => {
  it('takes ISO instants with an offset within 1900–2200', () => {
    for (const ok of [
      '2026-04-21T14:30:00Z',
      '2026-04-21T14:30:00.123Z',
      '2026-04-21T09:30:00-05:00',
      '1900-01-01T00:00:00Z',
      '2200-12-31T23:59:59Z',
    ])
      expect(instantProblem(ok), ok).toBeNull();
  });

  it('refuses year 0001, 9999 and the edge of the JavaScript date, naming the bound', () => {
    expect(instantProblem('0001-01-01T15:00:00Z')).toBe(TOO_EARLY);
    expect(instantProblem('9999-12-31T15:00:00Z')).toBe(TOO_LATE);
    expect(instantProblem('2201-01-01T00:00:00Z')).toBe(TOO_LATE);
    expect(instantProblem('1900-01-01T00:30:00+01:00')).toBe(TOO_EARLY);
    expect(instantProblem('+275760-09-13T00:00:00Z')).toMatch(/^must be a date and time with an offset/);
  });

  it('refuses what is not an instant, saying when only the offset is missing', () => {
    expect(instantProblem('2026-02-30T10:00:00Z')).toBe(NOT_A_REAL_DATE);
    expect(instantProblem('2026-04-21T14:30:00')).toBe(
      'must be a date and time with an offset, like 2026-04-21T14:30:00Z (the offset is missing)',
    );
    expect(instantProblem('tomorrow')).toBe('must be a date and time with an offset, like 2026-04-21T14:30:00Z');
    expect(instantProblem('2026-04-21T24:00:00Z')).not.toBeNull();
  });

  it('instantSchema and dateOrInstantSchema answer the input string or one issue', () => {
    expect(instantSchema().parse('2026-04-21T14:30:00Z')).toBe('2026-04-21T14:30:00Z');
    expect(messages(instantSchema().safeParse('9999-12-31T15:00:00Z'))).toEqual([TOO_LATE]);
    expect(dateOrInstantSchema().parse('2026-04-21')).toBe('2026-04-21');
    expect(dateOrInstantSchema().parse('2026-04-21T14:30:00-05:00')).toBe('2026-04-21T14:30:00-05:00');
    expect(messages(dateOrInstantSchema().safeParse('9999-12-30'))).toEqual([TOO_LATE]);
    expect(messages(dateOrInstantSchema().safeParse('0001-01-01T00:00:00Z'))).toEqual([TOO_EARLY]);
    expect(messages(instantSchema().safeParse('2026-04-21T14:30:00Z'.repeat(5000)))).toEqual(['must be at most 64 characters']);
  });
});
