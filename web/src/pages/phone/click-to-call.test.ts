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
