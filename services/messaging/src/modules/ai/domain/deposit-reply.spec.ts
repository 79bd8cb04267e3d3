import { describe, expect, it } from 'vitest';
import { depositHandoverReason, heldForDepositText } from './deposit-reply.js';

const deposit = { amountMinor: 2000, currency: 'USD', dueAt: '2026-11-25T20:15:00.000Z' };
const description = 'Colour on Thursday 26 November at 2:30 PM with Dana Reyes';

describe('a booking held for a deposit', () => {
  it('is never called booked: held until the due time (location zone), the amount, and the link', () => {
    const text = heldForDepositText({ description, deposit, zone: 'America/Chicago', link: 'https://pay.example/p/1' });
    expect(text).toBe(
      'Not booked yet: Colour on Thursday 26 November at 2:30 PM with Dana Reyes is held for you until Wednesday 25 November at 2:15 PM. ' +
        'A deposit of $20.00 confirms it; pay it here: https://pay.example/p/1',
    );
    expect(text).not.toMatch(/\bbooked:/i);
  });

  it('names the amount and the due time when staff must take over', () => {
    expect(depositHandoverReason({ description, deposit, zone: 'Europe/London' })).toBe(
      'Colour on Thursday 26 November at 2:30 PM with Dana Reyes is only held until Wednesday 25 November at 8:15 PM: it needs a deposit of $20.00 and no payment link could be made to text; staff must take the deposit or tell the client',
    );
  });
});
