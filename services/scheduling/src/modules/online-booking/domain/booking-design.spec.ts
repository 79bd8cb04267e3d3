import { describe, expect, it } from 'vitest';
import { parseInput } from '@salon/nest-kit';
import { contrastRatio, DEFAULT_DESIGN, designInputSchema, designProblems, isServiceOffered, offeredStaff } from './booking-design.js';

const S1 = '5e000000-0000-4000-8000-000000000001';
const S2 = '5e000000-0000-4000-8000-000000000002';

describe('booking design input', () => {
  it('accepts colours, text and lists, lower-casing colours and turning blank text into null', () => {
    const d = parseInput(designInputSchema, {
      primaryColor: '#AA3366',
      backgroundColor: '#FFFFFF',
      intro: '  ',
      headline: 'Book with us',
      offeredServiceIds: [S1],
      version: 2,
    });
    expect(d).toMatchObject({
      primaryColor: '#aa3366',
      backgroundColor: '#ffffff',
      intro: null,
      headline: 'Book with us',
      offeredServiceIds: [S1],
    });
  });

  it.each([
    [{ primaryColor: 'red' }, 'primaryColor: must be a colour like #6d28d9'],
    [{ logoUrl: 'http://example.com/logo.png' }, 'logoUrl: must be an https address or a PNG, JPEG, WebP or GIF image'],
    [{ logoUrl: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'logoUrl: must be an https address or a PNG, JPEG, WebP or GIF image'],
    [{ intro: 'x'.repeat(2001) }, 'intro: must be at most 2000 characters'],
    [{ offeredStaffIds: ['dana'] }, 'offeredStaffIds.0: must be a list of staff ids'],
    [{ version: undefined }, 'version: is required'],
    [{ colour: '#000000' }, 'colour'],
  ])('refuses %j naming the field', (patch, message) => {
    expect(() => parseInput(designInputSchema, { primaryColor: '#6d28d9', backgroundColor: '#ffffff', version: 0, ...patch })).toThrow(
      message,
    );
  });

  it('accepts an https logo and a small PNG', () => {
    for (const logoUrl of ['https://cdn.example.com/salon.png', 'data:image/png;base64,iVBORw0KGgo=']) {
      expect(parseInput(designInputSchema, { primaryColor: '#6d28d9', backgroundColor: '#ffffff', logoUrl, version: 0 }).logoUrl).toBe(
        logoUrl,
      );
    }
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('refuses a primary colour the client could not see on the background', () => {
    expect(designProblems({ primaryColor: '#6d28d9', backgroundColor: '#ffffff' })).toEqual([]);
    expect(designProblems({ primaryColor: '#fef3c7', backgroundColor: '#ffffff' })).toEqual([
      { field: 'primaryColor', message: 'is too close to the background colour (contrast 1.1:1, needs at least 3:1)' },
    ]);
  });
});

describe('what is offered online', () => {
  const service = { id: S1, active: true, onlineBookable: true };
  it.each([
    [service, DEFAULT_DESIGN, true],
    [{ ...service, onlineBookable: false }, DEFAULT_DESIGN, false],
    [{ ...service, active: false }, DEFAULT_DESIGN, false],
    [service, { offeredServiceIds: [S2] }, false],
    [service, { offeredServiceIds: [S1, S2] }, true],
  ])('service %j with %j → %s', (s, design, offered) => {
    expect(isServiceOffered(s, design)).toBe(offered);
  });

  it('narrows the performers to the listed staff, keeping their order', () => {
    expect(offeredStaff(['a', 'b', 'c'], { offeredStaffIds: null })).toEqual(['a', 'b', 'c']);
    expect(offeredStaff(['a', 'b', 'c'], { offeredStaffIds: ['c', 'a'] })).toEqual(['a', 'c']);
    expect(offeredStaff(['a'], { offeredStaffIds: [] })).toEqual([]);
  });
});
