// k6's threshold language, the part the scenarios use, evaluated over the local harness's metrics
// so `npm run bench` says pass or fail by the same lines k6 would. A threshold is
// `<aggregate> <op> <number>`: aggregates p(N), avg, med, min, max for trends, rate for rates,
// count for counters; ops <, <=, >, >=, ==, !=. Keys name a metric, optionally with one tag
// filter: `http_req_duration{name:book}`.

const EXPRESSION = /^\s*(p\((\d+(?:\.\d+)?)\)|avg|med|min|max|rate|count)\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;
const KEY = /^([a-z_][a-z0-9_]*)(?:\{([a-z_]+):([^}]+)\})?$/i;

/** `http_req_duration{name:book}` → `{ metric, tag: { key, value } }`; a key k6 would refuse throws. */
export function parseKey(key) {
  const m = KEY.exec(key);
  if (!m) throw new Error(`threshold key "${key}" is not metric or metric{tag:value}`);
  return { metric: m[1], tag: m[2] ? { key: m[2], value: m[3] } : null };
}

/** `p(95)<300` → `{ aggregate: 'p', percentile: 95, op: '<', value: 300 }`; anything else throws. */
export function parseExpression(expression) {
  const m = EXPRESSION.exec(expression);
  if (!m) throw new Error(`threshold "${expression}" is not <aggregate> <op> <number> (aggregates: p(N), avg, med, min, max, rate, count)`);
  return m[2] !== undefined
    ? { aggregate: 'p', percentile: Number(m[2]), op: m[3], value: Number(m[4]) }
    : { aggregate: m[1], op: m[3], value: Number(m[4]) };
}

/** Nearest-rank percentile of sorted numbers (k6 interpolates; at bench sizes they agree closely). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One aggregate of a metric sample: `{ kind: 'trend', values }`, `{ kind: 'rate', passes, total }` or `{ kind: 'counter', count }`. */
export function aggregateOf(sample, parsed) {
  if (sample.kind === 'rate') {
    if (parsed.aggregate !== 'rate') throw new Error(`a rate has no ${parsed.aggregate}`);
    return sample.total === 0 ? 0 : sample.passes / sample.total;
  }
  if (sample.kind === 'counter') {
    if (parsed.aggregate !== 'count' && parsed.aggregate !== 'rate') throw new Error(`a counter has no ${parsed.aggregate}`);
    return sample.count;
  }
  const sorted = [...sample.values].sort((a, b) => a - b);
  switch (parsed.aggregate) {
    case 'p':
      return percentile(sorted, parsed.percentile);
    case 'med':
      return percentile(sorted, 50);
    case 'avg':
      return sorted.length ? sorted.reduce((s, v) => s + v, 0) / sorted.length : NaN;
    case 'min':
      return sorted.length ? sorted[0] : NaN;
    case 'max':
      return sorted.length ? sorted[sorted.length - 1] : NaN;
    case 'count':
      return sorted.length;
    default:
      throw new Error(`a trend has no ${parsed.aggregate}`);
  }
}

const COMPARE = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/**
 * Every threshold of a scenario against the samples the run collected (`samples(key)` answers the
 * sample of a metric key, or null when nothing was recorded under it). A trend with no values
 * passes, as in k6 (a step that never ran cannot be slow); an unknown key fails, so a typo in a
 * threshold is seen.
 */
export function evaluateThresholds(thresholds, samples) {
  const results = [];
  for (const [key, expressions] of Object.entries(thresholds)) {
    parseKey(key);
    const sample = samples(key);
    for (const expression of expressions) {
      const parsed = parseExpression(expression);
      if (!sample) {
        results.push({ key, expression, actual: null, ok: false, reason: 'no such metric was recorded' });
        continue;
      }
      const actual = aggregateOf(sample, parsed);
      const ok = Number.isNaN(actual) ? true : COMPARE[parsed.op](actual, parsed.value);
      results.push({ key, expression, actual: Number.isNaN(actual) ? null : actual, ok });
    }
  }
  return results;
}
