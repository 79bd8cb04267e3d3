import { describe, expect, it } from 'vitest';
import { MAX_LOGO_BYTES, validateLogoFile } from './logo';

describe('logo upload', () => {
  it('accepts images up to 300 KB', () => {
    expect(validateLogoFile({ type: 'image/png', size: MAX_LOGO_BYTES })).toBeNull();
  });
  it('rejects large files and non-images', () => {
    expect(validateLogoFile({ type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toMatch(/limit is 300 KB/);
    expect(validateLogoFile({ type: 'application/pdf', size: 10 })).toMatch(/image/);
  });
});
