import { describe, expect, it } from 'vitest';
import type { Client } from '@salon/contracts';
import { addressLine, conflictRows, draftFromClient, formatBirthday, patchFromDraft } from './client-edit';

const consent = { granted: false, changedAt: null, method: null, changedBy: null };
const base: Client = {
  id: 'c1',
  firstName: 'Ana',
  lastName: 'Ruiz',
  fullName: 'Ana Ruiz',
  phone: '+13125550101',
  email: 'ana@x.com',
  birthday: '1990-04-12',
  address: { city: 'Chicago', region: 'IL' },
  preferredLocationId: null,
  preferredStaffId: null,
  tags: [],
  alerts: [],
  source: 'Instagram',
  smsConsent: consent,
  emailConsent: consent,
  lastVisitAt: null,
  lifetimeSpendMinor: 0,
  lastPurchaseAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  createdBy: null,
  updatedBy: null,
  version: 3,
  possibleDuplicateCount: 0,
};

describe('draft and patch', () => {
  it('an untouched draft sends nothing', () => {
    expect(patchFromDraft(base, draftFromClient(base))).toEqual({});
  });
  it('sends changed fields in server shapes', () => {
    const d = draftFromClient(base);
    d.phone = '312-555-0199';
    d.email = ' NEW@X.COM ';
    d.lastName = '';
    d.address.postalCode = '60601';
    expect(patchFromDraft(base, d)).toEqual({
      phone: '+13125550199',
      email: 'new@x.com',
      lastName: null,
      address: { city: 'Chicago', region: 'IL', postalCode: '60601' },
    });
  });
  it('formats birthday and address', () => {
    expect(formatBirthday('1990-04-12')).toBe('Apr 12, 1990');
    expect(addressLine({ line1: '1 Main St', city: 'Chicago', region: 'IL', postalCode: '60601' })).toBe('1 Main St, Chicago, IL 60601');
  });
});

describe('conflictRows', () => {
  it('shows what you changed and what they changed', () => {
    const theirs = { ...base, email: 'their@x.com', source: 'Referral', version: 4 };
    const rows = conflictRows(base, theirs, { email: 'mine@x.com' });
    expect(rows).toEqual([
      { field: 'email', label: 'E-mail', yours: 'mine@x.com', theirs: 'their@x.com', youChanged: true, theyChanged: true },
      { field: 'source', label: 'Source', yours: 'Instagram', theirs: 'Referral', youChanged: false, theyChanged: true },
    ]);
  });
});
