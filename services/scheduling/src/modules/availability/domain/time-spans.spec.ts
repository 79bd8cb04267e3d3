import { describe, expect, it } from 'vitest';
import { OccupancyIndex, SpanIndex, intersectSpans, mergeSpans, subtractSpans } from './time-spans.js';

const S = (pairs: [number, number][]) => pairs.map(([s, e]) => ({ s, e }));

describe('span helpers', () => {
  it.each([
    {
      name: 'merge joins overlapping and touching',
      fn: () =>
        mergeSpans(
          S([
            [5, 7],
            [0, 2],
            [2, 3],
            [6, 9],
          ]),
        ),
      expected: S([
        [0, 3],
        [5, 9],
      ]),
    },
    {
      name: 'subtract cuts holes',
      fn: () =>
        subtractSpans(
          S([
            [0, 10],
            [20, 30],
          ]),
          S([
            [2, 4],
            [8, 22],
          ]),
        ),
      expected: S([
        [0, 2],
        [4, 8],
        [22, 30],
      ]),
    },
    {
      name: 'intersect',
      fn: () =>
        intersectSpans(
          S([
            [0, 10],
            [20, 30],
          ]),
          S([[5, 25]]),
        ),
      expected: S([
        [5, 10],
        [20, 25],
      ]),
    },
  ])('$name', ({ fn, expected }) => expect(fn()).toEqual(expected));

  it.each([
    { a: 0, b: 5, covers: true, overlaps: true },
    { a: 8, b: 12, covers: false, overlaps: true },
    { a: 10, b: 20, covers: false, overlaps: false },
    { a: 20, b: 30, covers: true, overlaps: true },
  ])('SpanIndex [$a,$b): covers=$covers overlaps=$overlaps', ({ a, b, covers, overlaps }) => {
    const idx = new SpanIndex(
      S([
        [20, 30],
        [0, 10],
      ]),
    );
    expect(idx.covers(a, b)).toBe(covers);
    expect(idx.overlaps(a, b)).toBe(overlaps);
  });

  it.each([
    { a: 0, b: 10, max: 2 },
    { a: 0, b: 5, max: 1 },
    { a: 5, b: 8, max: 2 },
    { a: 10, b: 20, max: 0 },
    { a: 9, b: 11, max: 1 },
  ])('OccupancyIndex max over [$a,$b) is $max', ({ a, b, max }) => {
    const idx = new OccupancyIndex([
      { s: 0, e: 10, count: 1 },
      { s: 5, e: 8, count: 1 },
    ]);
    expect(idx.maxLevel(a, b)).toBe(max);
  });

  it('OccupancyIndex finds when a full resource frees up', () => {
    const idx = new OccupancyIndex([
      { s: 0, e: 10, count: 2 },
      { s: 10, e: 15, count: 1 },
    ]);
    expect(idx.nextAtOrBelow(3, 1)).toBe(10);
    expect(idx.nextAtOrBelow(3, 0)).toBe(15);
    expect(idx.firstAbove(12, 20, 0)).toBe(12);
  });
});
