/** The new plan form on /memberships: its state, checks and the PrepaidPlanInput it sends. Pure. */
import type { PrepaidPlanInput } from '@salon/contracts/retail';
import { dollarsToMinor } from '../services/money';

export interface PlanForm {
  kind: 'membership' | 'package';
  name: string;
  price: string;
  credits: string;
  period: 'month' | 'year';
  /** Memberships: days members book online beyond everyone else; empty means none. */
  priorityDays: string;
}

export const emptyPlanForm = (): PlanForm => ({ kind: 'membership', name: '', price: '', credits: '1', period: 'month', priorityDays: '' });

const wholeIn = (text: string, min: number, max: number): number | null => {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
};

/** The input to send, or what to fix (the same bounds as the contract's plan input). */
export function planInputOf(form: PlanForm): { ok: true; input: PrepaidPlanInput } | { ok: false; message: string } {
  const name = form.name.trim();
  const priceMinor = dollarsToMinor(form.price);
  const credits = wholeIn(form.credits, 1, 100);
  if (!name || priceMinor === null || priceMinor <= 0 || credits === null)
    return { ok: false, message: 'Give the plan a name, a price and a number of credits (1 to 100)' };
  if (form.kind === 'package') return { ok: true, input: { kind: 'package', name, priceMinor, credits } };
  const priorityBookingDays = form.priorityDays.trim() === '' ? 0 : wholeIn(form.priorityDays, 0, 365);
  if (priorityBookingDays === null) return { ok: false, message: 'Priority booking days is a whole number of days, 0 to 365' };
  return { ok: true, input: { kind: 'membership', name, priceMinor, credits, period: form.period, priorityBookingDays } };
}
