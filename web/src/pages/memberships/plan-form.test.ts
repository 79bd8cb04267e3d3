import { describe, expect, it } from 'vitest';
import { emptyPlanForm, planInputOf, type PlanForm } from './plan-form';

const form = (over: Partial<PlanForm> = {}): PlanForm => ({ ...emptyPlanForm(), name: ' Gold Club ', price: '49', credits: '2', ...over });

describe('the new plan form', () => {
  it('sends a membership with its period and priority booking days', () => {
    expect(planInputOf(form({ period: 'year', priorityDays: '30' }))).toEqual({
      ok: true,
      input: { kind: 'membership', name: 'Gold Club', priceMinor: 4900, credits: 2, period: 'year', priorityBookingDays: 30 },
    });
  });

  it('takes an empty priority field as none', () => {
    expect(planInputOf(form())).toMatchObject({ ok: true, input: { priorityBookingDays: 0 } });
  });

  it('sends a package without period or priority days', () => {
    expect(planInputOf(form({ kind: 'package', credits: '5', priorityDays: '30' }))).toEqual({
      ok: true,
      input: { kind: 'package', name: 'Gold Club', priceMinor: 4900, credits: 5 },
    });
  });

  it.each([
    [{ priorityDays: '366' }, 'Priority booking days is a whole number of days, 0 to 365'],
    [{ priorityDays: '2.5' }, 'Priority booking days is a whole number of days, 0 to 365'],
    [{ priorityDays: '-1' }, 'Priority booking days is a whole number of days, 0 to 365'],
    [{ name: '  ' }, 'Give the plan a name, a price and a number of credits (1 to 100)'],
    [{ price: '0' }, 'Give the plan a name, a price and a number of credits (1 to 100)'],
    [{ credits: '0' }, 'Give the plan a name, a price and a number of credits (1 to 100)'],
  ])('refuses %o', (over, message) => {
    expect(planInputOf(form(over))).toEqual({ ok: false, message });
  });
});
