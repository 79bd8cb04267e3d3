import { describe, expect, it } from 'vitest';
import { ExistingIndex, FileDuplicates, patchFor, phoneDigitsOf, type ExistingClient } from './import-plan.js';
import type { ImportedClient } from '@salon/contracts';

const imported = (over: Partial<ImportedClient>): ImportedClient => ({
  firstName: 'Ana',
  lastName: null,
  phone: null,
  email: null,
  birthday: null,
  address: null,
  tags: [],
  source: null,
  smsConsent: null,
  emailConsent: null,
  notes: null,
  ...over,
});
const existing = (over: Partial<ExistingClient>): ExistingClient => ({
  id: 'c1',
  firstName: 'Ana',
  lastName: 'Silva',
  phone: '+13125550101',
  phoneDigits: '13125550101',
  email: 'ana@example.com',
  birthday: null,
  address: null,
  tags: ['VIP'],
  source: null,
  smsConsent: false,
  emailConsent: false,
  version: 1,
  ...over,
});

describe('FileDuplicates', () => {
  it('rejects a later row with the phone or e-mail of an earlier one', () => {
    const d = new FileDuplicates();
    expect(d.check(1, { phone: '+13125550101', email: 'a@x.co' })).toBeNull();
    expect(d.check(2, { phone: '+13125550102', email: null })).toBeNull();
    expect(d.check(3, { phone: '+13125550101', email: 'other@x.co' })).toBe('duplicate of row 1 (same phone)');
    expect(d.check(4, { phone: null, email: 'a@x.co' })).toBe('duplicate of row 1 (same e-mail)');
    expect(d.check(5, { phone: null, email: null })).toBeNull();
    expect(d.check(6, { phone: null, email: null })).toBeNull();
  });
});

describe('ExistingIndex', () => {
  it('matches by phone digits first, then e-mail', () => {
    const index = new ExistingIndex([existing({ id: 'p' }), existing({ id: 'e', phone: null, phoneDigits: null, email: 'b@example.com' })]);
    expect(index.match({ phone: '+13125550101', email: 'b@example.com' })?.id).toBe('p');
    expect(index.match({ phone: null, email: 'b@example.com' })?.id).toBe('e');
    expect(index.match({ phone: '+13125550199', email: null })).toBeNull();
    expect(phoneDigitsOf('+1 312-555-0101')).toBe('13125550101');
  });
});

describe('patchFor', () => {
  it('lets the file win where it says something and adds tags', () => {
    const patch = patchFor(
      existing({}),
      imported({ lastName: 'Silva-Rey', tags: ['vip', 'Color'], smsConsent: true, address: { city: 'Chicago' } }),
    );
    expect(patch).toMatchObject({
      id: 'c1',
      changed: ['lastName', 'address', 'tags', 'smsConsent'],
      smsConsentChanged: true,
      emailConsentChanged: false,
    });
    expect(patch!.next.tags).toEqual(['VIP', 'Color']);
    expect(patch!.next.email).toBe('ana@example.com');
  });
  it('is null when nothing changes', () => {
    expect(patchFor(existing({}), imported({ lastName: 'Silva', tags: ['vip'] }))).toBeNull();
  });
});
