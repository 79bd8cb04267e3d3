import { describe, expect, it } from 'vitest';
import { CsvFileError, detectDelimiter, parseCsv, rawRow } from './csv-file.js';

describe('parseCsv', () => {
  it('reads a header and rows, skipping blank ones, with a BOM and quotes', () => {
    const parsed = parseCsv('\uFEFFFirst Name,Last Name,Notes\r\nAna,Silva,"likes ""tea"", not coffee"\r\n,,\r\n\r\nBo,,\r\n');
    expect(parsed.columns).toEqual(['First Name', 'Last Name', 'Notes']);
    expect(parsed.records).toEqual([
      ['Ana', 'Silva', 'likes "tea", not coffee'],
      ['Bo', '', ''],
    ]);
  });
  it('detects semicolons and tabs', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(parseCsv('First;Email\nAna;a@x.co').records).toEqual([['Ana', 'a@x.co']]);
  });
  it('names blank and repeated headers', () => {
    expect(parseCsv('Phone,,Phone\n1,2,3').columns).toEqual(['Phone', 'Column 2', 'Phone (2)']);
  });
  it('refuses an empty file', () => {
    expect(() => parseCsv('')).toThrow(CsvFileError);
  });
  it('keeps the original cells of a row', () => {
    expect(rawRow(['A', 'B'], ['1'])).toEqual({ A: '1', B: '' });
  });
});
