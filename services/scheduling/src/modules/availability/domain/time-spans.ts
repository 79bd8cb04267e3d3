// Millisecond spans and the two indexes the engine's hot loop queries. Plain numbers rather than
// Dates or luxon objects: findSlots runs thousands of checks per call and must stay in budget.

/** Half-open [s, e) in epoch milliseconds. */
export interface Span {
  s: number;
  e: number;
}

/** Sorted, with overlapping or touching spans joined (touching: back-to-back bookings read as one busy stretch). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((x) => x.e > x.s).sort((a, b) => a.s - b.s || a.e - b.e);
  const out: Span[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x.s <= last.e) {
      if (x.e > last.e) last.e = x.e;
    } else out.push({ s: x.s, e: x.e });
  }
  return out;
}

/** `base` minus `cut`; both merged and sorted. */
export function subtractSpans(base: readonly Span[], cut: readonly Span[]): Span[] {
  const out: Span[] = [];
  let j = 0;
  for (const b of base) {
    let s = b.s;
    while (j < cut.length && cut[j]!.e <= s) j++;
    let k = j;
    while (k < cut.length && cut[k]!.s < b.e) {
      const c = cut[k]!;
      if (c.s > s) out.push({ s, e: c.s });
      if (c.e > s) s = c.e;
      k++;
    }
    if (s < b.e) out.push({ s, e: b.e });
  }
  return out;
}

/** Both merged and sorted. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]!.s, b[j]!.s);
    const e = Math.min(a[i]!.e, b[j]!.e);
    if (s < e) out.push({ s, e });
    if (a[i]!.e < b[j]!.e) i++;
    else j++;
  }
  return out;
}

/** Binary-searchable set of merged spans: O(log n) containment and overlap queries. */
export class SpanIndex {
  readonly starts: Float64Array;
  readonly ends: Float64Array;

  constructor(spans: readonly Span[]) {
    const merged = mergeSpans(spans);
    this.starts = new Float64Array(merged.length);
    this.ends = new Float64Array(merged.length);
    merged.forEach((x, i) => {
      this.starts[i] = x.s;
      this.ends[i] = x.e;
    });
  }

  get size(): number {
    return this.starts.length;
  }

  /** Index of the first span whose end is after t, or size. */
  private firstEndingAfter(t: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends[mid]! > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Does one span cover all of [a, b)? */
  covers(a: number, b: number): boolean {
    const i = this.firstEndingAfter(a);
    return i < this.starts.length && this.starts[i]! <= a && this.ends[i]! >= b;
  }

  overlaps(a: number, b: number): boolean {
    const i = this.firstEndingAfter(a);
    return i < this.starts.length && this.starts[i]! < b;
  }

  /** The span containing t (start ≤ t < end), if any. */
  spanAt(t: number): Span | null {
    const i = this.firstEndingAfter(t);
    return i < this.starts.length && this.starts[i]! <= t ? { s: this.starts[i]!, e: this.ends[i]! } : null;
  }

  /** The first span overlapping [a, b), if any. */
  firstOverlap(a: number, b: number): Span | null {
    const i = this.firstEndingAfter(a);
    return i < this.starts.length && this.starts[i]! < b ? { s: this.starts[i]!, e: this.ends[i]! } : null;
  }

  toSpans(): Span[] {
    return Array.from(this.starts, (s, i) => ({ s, e: this.ends[i]! }));
  }
}

/**
 * Occupancy as a step function (time → places taken), so a room of capacity 2 can hold two
 * overlapping bookings. Breakpoints are sorted; `levels[i]` holds from `times[i]` to `times[i+1]`.
 */
export class OccupancyIndex {
  readonly times: Float64Array;
  readonly levels: Float64Array;

  constructor(entries: readonly { s: number; e: number; count: number }[]) {
    const deltas = new Map<number, number>();
    for (const x of entries) {
      if (x.e <= x.s || x.count <= 0) continue;
      deltas.set(x.s, (deltas.get(x.s) ?? 0) + x.count);
      deltas.set(x.e, (deltas.get(x.e) ?? 0) - x.count);
    }
    const keys = [...deltas.keys()].sort((a, b) => a - b);
    this.times = new Float64Array(keys.length);
    this.levels = new Float64Array(keys.length);
    let level = 0;
    keys.forEach((t, i) => {
      level += deltas.get(t)!;
      this.times[i] = t;
      this.levels[i] = level;
    });
  }

  /** Index of the last breakpoint ≤ t, or -1. */
  private lastAtOrBefore(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Highest occupancy anywhere in [a, b). */
  maxLevel(a: number, b: number): number {
    let i = this.lastAtOrBefore(a);
    let max = i >= 0 ? this.levels[i]! : 0;
    for (i++; i < this.times.length && this.times[i]! < b; i++) if (this.levels[i]! > max) max = this.levels[i]!;
    return max;
  }

  /** First instant in [a, b) where occupancy exceeds `level`, or null. */
  firstAbove(a: number, b: number, level: number): number | null {
    let i = this.lastAtOrBefore(a);
    if (i >= 0 && this.levels[i]! > level) return a;
    for (i++; i < this.times.length && this.times[i]! < b; i++) if (this.levels[i]! > level) return this.times[i]!;
    return null;
  }

  /** First instant ≥ t at which occupancy drops to ≤ `level`. */
  nextAtOrBelow(t: number, level: number): number {
    let i = this.lastAtOrBefore(t);
    if (i < 0 || this.levels[i]! <= level) return t;
    for (i++; i < this.times.length; i++) if (this.levels[i]! <= level) return this.times[i]!;
    return Number.POSITIVE_INFINITY;
  }
}
