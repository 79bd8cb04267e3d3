import { describe, expect, it } from 'vitest';
import { csvRow, CSV_COLUMNS, exportFileName, type ExportClient } from './export-format.js';

// Formula cells are made safe by the one CSV writer (packages/nest-kit/src/csv/csv-writer.ts) that writes this row.
describe('export format', () => {
  it('writes one row per client with tags, alerts, consent and notes', () => {
    const consent = { granted: true, changedAt: '2025-01-01T00:00:00.000Z', method: 'verbal', changedBy: null };
    const c: ExportClient = {
      id: 'id1',
      firstName: 'Jen',
      lastName: 'Smith',
      fullName: 'Jen Smith',
      phone: '+13125550101',
      email: 'jen@example.com',
      birthday: '1990-01-02',
      address: { city: 'Chicago' },
      preferredLocationId: null,
      preferredStaffId: null,
      tags: ['VIP', 'Colour'],
      alerts: [
        { id: 'a', kind: 'allergy', text: 'PPD', critical: true },
        { id: 'b', kind: 'other', text: 'Quiet', critical: false },
      ],
      source: 'Instagram',
      smsConsent: consent,
      emailConsent: { ...consent, granted: false, changedAt: null, method: null },
      lastVisitAt: null,
      lifetimeSpendMinor: 0,
      lastPurchaseAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      createdBy: null,
      updatedBy: null,
      version: 1,
      notes: [
        {
          id: 'n',
          clientId: 'id1',
          body: 'Likes tea',
          templateId: null,
          templateName: null,
          values: null,
          pinned: true,
          authorId: 'u',
          authorName: 'Dana',
          createdAt: '2025-02-03T10:20:00.000Z',
          updatedAt: '',
          version: 1,
        },
      ],
    };
    const row = csvRow(c);
    expect(row).toHaveLength(CSV_COLUMNS.length);
    const get = (k: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(k)];
    expect(get('tags')).toBe('VIP; Colour');
    expect(get('alerts')).toBe('allergy: PPD (critical); other: Quiet');
    expect(get('smsConsent')).toBe('yes');
    expect(get('emailConsent')).toBe('no');
    expect(get('city')).toBe('Chicago');
    expect(get('notes')).toBe('[2025-02-03 10:20 Dana pinned] Likes tea');
    expect(exportFileName('csv', new Date('2025-06-07T12:00:00Z'))).toBe('clients-2025-06-07.csv');
  });
});
