import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/**
 * A bar chart (Chart.js on a canvas). The canvas is an image named by `label` for screen readers;
 * the table under every chart carries the same figures. Colours follow the theme's tokens.
 */
export function BarChart({
  label,
  labels,
  values,
  format,
  testId,
}: {
  label: string;
  labels: string[];
  values: number[];
  format: (v: number) => string;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !el.getContext('2d')) return; // no canvas (tests): the table says it all
    const text = cssVar('--text-secondary', '#666d7a');
    const grid = cssVar('--border', '#e5e7eb');
    chart.current = new Chart(el, {
      type: 'bar',
      data: {
        labels: [],
        datasets: [{ label, data: [], backgroundColor: cssVar('--primary', '#6c31f4'), borderRadius: 4, maxBarThickness: 48 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (ctx) => format(Number(ctx.raw)) } } },
        scales: {
          x: { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: text, precision: 0, callback: (v) => format(Number(v)) }, grid: { color: grid } },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [label, format]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets[0]!.data = values;
    c.update();
  }, [labels, values]);

  return (
    <div className="report-chart" data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label}>
        {label}
      </canvas>
    </div>
  );
}
