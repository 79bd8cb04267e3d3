import { describe, expect, it } from 'vitest';
import { CARD_PAYMENTS_OFF, checkTender, type TenderAsked } from './tenders.rules.js';

const open = (totalMinor: number, paidMinor = 0) => ({ status: 'open' as const, number: 1001, totalMinor, paidMinor });

describe('checkTender', () => {
  it.each<
    [
      string,
      ReturnType<typeof open>,
      TenderAsked,
      { tenderedMinor: number | null; changeMinor: number; paidAfterMinor: number; closes: boolean },
    ]
  >([
    [
      'exact cash closes',
      open(6600),
      { method: 'cash', amountMinor: 6600 },
      { tenderedMinor: 6600, changeMinor: 0, paidAfterMinor: 6600, closes: true },
    ],
    [
      'cash with change due',
      open(6600),
      { method: 'cash', amountMinor: 6600, tenderedMinor: 10000 },
      { tenderedMinor: 10000, changeMinor: 3400, paidAfterMinor: 6600, closes: true },
    ],
    [
      'part in cash leaves it open',
      open(6600),
      { method: 'cash', amountMinor: 4000, tenderedMinor: 4000 },
      { tenderedMinor: 4000, changeMinor: 0, paidAfterMinor: 4000, closes: false },
    ],
    [
      'the rest in cash closes a split ticket',
      open(6600, 4000),
      { method: 'cash', amountMinor: 2600, tenderedMinor: 3000 },
      { tenderedMinor: 3000, changeMinor: 400, paidAfterMinor: 6600, closes: true },
    ],
  ])('%s', (_name, ticket, tender, expected) => {
    expect(checkTender(ticket, tender)).toEqual({ ok: true, ...expected });
  });

  it.each<[string, Parameters<typeof checkTender>[0], TenderAsked, string, string]>([
    [
      'more than the balance',
      open(6600, 4000),
      { method: 'cash', amountMinor: 3000 },
      'amountMinor',
      'is more than the $26.00 still to pay',
    ],
    [
      'tendered short of the amount',
      open(6600),
      { method: 'cash', amountMinor: 6600, tenderedMinor: 6000 },
      'tenderedMinor',
      'must cover the $66.00 being paid',
    ],
    [
      'a closed ticket',
      { ...open(6600, 6600), status: 'closed' },
      { method: 'cash', amountMinor: 1 },
      'ticketId',
      'Ticket #1001 is closed: nothing more can be paid on it',
    ],
    [
      'a voided ticket',
      { ...open(0), status: 'voided' },
      { method: 'cash', amountMinor: 1 },
      'ticketId',
      'Ticket #1001 is voided: nothing more can be paid on it',
    ],
    ['an empty ticket', open(0), { method: 'cash', amountMinor: 100 }, 'amountMinor', 'Ticket #1001 has nothing left to pay'],
    ['a card without Stripe set up', open(6600), { method: 'card', amountMinor: 6600 }, 'method', CARD_PAYMENTS_OFF],
    ['the terminal without Stripe set up', open(6600), { method: 'terminal', amountMinor: 6600 }, 'method', CARD_PAYMENTS_OFF],
    ['a card on file without Stripe set up', open(6600), { method: 'card_on_file', amountMinor: 6600 }, 'method', CARD_PAYMENTS_OFF],
  ])('refuses %s', (_name, ticket, tender, field, message) => {
    const outcome = checkTender(ticket, tender);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect([outcome.field, outcome.message]).toEqual([field, message]);
  });

  it.each<[string, ReturnType<typeof open> & { pendingMinor: number }, TenderAsked, string, string]>([
    [
      'more than what a pending card payment leaves',
      { ...open(6600), pendingMinor: 5000 },
      { method: 'cash', amountMinor: 1601 },
      'amountMinor',
      'is more than the $16.00 still to pay',
    ],
    [
      'anything while a card payment holds the whole balance',
      { ...open(6600), pendingMinor: 6600 },
      { method: 'card', amountMinor: 100 },
      'amountMinor',
      'Ticket #1001 has $66.00 waiting on a card payment; cancel it to pay another way',
    ],
  ])('with Stripe set up, refuses %s', (_name, ticket, tender, field, message) => {
    const outcome = checkTender(ticket, tender, { cardsEnabled: true });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect([outcome.field, outcome.message]).toEqual([field, message]);
  });

  it('with Stripe set up, takes a card for what is left beside a pending one (split payment)', () => {
    expect(checkTender({ ...open(6600), pendingMinor: 5000 }, { method: 'card', amountMinor: 1600 }, { cardsEnabled: true })).toMatchObject(
      {
        ok: true,
        tenderedMinor: null,
        changeMinor: 0,
      },
    );
  });

  it('pays a ticket in several tenders, to the cent, and closes on the last', () => {
    let ticket = open(10_001);
    const tenders = [3_333, 3_333, 3_335];
    const closes = tenders.map((amountMinor) => {
      const outcome = checkTender(ticket, { method: 'cash', amountMinor });
      if (!outcome.ok) throw new Error(outcome.message);
      ticket = { ...ticket, paidMinor: outcome.paidAfterMinor };
      return outcome.closes;
    });
    expect(closes).toEqual([false, false, true]);
    expect(ticket.paidMinor).toBe(10_001);
  });
});
