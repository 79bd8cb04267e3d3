import { describe, expect, it } from 'vitest';
import { priceFor, visitPrice, type PricedService } from './visit-price.js';

const base: PricedService = {
  id: 's1',
  name: 'Haircut',
  category: 'Hair',
  durationMin: 45,
  priceMinor: 5500,
  currency: 'USD',
  bufferBeforeMin: 0,
  bufferAfterMin: 0,
  processing: null,
  roomType: null,
  deviceTypes: [],
  deposit: null,
  staff: [{ staffId: 'senior', priceMinor: 7000, durationMin: 40 }],
} as PricedService;
const colour: PricedService = { ...base, id: 's2', name: 'Colour', durationMin: 90, priceMinor: 12000, staff: [] };

describe('visitPrice', () => {
  it('one service: the snapshot as single bookings always had it, at the performer’s price', () => {
    const p = visitPrice([{ service: base, staffId: 'senior' }]);
    expect(p).toMatchObject({
      ok: true,
      priceMinor: 7000,
      currency: 'USD',
      service: { id: 's1', name: 'Haircut', priceMinor: 7000, durationMin: 40 },
    });
    expect((p as { service: Record<string, unknown> }).service.segments).toBeUndefined();
  });

  it('several services: the sum of each snapshot, names in order, each segment kept', () => {
    const p = visitPrice([
      { service: base, staffId: 'senior' },
      { service: colour, staffId: 'junior' },
    ]);
    expect(p).toMatchObject({ ok: true, priceMinor: 19000, service: { name: 'Haircut + Colour', priceMinor: 19000, durationMin: 130 } });
    const segs = (p as unknown as { service: { segments: { id: string; priceMinor: number }[] } }).service.segments;
    expect(segs.map((s) => [s.id, s.priceMinor])).toEqual([
      ['s1', 7000],
      ['s2', 12000],
    ]);
  });

  it('refuses mixed currencies and an empty visit', () => {
    expect(
      visitPrice([
        { service: base, staffId: 'x' },
        { service: { ...colour, currency: 'EUR' }, staffId: 'x' },
      ]),
    ).toMatchObject({ ok: false });
    expect(visitPrice([])).toMatchObject({ ok: false });
  });

  it('priceFor falls back to the service price without an override', () => {
    expect(priceFor(base, 'someone')).toBe(5500);
    expect(priceFor(base, 'senior')).toBe(7000);
  });
});
