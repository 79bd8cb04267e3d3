import { describe, expect, it } from 'vitest';
import { createClientInputSchema as createClientSchema } from '@salon/contracts';
import {
  changedFields,
  cleanAlerts,
  cleanTags,
  consentProblem,
  decideConsent,
  duplicateReasons,
  isOnlineVisitorProfile,
  mergeClientStates,
  profileChanges,
  type ClientState,
} from './client-rules.js';

const base: ClientState = {
  id: 'a',
  firstName: 'Jennifer',
  lastName: 'Smith',
  phone: '+13125550101',
  email: 'jen@example.com',
  birthday: null,
  address: null,
  preferredLocationId: null,
  preferredStaffId: null,
  tags: ['VIP'],
  alerts: [{ id: '1', kind: 'allergy', text: 'PPD', critical: false }],
  source: null,
  smsConsent: true,
  smsConsentAt: new Date('2025-01-01T00:00:00Z'),
  smsConsentMethod: 'verbal',
  smsConsentBy: 'u1',
  emailConsent: false,
  emailConsentAt: null,
  emailConsentMethod: null,
  emailConsentBy: null,
  lastVisitAt: null,
  lifetimeSpendMinor: 0,
  lastPurchaseAt: null,
};

describe('client input', () => {
  it('needs a first name and a valid e-mail', () => {
    expect(createClientSchema.safeParse({ lastName: 'x' }).success).toBe(false);
    expect(createClientSchema.safeParse({ firstName: 'A', email: 'nope' }).success).toBe(false);
    expect(createClientSchema.safeParse({ firstName: 'A', email: '', birthday: '' }).data).toMatchObject({ email: null, birthday: null });
    expect(createClientSchema.safeParse({ firstName: 'A', birthday: '2001-02-30' }).success).toBe(false);
  });

  it('normalises the phone or names it as the problem', () => {
    expect(profileChanges({ phone: '(312) 555-0101', email: 'JEN@Example.com' }, 'US').values).toMatchObject({
      phone: '+13125550101',
      email: 'jen@example.com',
    });
    expect(profileChanges({ phone: 'call me' }, 'US').problems).toEqual([{ field: 'phone', message: 'must be a phone number' }]);
  });

  it('cleans tags', () => {
    expect(cleanTags([' VIP ', 'vip', 'Colour  Client'])).toEqual(['VIP', 'Colour Client']);
  });

  it('lists changed fields', () => {
    expect(changedFields(base, { firstName: 'Jennifer', lastName: 'Smyth', tags: ['VIP'] })).toEqual(['lastName']);
  });
});

describe('consent', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  it('records a change with when, how and by whom', () => {
    expect(decideConsent({ granted: false, at: null, method: null, by: null }, { granted: true, method: 'written' }, 'u2', now)).toEqual({
      granted: true,
      at: now,
      method: 'written',
      by: 'u2',
    });
    expect(decideConsent({ granted: false, at: null, method: null, by: null }, true, 'u2', now)).toMatchObject({ method: 'staff' });
  });
  it('ignores the same answer', () => {
    expect(decideConsent({ granted: true, at: now, method: 'verbal', by: 'u1' }, true, 'u2', now)).toBeNull();
    expect(
      decideConsent({ granted: true, at: now, method: 'verbal', by: 'u1' }, { granted: true, method: 'verbal' }, 'u2', now),
    ).toBeNull();
  });
  it('needs a contact to grant', () => {
    expect(consentProblem('sms', true, null)?.field).toBe('smsConsent');
    expect(consentProblem('email', false, null)).toBeNull();
  });
});

describe('merge', () => {
  it('keeps the survivor, fills blanks, unites tags and alerts, takes the newer consent', () => {
    const duplicate: ClientState = {
      ...base,
      id: 'b',
      lastName: 'Smyth',
      birthday: '1990-04-02',
      tags: ['vip', 'Colour'],
      alerts: [
        { id: '9', kind: 'allergy', text: 'ppd', critical: false },
        { id: '8', kind: 'sensitivity', text: 'Latex', critical: false },
      ],
      smsConsent: false,
      smsConsentAt: new Date('2025-03-01T00:00:00Z'),
      smsConsentMethod: 'sms-keyword',
      smsConsentBy: null,
      emailConsent: true,
      emailConsentAt: new Date('2024-01-01T00:00:00Z'),
      emailConsentMethod: 'written',
      emailConsentBy: 'u3',
    };
    const merged = mergeClientStates(base, duplicate);
    expect(merged.lastName).toBeUndefined();
    expect(merged.birthday).toBe('1990-04-02');
    expect(merged.tags).toEqual(['VIP', 'Colour']);
    expect(merged.alerts!.map((a) => a.text)).toEqual(['PPD', 'Latex']);
    expect(merged).toMatchObject({ smsConsent: false, smsConsentMethod: 'sms-keyword', emailConsent: true, emailConsentMethod: 'written' });
  });
});

