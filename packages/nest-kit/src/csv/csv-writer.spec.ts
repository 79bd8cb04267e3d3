import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from './csv-writer.js';

describe('safeCell', () => {
  it('makes a cell a spreadsheet would run as a formula plain text', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","Click")',
      '@SUM(A1:A9)',
      '+cmd|"/C calc"!A0',
      '-2+3+cmd|"/C calc"!A0',
      '\t=1+1',
      '\r=1+1',
    ])
      expect(safeCell(formula), JSON.stringify(formula)).toBe(`'${formula}`);
  });

  it('leaves names, phone numbers and negative numbers as they are', () => {
    for (const plain of ['Jen', '+13125550101', '+1 (312) 555-0101', '-12.50', '', 'a=b', "O'Brien"]) expect(safeCell(plain)).toBe(plain);
  });
});

describe('toCsv', () => {
  it('quotes as CSV does and makes every cell safe, the header row included', () => {
    const text = toCsv([
      ['row', '=cmd()'],
      ['1', 'Likes, commas "and" quotes'],
      ['2', '@SUM(A1)'],
    ]);
    expect(parse(text)).toEqual([
      ['row', "'=cmd()"],
      ['1', 'Likes, commas "and" quotes'],
      ['2', "'@SUM(A1)"],
    ]);
  });
});
