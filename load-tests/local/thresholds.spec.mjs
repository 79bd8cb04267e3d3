import { describe, expect, it } from 'vitest';
import { aggregateOf, evaluateThresholds, parseExpression, parseKey } from './thresholds.mjs';

describe("k6's threshold language", () => {
  it('reads percentiles, aggregates and rates with every operator', () => {
    expect(parseExpression('p(95)<300')).toEqual({ aggregate: 'p', percentile: 95, op: '<', value: 300 });
    expect(parseExpression('p(99.9) <= 1.5')).toEqual({ aggregate: 'p', percentile: 99.9, op: '<=', value: 1.5 });
    expect(parseExpression('rate>0.99')).toEqual({ aggregate: 'rate', op: '>', value: 0.99 });
    expect(parseExpression('count<1')).toEqual({ aggregate: 'count', op: '<', value: 1 });
    expect(() => parseExpression('p95<300')).toThrow(/aggregate/);
    expect(() => parseExpression('avg<')).toThrow(/aggregate/);
  });

  it('reads a key with one tag filter, and refuses what k6 would', () => {
    expect(parseKey('http_req_duration{name:book}')).toEqual({ metric: 'http_req_duration', tag: { key: 'name', value: 'book' } });
    expect(parseKey('checks')).toEqual({ metric: 'checks', tag: null });
    expect(() => parseKey('http req')).toThrow(/threshold key/);
  });

  it('aggregates trends, rates and counters', () => {
    const trend = { kind: 'trend', values: [5, 1, 3, 2, 4] };
    expect(aggregateOf(trend, parseExpression('p(50)<0'))).toBe(3);
    expect(aggregateOf(trend, parseExpression('p(100)<0'))).toBe(5);
    expect(aggregateOf(trend, parseExpression('avg<0'))).toBe(3);
    expect(aggregateOf(trend, parseExpression('min<0'))).toBe(1);
    expect(aggregateOf({ kind: 'rate', passes: 3, total: 4 }, parseExpression('rate<0'))).toBe(0.75);
    expect(aggregateOf({ kind: 'counter', count: 7 }, parseExpression('count<0'))).toBe(7);
    expect(() => aggregateOf({ kind: 'rate', passes: 0, total: 0 }, parseExpression('p(95)<1'))).toThrow(/rate has no p/);
  });

  it('judges each line: breached, held, never recorded, and an empty trend as k6 does', () => {
    const samples = {
      http_req_duration: { kind: 'trend', values: [100, 200, 900] },
      http_req_failed: { kind: 'rate', passes: 0, total: 10 },
      'http_req_duration{name:never}': { kind: 'trend', values: [] },
    };
    const results = evaluateThresholds(
      {
        http_req_duration: ['p(95)<500', 'med<500'],
        http_req_failed: ['rate<0.01'],
        'http_req_duration{name:never}': ['p(95)<1'],
        typo_metric: ['count<1'],
      },
      (key) => samples[key] ?? null,
    );
    expect(results.map((r) => [r.key, r.expression, r.ok])).toEqual([
      ['http_req_duration', 'p(95)<500', false],
      ['http_req_duration', 'med<500', true],
      ['http_req_failed', 'rate<0.01', true],
      ['http_req_duration{name:never}', 'p(95)<1', true],
      ['typo_metric', 'count<1', false],
    ]);
    expect(results[0].actual).toBe(900);
    expect(results[4].reason).toMatch(/no such metric/);
  });
});
