import { describe, expect, it } from 'vitest';
import { performedServices, type CatalogueService } from './staff-profile';

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
