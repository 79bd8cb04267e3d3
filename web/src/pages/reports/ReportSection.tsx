import type { ReactNode } from 'react';
import { BarChart } from './BarChart';

export interface ReportStat {
  label: string;
  value: string;
  testId?: string;
}

export interface ReportChart {
  label: string;
  labels: string[];
  values: number[];
  format: (v: number) => string;
  testId?: string;
}

export interface ReportColumn<R> {
  header: string;
  /** A figure: right-aligned, tabular digits. */
  num?: boolean;
  cell: (row: R) => ReactNode;
}

/**
 * A table of a report: the first column names the row (a row header), the others are figures.
 * An empty range says so in one row instead of an empty body.
 */
export function ReportTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  caption: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowTestId?: (row: R) => string;
}) {
  return (
    <table className="table report-table" aria-label={caption}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.num ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="muted">
              Nothing in this range.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={rowKey(r)} data-testid={rowTestId?.(r)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.header} className={c.num ? 'num' : undefined}>
                    {c.cell(r)}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * One section of /reports, every section the same way: its headline figures, a note, a chart
 * where people would rather look than read, then the tables with the same figures (side by side
 * when there are several).
 */
export function ReportSection({
  testId,
  stats = [],
  note,
  chart,
  children,
  columns,
}: {
  testId: string;
  stats?: readonly ReportStat[];
  note?: ReactNode;
  chart?: ReportChart;
  /** The section's main table(s), full width. */
  children?: ReactNode;
  /** Further tables, side by side. */
  columns?: ReactNode;
}) {
  return (
    <div className="report-section" data-testid={testId}>
      {stats.length > 0 && (
        <div className="report-stats">
          {stats.map((s) => (
            <div key={s.label} className="card stat-card report-stat">
              <p className="stat-label">{s.label}</p>
              <p className="stat-value" data-testid={s.testId}>
                {s.value}
              </p>
            </div>
          ))}
        </div>
      )}
      {note && <p className="muted small">{note}</p>}
      {chart && <BarChart {...chart} />}
      {children}
      {columns && <div className="report-columns">{columns}</div>}
    </div>
  );
}
