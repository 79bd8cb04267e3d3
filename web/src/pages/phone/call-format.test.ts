import { describe, expect, it } from 'vitest';
import { formatCallLength, parsePhoneList, textBackLabel } from './call-format';

describe('call log formatting', () => {
  it('shows lengths as minutes and seconds', () => {
    expect(formatCallLength(42)).toBe('0:42');
    expect(formatCallLength(184)).toBe('3:04');
    expect(formatCallLength(3725)).toBe('1:02:05');
    expect(formatCallLength(null)).toBe('—');
  });

  it('reads the text-back state', () => {
    expect(textBackLabel('text delivered')).toBe('Text delivered');
    expect(textBackLabel('no consent')).toBe('Not texted: no consent');
    expect(textBackLabel(null)).toBe('');
  });

  it('splits a list of staff phones', () => {
    expect(parsePhoneList('+1 312 555 0101,\n +13125550102 ;')).toEqual(['+1 312 555 0101', '+13125550102']);
  });
});