describe('merging sales', () => {
  it('adds the two lifetime spends and keeps the later last purchase; a duplicate without sales changes neither', () => {
    const survivor: ClientState = { ...base, lifetimeSpendMinor: 12_345, lastPurchaseAt: new Date('2026-11-20T16:00:00Z') };
    const duplicate: ClientState = { ...base, id: 'b', lifetimeSpendMinor: 6_600, lastPurchaseAt: new Date('2026-11-21T16:00:00Z') };
    expect(mergeClientStates(survivor, duplicate)).toMatchObject({
      lifetimeSpendMinor: 18_945,
      lastPurchaseAt: new Date('2026-11-21T16:00:00Z'),
    });
    const older = mergeClientStates(survivor, { ...duplicate, lastPurchaseAt: new Date('2026-01-02T16:00:00Z') });
    expect(older.lifetimeSpendMinor).toBe(18_945);
    expect(older.lastPurchaseAt).toBeUndefined();
    const none = mergeClientStates(survivor, { ...base, id: 'c' });
    expect(none.lifetimeSpendMinor).toBeUndefined();
    expect(none.lastPurchaseAt).toBeUndefined();
  });
});

describe('critical alerts', () => {
  it('an alert repeated with another case stays once, critical if either copy was; input without the flag is not critical', () => {
    expect(
      cleanAlerts([
        { id: '1', kind: 'allergy', text: 'PPD' },
        { kind: 'allergy', text: ' ppd ', critical: true },
        { kind: 'other', text: 'Quiet room' },
      ]),
    ).toEqual([
      { id: '1', kind: 'allergy', text: 'PPD', critical: true },
      { id: expect.any(String), kind: 'other', text: 'Quiet room', critical: false },
    ]);
  });

  it("a merge makes the survivor's alert critical when the duplicate had it critical", () => {
    const duplicate: ClientState = { ...base, id: 'b', alerts: [{ id: '9', kind: 'allergy', text: 'ppd', critical: true }] };
    expect(mergeClientStates(base, duplicate).alerts).toEqual([{ id: '1', kind: 'allergy', text: 'PPD', critical: true }]);
    expect(mergeClientStates(base, { ...duplicate, alerts: base.alerts }).alerts).toBeUndefined();
  });
});

describe('duplicate reasons', () => {
  it('flags same phone, same e-mail, similar names with a shared birthday or phone ending', () => {
    expect(duplicateReasons(base, { phone: '+13125550101', email: 'JEN@example.com', birthday: null, nameSimilarity: 0.2 })).toEqual([
      'same phone',
      'same e-mail',
    ]);
    expect(
      duplicateReasons({ ...base, birthday: '1990-01-01' }, { phone: null, email: null, birthday: '1990-01-01', nameSimilarity: 0.7 }),
    ).toEqual(['similar name and same birthday']);
    expect(duplicateReasons(base, { phone: '+17735550101', email: null, birthday: null, nameSimilarity: 0.7 })).toEqual([
      'similar name and phone ending',
    ]);
    expect(duplicateReasons(base, { phone: '+17735559999', email: null, birthday: null, nameSimilarity: 0.9 })).toEqual([]);
  });
});

describe('isOnlineVisitorProfile', () => {
  const service = '00000000-0000-0000-0000-000000000000';
  it('is a profile online booking made: its source and its author', () => {
    expect(isOnlineVisitorProfile({ source: 'Online booking', createdBy: service }, service)).toBe(true);
  });
  it('is not one staff made, even with the same source, nor one of another source', () => {
    expect(isOnlineVisitorProfile({ source: 'Online booking', createdBy: 'u1' }, service)).toBe(false);
    expect(isOnlineVisitorProfile({ source: 'Instagram', createdBy: service }, service)).toBe(false);
    expect(isOnlineVisitorProfile({ source: 'Online booking', createdBy: null }, null)).toBe(false);
  });
});
