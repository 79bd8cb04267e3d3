import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  isCapped,
  lastVisitParams,
  offsetForPage,
  pageCount,
  pageLabel,
  readListState,
  writeListState,
} from './list-params';

const now = new Date('2026-11-21T18:30:00Z');

describe('lastVisitParams', () => {
  it('maps each filter to date bounds', () => {
    expect(lastVisitParams('any', now)).toEqual({});
    expect(lastVisitParams('within30', now)).toEqual({ lastVisitAfter: '2026-10-22T00:00:00.000Z' });
    expect(lastVisitParams('over90', now)).toEqual({ lastVisitBefore: '2026-08-23T00:00:00.000Z' });
    expect(lastVisitParams('never', now)).toEqual({ neverVisited: true });
  });
});

describe('effectiveSort', () => {
  it('defaults to relevance with a search and name without', () => {
    expect(effectiveSort(null, 'ana')).toBe('relevance');
    expect(effectiveSort(null, ' ')).toBe('name');
    expect(effectiveSort('relevance', '')).toBe('name');
    expect(effectiveSort('-createdAt', 'ana')).toBe('-createdAt');
  });
});

describe('paging', () => {
  it('labels the visible range', () => {
    expect(pageLabel(0, 50, 12345)).toBe('1–50 of 12,345');
    expect(pageLabel(12300, 45, 12345)).toBe('12,301–12,345 of 12,345');
    expect(pageLabel(0, 0, 0)).toBe('0 of 0');
    expect(pageLabel(950, 50, 1000, isCapped(1000, true))).toBe('951–1,000 of 1,000+');
    expect(isCapped(1000, false)).toBe(false);
  });
  it('counts and clamps pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(101)).toBe(3);
    expect(offsetForPage(3, 101)).toBe(100);
    expect(offsetForPage(9, 101)).toBe(100);
    expect(offsetForPage(0, 101)).toBe(0);
  });
});

describe('list state in the URL', () => {
  it('round-trips and ignores junk', () => {
    const state = { search: 'ana', tag: 'vip', locationId: 'l1', lastVisit: 'over90' as const, sort: 'name' as const, page: 3 };
    expect(readListState(writeListState(state))).toEqual(state);
    expect(readListState(new URLSearchParams('lastVisit=bogus&sort=x&page=-2'))).toEqual({
      search: '',
      tag: '',
      locationId: '',
      lastVisit: 'any',
      sort: null,
      page: 1,
    });
    expect(writeListState({ search: '', tag: '', locationId: '', lastVisit: 'any', sort: null, page: 1 }).toString()).toBe('');
  });
});
