import { describe, expect, it } from 'vitest';
import { byCategory, combineServices, detailsProblems, groupSlots, newIdempotencyKey, priceLabel, stepsFor } from './booking-steps';

const svc = (name: string, category: string | null) => ({
  id: name,
  name,
  category,
  description: null,
  durationMin: 30,
  priceMinor: 1000,
  maxPriceMinor: 1000,
  currency: 'USD',
  staff: [],
});
const slot = (startsAt: string, staffId = 'a') => ({ startsAt, endsAt: startsAt, staffId, staffName: staffId });

describe('booking steps', () => {
  it('skips choosing a location when there is one', () => {
    expect(stepsFor(1)).toEqual(['service', 'staff', 'time', 'details', 'confirm']);
    expect(stepsFor(2)[0]).toBe('location');
  });

  it('groups the menu by category, uncategorised last', () => {
    const groups = byCategory([svc('Manicure', 'Nails'), svc('Gift wrap', null), svc('Colour', 'Hair'), svc('Cut', 'Hair')]);
    expect(groups.map((g) => [g.category, g.services.map((s) => s.name)])).toEqual([
      ['Hair', ['Colour', 'Cut']],
      ['Nails', ['Manicure']],
      ['Other', ['Gift wrap']],
    ]);
  });

  it('labels prices, with "from" when staff charge differently', () => {
    expect(priceLabel({ priceMinor: 5500, maxPriceMinor: 5500 })).toBe('$55.00');
    expect(priceLabel({ priceMinor: 4500, maxPriceMinor: 6500 })).toBe('from $45.00');
  });

  it('groups slots into morning, afternoon and evening in the location zone, one button per time', () => {
    // 2026-12-03 in Chicago is UTC-6: 15:00Z = 9 AM, 18:00Z = noon, 23:30Z = 5:30 PM.
    const groups = groupSlots(
      [
        slot('2026-12-03T18:00:00.000Z'),
        slot('2026-12-03T15:00:00.000Z', 'a'),
        slot('2026-12-03T15:00:00.000Z', 'b'),
        slot('2026-12-03T23:30:00.000Z'),
      ],
      'America/Chicago',
    );
    expect(groups.map((g) => [g.part, g.slots.map((s) => s.startsAt.slice(11, 16))])).toEqual([
      ['Morning', ['15:00']],
      ['Afternoon', ['18:00']],
      ['Evening', ['23:30']],
    ]);
  });

  it('makes idempotency keys the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[a-z0-9]{24}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('checks the details with the server’s wording', () => {
    expect(detailsProblems({ firstName: 'Ana', phone: '(312) 555-0101', email: '' })).toEqual({});
    expect(detailsProblems({ firstName: ' ', phone: '', email: '' })).toEqual({
      'client.firstName': 'is required',
      'client.phone': 'a phone number or an e-mail address is required',
    });
    expect(detailsProblems({ firstName: 'A', phone: '12', email: 'nope' })).toEqual({
      'client.phone': 'must be a phone number such as (312) 555-0100',
      'client.email': 'must be a valid e-mail address',
    });
  });
});

describe('a visit of several services', () => {
  const cut = {
    ...svc('Cut', 'Hair'),
    id: 'cut',
    durationMin: 45,
    priceMinor: 5500,
    maxPriceMinor: 6500,
    staff: [
      { id: 'a', name: 'Ana' },
      { id: 'b', name: 'Bo' },
    ],
  };
  const dry = {
    ...svc('Blow-dry', 'Hair'),
    id: 'dry',
    durationMin: 30,
    priceMinor: 3500,
    maxPriceMinor: 3500,
    staff: [
      { id: 'b', name: 'Bo' },
      { id: 'c', name: 'Cy' },
    ],
  };
  it('joins names, adds lengths and prices, keeps only who performs all', () => {
    expect(combineServices([cut, dry])).toMatchObject({
      id: 'cut',
      name: 'Cut + Blow-dry',
      durationMin: 75,
      priceMinor: 9000,
      maxPriceMinor: 10000,
      staff: [{ id: 'b', name: 'Bo' }],
    });
    expect(combineServices([cut])).toBe(cut);
    expect(combineServices([])).toBeNull();
  });
});
