import { describe, expect, it } from 'vitest';
import { cataloguePrices, matchService, salonFacts, slotsToOffer, timesText } from './salon-tools.js';

const services = [
  { id: 's1', name: 'Haircut', durationMin: 45, priceMinor: 5500, maxPriceMinor: 6500, currency: 'USD' },
  { id: 's2', name: 'Blow-dry', durationMin: 30, priceMinor: 3500, maxPriceMinor: 3500, currency: 'USD' },
  { id: 's3', name: 'Massage 60', durationMin: 60, priceMinor: 9000, maxPriceMinor: 9000, currency: 'USD' },
];

describe('salon tools', () => {
  it('finds the service a client names', () => {
    expect(matchService(services, 'haircut')?.id).toBe('s1');
    expect(matchService(services, 'Haircuts')?.id).toBe('s1');
    expect(matchService(services, 'blow dry')?.id).toBe('s2');
    expect(matchService(services, 'a massage please')?.id).toBe('s3');
    expect(matchService(services, 'tattoo')).toBeNull();
  });

  it('offers the engine slots of the asked day and part of it, one per time, in the location zone', () => {
    const slots = [
      { startsAt: '2026-11-25T20:00:00.000Z', staffId: 'b' }, // 14:00 Chicago
      { startsAt: '2026-11-25T20:00:00.000Z', staffId: 'a' },
      { startsAt: '2026-11-25T16:00:00.000Z', staffId: 'a' }, // 10:00: morning
      { startsAt: '2026-11-25T20:30:00.000Z', staffId: 'a' }, // 14:30
      { startsAt: '2026-11-26T20:30:00.000Z', staffId: 'a' }, // another day
    ];
    const offered = slotsToOffer(slots, 'America/Chicago', '2026-11-25', 'afternoon');
    expect(offered.map((s) => [s.time, s.staffId])).toEqual([
      ['14:00', 'b'],
      ['14:30', 'a'],
    ]);
    expect(timesText(services[0], '2026-11-25', offered)).toBe(
      'Haircut (45 min, $55.00 to $65.00) on Wednesday 25 November: 2:00 PM, 2:30 PM',
    );
    expect(timesText(services[0], '2026-11-25', [])).toMatch(/^No free times/);
  });

  it('knows every price of the catalogue, and states them in the instructions', () => {
    expect([...cataloguePrices(services)].sort()).toEqual([3500, 5500, 6500, 9000]);
    const facts = salonFacts({
      businessName: 'Willow & Sage',
      location: { name: 'Downtown', address: '1 Main St', timeZone: 'America/Chicago' },
      services,
      openingHours: null,
      policies: 'Cancel 24 hours ahead.',
      today: '2026-11-24',
    });
    expect(facts).toContain('- Haircut: 45 min, $55.00 to $65.00');
    expect(facts).toContain('Today is Tuesday 24 November 2026');
    expect(facts).toContain('Policies: Cancel 24 hours ahead.');
  });
});
