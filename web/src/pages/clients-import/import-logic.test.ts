import { describe, expect, it } from 'vitest';
import type { ClientImport } from '@salon/contracts';
import {
  fileProblem,
  formatBytes,
  formatLabel,
  initialMapping,
  mappingProblems,
  progressPercent,
  resumable,
  shownRow,
  stepFor,
  toServerMapping,
  totalsLine,
} from './import-logic';

describe('mapping', () => {
  it('takes the server suggestion under its own keys', () => {
    const m = initialMapping({ firstName: 'First Name', city: 'City', phone: null }, ['First Name', 'City', 'Mobile']);
    expect(m.firstName).toBe('First Name');
    expect(m.city).toBe('City');
    expect(m.phone).toBe('');
    const back = toServerMapping({ ...m, phone: 'Mobile' }, { firstName: 'First Name', city: 'City', phone: null });
    expect(back.phone).toBe('Mobile');
    expect(back.city).toBe('City');
    expect(back.email).toBeNull();
    expect(back.addressLine1).toBeNull();
    expect(Object.keys(back)).not.toContain('address.line1');
  });
  it('guesses by column names when the server suggested nothing', () => {
    const m = initialMapping(null, ['First Name', 'Last Name', 'Mobile Phone', 'Email Address', 'Zip']);
    expect(m).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      phone: 'Mobile Phone',
      email: 'Email Address',
      postalCode: 'Zip',
    });
  });
  it('flags missing names and doubly used columns', () => {
    expect(mappingProblems({ firstName: '', name: 'N', phone: 'P' })).toEqual([]);
    expect(mappingProblems({ firstName: '', phone: 'A', email: 'A' })).toEqual([
      'Choose the column with the first name (or full name).',
      '“A” is used for more than one field.',
    ]);
  });
});

describe('preview rows', () => {
  it('reads values, nested address, problems and duplicates', () => {
    const r = shownRow({
      rowNumber: 7,
      values: { firstName: 'Ana', address: { city: 'Chicago' }, tags: ['vip', 'color'] },
      problems: ['phone: not a phone number', { field: 'email', message: 'invalid' }],
      duplicateOf: { id: 'c1', fullName: 'Ana Ruiz' },
    });
    expect(r).toEqual({
      rowNumber: 7,
      values: expect.objectContaining({ firstName: 'Ana', city: 'Chicago', tags: 'vip, color', phone: '' }),
      problems: ['phone: not a phone number', 'email: invalid'],
      duplicate: 'Ana Ruiz',
      duplicateId: 'c1',
    });
  });
  it('reads the service preview shape', () => {
    const r = shownRow({
      row: 3,
      status: 'duplicate',
      client: { firstName: 'Bo', address: { line1: '1 Main' }, smsConsent: true },
      problems: [],
      duplicateOfClientId: 'c7',
      raw: {},
    });
    expect(r).toMatchObject({
      rowNumber: 3,
      duplicate: 'an existing client',
      duplicateId: 'c7',
      values: expect.objectContaining({ firstName: 'Bo', addressLine1: '1 Main', smsConsent: 'Yes' }),
    });
  });
  it('totals', () => {
    expect(totalsLine({ totalRows: 10000, rejectedCount: 112, duplicateCount: 18 })).toBe(
      '9,870 ready · 112 will be rejected · 18 duplicates of existing clients',
    );
  });
});

const imp = (over: Partial<ClientImport>): ClientImport => ({
  id: 'i',
  status: 'running',
  fileName: 'a.csv',
  format: 'generic',
  columns: [],
  mapping: {},
  onDuplicate: 'skip',
  totalRows: 200,
  processedRows: 50,
  createdCount: 0,
  updatedCount: 0,
  skippedDuplicateCount: 0,
  rejectedCount: 0,
  createdAt: '2026-11-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  error: null,
  ...over,
});

describe('progress and resume', () => {
  it('computes the percentage', () => {
    expect(progressPercent(imp({}))).toBe(25);
    expect(progressPercent(imp({ totalRows: 0 }))).toBe(0);
    expect(progressPercent(imp({ status: 'completed', processedRows: 190 }))).toBe(100);
    expect(progressPercent(imp({ processedRows: 500 }))).toBe(100);
  });
  it('resumes the newest running import, else the newest validated one', () => {
    const list = [
      imp({ id: 'old-run', createdAt: '2026-10-01T00:00:00Z' }),
      imp({ id: 'new-val', status: 'validated', createdAt: '2026-11-02T00:00:00Z' }),
      imp({ id: 'done', status: 'completed', createdAt: '2026-11-03T00:00:00Z' }),
    ];
    expect(resumable(list)?.id).toBe('old-run');
    expect(resumable(list.slice(1))?.id).toBe('new-val');
    expect(resumable([list[2]])).toBeNull();
    expect(stepFor(null)).toBe('upload');
    expect(stepFor(list[1])).toBe('map');
    expect(stepFor(list[2])).toBe('progress');
  });
});

describe('files', () => {
  it('rejects big, empty and non-CSV files', () => {
    expect(fileProblem({ name: 'a.csv', size: 51 * 1024 * 1024 })).toMatch(/limit is 50 MB/);
    expect(fileProblem({ name: 'a.csv', size: 0 })).toMatch(/empty/);
    expect(fileProblem({ name: 'a.xlsx', size: 10, type: 'application/vnd.ms-excel' })).toMatch(/not a CSV/);
    expect(fileProblem({ name: 'a.csv', size: 10 })).toBeNull();
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatLabel('vagaro')).toBe('Looks like a Vagaro export');
    expect(formatLabel('weird')).toBe('A plain CSV file');
  });
});
