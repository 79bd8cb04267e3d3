import { describe, expect, it } from 'vitest';
import { isPublicDocumentId, isPublicFormId, isPublicFormPath, isPublicPath, shouldRedirectOn401 } from './public-paths';

describe('public paths', () => {
  it('accepts digit-only form ids', () => {
    expect(isPublicFormId('123')).toBe(true);
    expect(isPublicFormId('12a')).toBe(false);
    expect(isPublicFormId('')).toBe(false);
    expect(isPublicFormPath('/forms/42')).toBe(true);
    expect(isPublicFormPath('/forms/abc')).toBe(false);
    expect(isPublicFormPath('/forms')).toBe(false);
  });

  it('accepts document ids of letters, digits, underscore and hyphen', () => {
    expect(isPublicDocumentId('Ab_9-x')).toBe(true);
    expect(isPublicDocumentId('a.b')).toBe(false);
    expect(isPublicDocumentId('a b')).toBe(false);
  });

  it('recognises the public pages', () => {
    for (const p of ['/forgot-password', '/forgot-password-sms', '/reset-password', '/booking', '/forms/7', '/documents/abc-1']) {
      expect(isPublicPath(p)).toBe(true);
    }
    for (const p of ['/', '/login', '/dashboard', '/forms', '/documents', '/forms/x', '/booking-test']) {
      expect(isPublicPath(p)).toBe(false);
    }
  });
});

describe('401 redirect rule', () => {
  it('stays on the exempt pages', () => {
    for (const p of ['/login', '/forgot-password', '/reset-password', '/booking', '/forms/12', '/forms/12/']) {
      expect(shouldRedirectOn401(p)).toBe(false);
    }
  });
  it('redirects everywhere else', () => {
    for (const p of ['/', '/dashboard', '/settings', '/forms', '/forms/abc', '/documents/abc', '/forgot-password-sms']) {
      expect(shouldRedirectOn401(p)).toBe(true);
    }
  });
});
