import { describe, expect, it } from 'vitest';
import { currentPayRule, performedServices, type CatalogueService } from './staff-profile';

const base = { currency: 'USD', active: true, durationMin: 60, priceMinor: 6000 };
const services: CatalogueService[] = [
  {
    ...base,
    id: 'cut',
    name: 'Cut',
    locationId: 'downtown',
    staff: [{ staffId: 'dana', durationMin: 45, priceMinor: null }, { staffId: 'riley' }],
  },
  { ...base, id: 'colour', name: 'Colour', locationId: 'downtown', staff: [{ staffId: 'riley', priceMinor: 9000 }] },
  { ...base, id: 'blowout', name: 'Blow-out', locationId: 'downtown', staff: [] },
  { ...base, id: 'lakeview-blowout', name: 'Lakeview blow-out', locationId: 'lakeview', staff: [] },
  { ...base, id: 'old', name: 'Old perm', locationId: 'downtown', active: false, staff: [{ staffId: 'dana' }] },
];

describe('performedServices', () => {
  it('lists what names the person, and what names nobody at a location they work at, with their own duration and price', () => {
    expect(performedServices('dana', services, ['downtown'])).toEqual([
      expect.objectContaining({ id: 'blowout', durationMin: 60, priceMinor: 6000, ownDuration: false, ownPrice: false }),
      expect.objectContaining({ id: 'cut', durationMin: 45, priceMinor: 6000, ownDuration: true, ownPrice: false }),
    ]);
    expect(performedServices('riley', services, ['downtown', 'lakeview']).map((s) => [s.id, s.priceMinor, s.ownPrice])).toEqual([
      ['blowout', 6000, false],
      ['colour', 9000, true],
      ['cut', 6000, false],
      ['lakeview-blowout', 6000, false],
    ]);
  });

  it('gives nothing to someone who works nowhere and is named on no service', () => {
    expect(performedServices('sam', services, [])).toEqual([]);
  });
});

describe('currentPayRule', () => {
  const v = (version: number, effectiveFrom: string) => ({ version, effectiveFrom });
  it('is the latest version started by today, the higher version on the same day, and none before the first', () => {
    const versions = [v(1, '2026-01-01'), v(3, '2026-12-01'), v(2, '2026-06-01'), v(4, '2026-06-01')];
    expect(currentPayRule(versions, '2026-11-23')).toEqual(v(4, '2026-06-01'));
    expect(currentPayRule(versions, '2026-12-01')).toEqual(v(3, '2026-12-01'));
    expect(currentPayRule(versions, '2025-12-31')).toBeNull();
    expect(currentPayRule([], '2026-11-23')).toBeNull();
  });
});
