import { parse } from 'csv-parse/sync';

export interface ParsedCsv {
  columns: string[];
  /** Data rows in file order; row number N (1-based, the first row under the header) is records[N - 1]. */
  records: string[][];
}

export class CsvFileError extends Error {}

/** Comma, semicolon or tab: whichever the header line uses most (European exports use ';'). */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

/**
 * The CSV reader every import shares (clients, products): what a spreadsheet exports, read the same
 * way everywhere. Reads an uploaded CSV: a header row, then one record per row. A byte-order mark, blank lines and
 * rows with only empty cells are ignored; short or long rows are kept (missing cells are blank).
 */
export function parseCsv(text: string, record = 'record'): ParsedCsv {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new CsvFileError(`The file is not a readable CSV: ${(error as Error).message}`);
  }
  if (rows.length === 0) throw new CsvFileError(`The file is empty: expected a header row and one ${record} per row`);
  const columns = rows[0].map((c, i) => c || `Column ${i + 1}`);
  const seen = new Set<string>();
  for (const [i, column] of columns.entries()) {
    let name = column;
    for (let n = 2; seen.has(name); n++) name = `${column} (${n})`;
    columns[i] = name;
    seen.add(name);
  }
  return { columns, records: rows.slice(1) };
}

/** The original cells of a row as `column → value` (rejections keep them, the rejected CSV shows them). */
export function rawRow(columns: readonly string[], cells: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  columns.forEach((column, i) => (raw[column] = cells[i] ?? ''));
  for (let i = columns.length; i < cells.length; i++) if (cells[i]) raw[`Column ${i + 1}`] = cells[i];
  return raw;
}
