/**
 * The stock dialog's forms, checked before they are sent (the retail service checks them again):
 * an adjustment is a signed whole number of units, not 0, with a reason; a transfer a positive
 * whole number to another location, never more than is on hand here.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const MAX = 1_000_000;

export function parseAdjustment(quantity: string, reason: string): Parsed<{ quantity: number; reason: string }> {
  const q = Number(quantity.trim().replace(/^\+/, ''));
  if (!quantity.trim() || !Number.isInteger(q))
    return { ok: false, field: 'quantity', message: 'Enter a whole number of units, like 3 or -2' };
  if (q === 0) return { ok: false, field: 'quantity', message: 'Enter units to add (3) or to take off (-2), not 0' };
  if (Math.abs(q) > MAX) return { ok: false, field: 'quantity', message: 'That is more units than a shelf holds' };
  if (!reason.trim()) return { ok: false, field: 'reason', message: 'Give a reason (damaged, found, tester…)' };
  return { ok: true, value: { quantity: q, reason: reason.trim() } };
}

export function parseTransfer(
  quantity: string,
  toLocationId: string,
  onHand: number,
  reason: string,
): Parsed<{ quantity: number; toLocationId: string; reason: string | null }> {
  if (!toLocationId) return { ok: false, field: 'toLocationId', message: 'Choose the location to send the units to' };
  const q = Number(quantity.trim());
  if (!quantity.trim() || !Number.isInteger(q) || q <= 0)
    return { ok: false, field: 'quantity', message: 'Enter a whole number of units, 1 or more' };
  if (q > onHand) return { ok: false, field: 'quantity', message: `Only ${onHand} on hand here` };
  return { ok: true, value: { quantity: q, toLocationId, reason: reason.trim() || null } };
}

const KIND_LABELS: Record<string, string> = {
  received: 'Received',
  sold: 'Sold',
  refunded: 'Refunded to stock',
  adjusted: 'Adjusted',
  used: 'Used in service',
  transfer_out: 'Sent to another location',
  transfer_in: 'Received from another location',
  counted: 'Stock count',
};

export function movementLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}
