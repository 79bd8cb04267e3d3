import { describe, expect, it } from 'vitest';
import { parseInput } from '@salon/nest-kit';
// The settings input is the contract's (@salon/contracts identity/business-settings); identity answers its problems.
import { businessSettingsInputSchema } from '@salon/contracts';

describe('business settings input', () => {
  it('accepts a data URL logo and a partial change', () => {
    expect(parseInput(businessSettingsInputSchema, { businessLogo: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({
      businessLogo: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });
  it('names the bad field', () => {
    expect(() => parseInput(businessSettingsInputSchema, { businessName: '  ' })).toThrow('businessName: must not be empty');
    expect(() => parseInput(businessSettingsInputSchema, { currency: 'usd' })).toThrow('currency');
    expect(() => parseInput(businessSettingsInputSchema, { businessLogo: 'http://x/logo.png' })).toThrow('businessLogo');
    expect(() => parseInput(businessSettingsInputSchema, { owner: 'me' })).toThrow('unknown field(s): owner');
  });
});
