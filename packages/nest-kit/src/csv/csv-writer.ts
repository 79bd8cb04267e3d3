import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the platform: the clients and products exports and the rejected rows of an
 * import all write through it, so neither can hand a spreadsheet a formula. Cells come from clients and
 * uploaded files (anyone who books online names themselves), and a cell starting with = + - @,
 * a tab or a carriage return is run by Excel, LibreOffice and Google Sheets as a formula
 * (`=HYPERLINK(…)` to phish, `+cmd|…` for DDE). Such a cell is written after a ' , which
 * spreadsheets show as text (OWASP "CSV Injection").
 */

/** Phone numbers and amounts (+1 (312) 555-0101, -12.50) stay as they are: digits and punctuation cannot call anything. */
export function safeCell(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value))) return `'${value}`;
  return value;
}

/** Rows as CSV text (RFC 4180 quoting), every cell through `safeCell`, the header row included. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((row) => row.map(safeCell)));
}
