import { describe, expect, it } from 'vitest';
import { noShowRates } from './no-show-rates.js';

describe('no-show rate, reminded vs not reminded', () => {
  it('counts finished appointments only, each group on its own', () => {
    expect(
      noShowRates([
        { reminded: true, status: 'completed', count: 18 },
        { reminded: true, status: 'no-show', count: 2 },
        { reminded: false, status: 'completed', count: 6 },
        { reminded: false, status: 'no-show', count: 2 },
        { reminded: false, status: 'cancelled', count: 5 },
        { reminded: true, status: 'booked', count: 9 },
      ]),
    ).toEqual({
      reminded: { appointments: 20, noShows: 2, rate: 0.1 },
      notReminded: { appointments: 8, noShows: 2, rate: 0.25 },
    });
  });

  it('has no rate for a group without finished appointments', () => {
    expect(noShowRates([{ reminded: false, status: 'no-show', count: 1 }])).toEqual({
      reminded: { appointments: 0, noShows: 0, rate: null },
      notReminded: { appointments: 1, noShows: 1, rate: 1 },
    });
  });
});
