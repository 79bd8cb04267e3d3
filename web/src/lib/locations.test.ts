import { describe, expect, it } from 'vitest';
import { locationSelectorView, pickSelectedLocation } from './locations';

const loc = (id: string, isDefault = false, isActive = true) => ({
  id,
  name: `Loc ${id}`,
  isDefault,
  isActive,
  timeZone: 'America/Chicago',
  address: null,
  phone: null,
});

describe('selected location', () => {
  it('picks the default location automatically', () => {
    expect(pickSelectedLocation([loc('a'), loc('b', true)])?.id).toBe('b');
  });
  it('falls back to the first active location', () => {
    expect(pickSelectedLocation([loc('a', false, false), loc('b'), loc('c')])?.id).toBe('b');
  });
  it('ignores an inactive default', () => {
    expect(pickSelectedLocation([loc('a', true, false), loc('b')])?.id).toBe('b');
  });
  it("keeps the user's choice while it is active", () => {
    expect(pickSelectedLocation([loc('a', true), loc('b')], 'b')?.id).toBe('b');
    expect(pickSelectedLocation([loc('a', true), loc('b', false, false)], 'b')?.id).toBe('a');
  });
  it('is null without active locations', () => {
    expect(pickSelectedLocation([])).toBeNull();
    expect(pickSelectedLocation([loc('a', true, false)])).toBeNull();
    expect(pickSelectedLocation(undefined)).toBeNull();
  });
});

describe('location selector view', () => {
  it('covers loading, empty, single and dropdown', () => {
    expect(locationSelectorView(undefined, true)).toEqual({ kind: 'loading' });
    expect(locationSelectorView([], false)).toEqual({ kind: 'empty' });
    expect(locationSelectorView([loc('a', false, false)], false)).toEqual({ kind: 'empty' });
    expect(locationSelectorView([loc('a'), loc('b', false, false)], false)).toMatchObject({ kind: 'single', location: { id: 'a' } });
    const v = locationSelectorView([loc('a', true), loc('b'), loc('c', false, false)], false);
    expect(v.kind).toBe('dropdown');
    if (v.kind === 'dropdown') expect(v.options.map((o) => o.id)).toEqual(['a', 'b']);
  });
});
