import { describe, expect, it } from 'vitest';
import { draftOf, logoFileProblem, payloadOf, toggleOffered } from './design-form';

describe('booking design form', () => {
  it('round-trips the design, blank texts becoming null', () => {
    const design = {
      primaryColor: '#6D28D9',
      backgroundColor: '#ffffff',
      logoUrl: null,
      headline: 'Hi',
      intro: null,
      policies: 'Be on time',
      allowAnyStaff: true,
      offeredServiceIds: null,
      offeredStaffIds: ['a'],
      version: 3,
      updatedAt: null,
    };
    const draft = { ...draftOf(design), intro: '   ' };
    expect(payloadOf(draft)).toEqual({
      primaryColor: '#6d28d9',
      backgroundColor: '#ffffff',
      logoUrl: null,
      headline: 'Hi',
      intro: null,
      policies: 'Be on time',
      allowAnyStaff: true,
      offeredServiceIds: null,
      offeredStaffIds: ['a'],
      version: 3,
    });
  });

  it('toggles offered ids with null meaning everyone', () => {
    const all = ['a', 'b', 'c'];
    expect(toggleOffered(null, all, 'b', false)).toEqual(['a', 'c']);
    expect(toggleOffered(['a', 'c'], all, 'b', true)).toBeNull();
    expect(toggleOffered(['a'], all, 'a', false)).toEqual([]);
  });

  it('refuses SVG and large logo files with a reason', () => {
    expect(logoFileProblem({ type: 'image/png', size: 20_000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 2_000 })).toBe('Logo: choose a PNG, JPEG, WebP or GIF image');
    expect(logoFileProblem({ type: 'image/jpeg', size: 400 * 1024 })).toBe('Logo: the image must be under 300 kB (this one is 400 kB)');
  });
});
