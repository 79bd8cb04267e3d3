// The Grafana dashboard only charts what the code exports: every metric name in its expressions
// is a family a process's /metrics serves (the kit's, or prom-client's process metrics).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry, startMetrics } from '@salon/nest-kit/telemetry';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../lib/install.mjs';

interface Panel {
  title: string;
  targets?: { expr: string }[];
}

const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'by',
  'without',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'le',
  'label_values',
  'on',
  'and',
  'or',
  'unless',
  'count',
]);

/** Metric names in a PromQL expression: identifiers followed by `{`, `[` or `)` that are not functions or label names. */
export function metricNames(expr: string): string[] {
  const withoutSelectors = expr
    .replace(/label_values\(([^,)]+),[^)]*\)/g, '$1')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/by \([^)]*\)/g, '');
  const names = [...withoutSelectors.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(?=\{|\[|\)|$|\s*-)/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !PROMQL_WORDS.has(n) && !/^\d/.test(n)))];
}

describe('infra/grafana/salon.json', () => {
  const dashboard = JSON.parse(readFileSync(join(ROOT, 'infra/grafana/salon.json'), 'utf8')) as {
    panels: Panel[];
    templating: { list: { query: string }[] };
  };

  it('names only metrics the processes export', async () => {
    startMetrics('dashboard-test');
    const exported = new Set<string>();
    for (const metric of (await registry.getMetricsAsJSON()) as { name: string; type: string }[]) {
      exported.add(metric.name);
      if (metric.type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) exported.add(metric.name + s);
    }
    const exprs = [
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
      ...dashboard.templating.list.filter((v) => v.query?.includes('(')).map((v) => ({ where: 'variable', expr: v.query })),
    ];
    expect(exprs.length).toBeGreaterThan(10);
    const unknown = exprs.flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((n) => !exported.has(n))
        .map((n) => `${where}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the check itself sees a metric that does not exist', () => {
    expect(metricNames('sum by (queue) (rate(bullmq_jobs_total{state="x"}[5m])) - no_such_metric{}')).toEqual([
      'bullmq_jobs_total',
      'no_such_metric',
    ]);
  });
});
