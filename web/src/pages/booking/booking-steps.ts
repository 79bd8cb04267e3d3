import { formatCents } from '../../lib/format';
import { zonedParts } from '../appointments/time-grid';
import type { PublicService, Slot } from './booking-api';

/** Pure helpers of the booking flow (grouping, labels, the day strip), tested alone. */

export type Step = 'location' | 'service' | 'staff' | 'time' | 'details' | 'confirm' | 'done';

/** The steps a visitor walks; one location skips the location step. */
export function stepsFor(locationCount: number): Step[] {
  return [...(locationCount > 1 ? (['location'] as Step[]) : []), 'service', 'staff', 'time', 'details', 'confirm'];
}

/** Services by category in menu order: categories alphabetically, uncategorised last. */
export function byCategory(services: readonly PublicService[]): { category: string; services: PublicService[] }[] {
  const groups = new Map<string, PublicService[]>();
  for (const s of services) {
    const key = s.category?.trim() || 'Other';
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({ category, services: list.sort((a, b) => a.name.localeCompare(b.name)) }));
}

/** '$55.00', or 'from $45.00' when people charge differently. */
export function priceLabel(s: Pick<PublicService, 'priceMinor' | 'maxPriceMinor'>): string {
  return s.maxPriceMinor > s.priceMinor ? `from ${formatCents(s.priceMinor)}` : formatCents(s.priceMinor);
}

export type DayPart = 'Morning' | 'Afternoon' | 'Evening';

/**
 * Slots of a day as a client scans them: one time per start (several staff free at 10:00 is
 * one button when "anyone" was chosen), grouped into morning, afternoon and evening.
 */
export function groupSlots(slots: readonly Slot[], timeZone: string): { part: DayPart; slots: Slot[] }[] {
  const seen = new Set<string>();
  const parts: Record<DayPart, Slot[]> = { Morning: [], Afternoon: [], Evening: [] };
  for (const s of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    if (seen.has(s.startsAt)) continue;
    seen.add(s.startsAt);
    const h = zonedParts(new Date(s.startsAt), timeZone).hour;
    parts[h < 12 ? 'Morning' : h < 17 ? 'Afternoon' : 'Evening'].push(s);
  }
  return (Object.keys(parts) as DayPart[]).filter((p) => parts[p].length).map((part) => ({ part, slots: parts[part] }));
}

/** A short random key so a retried "Book" (double tap, flaky network) makes one booking. */
export function newIdempotencyKey(random: () => number = Math.random): string {
  return Array.from({ length: 24 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
}

/** Client-side check before sending, with the same wording as the server. */
export function detailsProblems(d: { firstName: string; phone: string; email: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!d.firstName.trim()) problems['client.firstName'] = 'is required';
  if (!d.phone.trim() && !d.email.trim()) problems['client.phone'] = 'a phone number or an e-mail address is required';
  if (d.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) problems['client.email'] = 'must be a valid e-mail address';
  if (d.phone.trim() && d.phone.replace(/\D/g, '').length < 7) problems['client.phone'] = 'must be a phone number such as (312) 555-0100';
  return problems;
}

/**
 * Several services booked as one visit, seen as one choice: names joined in order, lengths and
 * prices added, and only the people who perform every one of them (one person for the visit).
 */
export function combineServices(list: readonly PublicService[]): PublicService | null {
  if (list.length === 0) return null;
  if (list.length === 1) return list[0];
  const everyone = list.map((s) => new Set(s.staff.map((p) => p.id)));
  return {
    ...list[0],
    name: list.map((s) => s.name).join(' + '),
    description: null,
    durationMin: list.reduce((sum, s) => sum + s.durationMin, 0),
    priceMinor: list.reduce((sum, s) => sum + s.priceMinor, 0),
    maxPriceMinor: list.reduce((sum, s) => sum + s.maxPriceMinor, 0),
    staff: list[0].staff.filter((p) => everyone.every((ids) => ids.has(p.id))),
  };
}

export const MAX_VISIT_SERVICES = 5;
