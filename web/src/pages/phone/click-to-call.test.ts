import { describe, expect, it } from 'vitest';
import { clickToCallKey, ringChoices, staffPhoneFor } from './click-to-call';

describe('click to call: which phone rings first', () => {
  it('offers the front desk first, then each staff phone on the list once', () => {
    const choices = ringChoices(
      { forwardTo: '+13125550111', ringStaff: ['+13125550122', '+13125550111', '+13125550122'] },
      (p) => `[${p}]`,
    );
    expect(choices).toEqual([
      { value: '', label: 'The front desk ([+13125550111])' },
      { value: '+13125550122', label: 'Staff phone [+13125550122]' },
    ]);
  });

  it('offers the user’s own phone from their profile last, once, and no other number', () => {
    const number = { forwardTo: '+13125550111', ringStaff: ['+13125550122'] };
    expect(ringChoices(number, (p) => p, '+13125550199').map((c) => c.value)).toEqual(['', '+13125550122', '+13125550199']);
    expect(ringChoices(number, (p) => p, '+13125550199').at(-1)?.label).toBe('My own phone +13125550199');
    // Already offered as the front desk or a staff phone: not twice.
    expect(ringChoices(number, (p) => p, '+13125550122').map((c) => c.value)).toEqual(['', '+13125550122']);
    expect(ringChoices(number, (p) => p, '+13125550111').map((c) => c.value)).toEqual(['', '+13125550122']);
    expect(ringChoices(number, (p) => p, null).map((c) => c.value)).toEqual(['', '+13125550122']);
  });

  it('asks for the stored phone, or for none (the front desk) when nothing or blanks were stored', () => {
    expect(staffPhoneFor('+13125550122')).toBe('+13125550122');
    expect(staffPhoneFor('  ')).toBeUndefined();
    expect(staffPhoneFor(null)).toBeUndefined();
  });

  it('keeps one choice per user and location', () => {
    expect(clickToCallKey('u1', 'l1')).toBe('clickToCallPhone_u1_l1');
    expect(clickToCallKey('u1', 'l2')).not.toBe(clickToCallKey('u1', 'l1'));
  });
});
