/** The client list's filters, sorting and paging → query variables and labels. Pure. */

export const PAGE_SIZE = 50;

export type LastVisitFilter = 'any' | 'within30' | 'over90' | 'never';

export const LAST_VISIT_OPTIONS: { value: LastVisitFilter; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'within30', label: 'Within 30 days' },
  { value: 'over90', label: 'Over 90 days ago' },
  { value: 'never', label: 'Never visited' },
];

export type ClientSort = 'name' | '-createdAt' | 'lastVisit' | 'relevance';

export const SORT_OPTIONS: { value: ClientSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'lastVisit', label: 'Last visit' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LastVisitParams {
  lastVisitAfter?: string;
  lastVisitBefore?: string;
  /** "Never visited": no lastVisitAt at all. Not in the contract's list parameters; see report. */
  neverVisited?: boolean;
}

/** 'within30' → visits after now−30d; 'over90' → last visit before now−90d; 'never' → no visit. */
export function lastVisitParams(filter: LastVisitFilter, now: Date = new Date()): LastVisitParams {
  switch (filter) {
    case 'within30':
      return { lastVisitAfter: startOfUtcDay(now.getTime() - 30 * DAY_MS) };
    case 'over90':
      return { lastVisitBefore: startOfUtcDay(now.getTime() - 90 * DAY_MS) };
    case 'never':
      return { neverVisited: true };
    default:
      return {};
  }
}

/** Rounded to the day so the query key (and the server's cache) stays stable while typing. */
function startOfUtcDay(ms: number): string {
  const d = new Date(ms);
  d.setUTCHours(0, 0, 0, 0);
  return d.toISOString();
}

/** Sort sent to the server: relevance only makes sense with a search; without one the default is name. */
export function effectiveSort(sort: ClientSort | null, search: string): ClientSort {
  if (sort === 'relevance' && !search.trim()) return 'name';
  if (sort) return sort;
  return search.trim() ? 'relevance' : 'name';
}

const numberFmt = new Intl.NumberFormat('en-US');

/**
 * The service stops counting a search or filter's matches at SEARCH_COUNT_CAP (default 1,000) so
 * `total` stays cheap at 100k clients; a filtered total at the cap means "at least".
 */
export const COUNT_CAP = 1000;

export function isCapped(total: number, filtered: boolean): boolean {
  return filtered && total >= COUNT_CAP;
}

export function totalText(total: number, capped = false): string {
  return `${numberFmt.format(total)}${capped ? '+' : ''}`;
}

/** '1–50 of 12,345'; '1–50 of 1,000+' when capped; '0 of 0' when empty. */
export function pageLabel(offset: number, count: number, total: number, capped = false): string {
  if (total === 0 || count === 0) return `0 of ${totalText(total, capped)}`;
  return `${numberFmt.format(offset + 1)}–${numberFmt.format(offset + count)} of ${totalText(total, capped)}`;
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Offset of a 1-based page, clamped to what exists. */
export function offsetForPage(page: number, total: number, size = PAGE_SIZE): number {
  const p = Math.min(Math.max(1, Math.floor(page)), pageCount(total, size));
  return (p - 1) * size;
}

/** List state ↔ URL search params, so a filtered page can be shared and survives reload. */
export interface ListState {
  search: string;
  tag: string;
  locationId: string;
  lastVisit: LastVisitFilter;
  sort: ClientSort | null;
  page: number;
}

export function readListState(params: URLSearchParams): ListState {
  const lv = params.get('lastVisit') as LastVisitFilter | null;
  const sort = params.get('sort') as ClientSort | null;
  const page = Number(params.get('page') ?? '1');
  return {
    search: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    locationId: params.get('location') ?? '',
    lastVisit: lv && LAST_VISIT_OPTIONS.some((o) => o.value === lv) ? lv : 'any',
    sort: sort && SORT_OPTIONS.some((o) => o.value === sort) ? sort : null,
    page: Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1,
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search) p.set('q', state.search);
  if (state.tag) p.set('tag', state.tag);
  if (state.locationId) p.set('location', state.locationId);
  if (state.lastVisit !== 'any') p.set('lastVisit', state.lastVisit);
  if (state.sort) p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}
