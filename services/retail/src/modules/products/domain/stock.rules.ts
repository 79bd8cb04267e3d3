import type { PurchaseOrderStatus, StockMovementKind } from '@salon/contracts';

/**
 * The stock ledger's rules: which way each kind of movement goes, when a product turns low, what a
 * count posts and what a delivery does to a purchase order. Pure: the use-cases apply them in the
 * transaction that writes the movements.
 */

/** +1: adds to stock; −1: takes from it; 0: either (a signed adjustment or a count's difference). */
export const MOVEMENT_DIRECTION: Readonly<Record<StockMovementKind, 1 | -1 | 0>> = {
  received: 1,
  refunded: 1,
  transfer_in: 1,
  sold: -1,
  used: -1,
  transfer_out: -1,
  adjusted: 0,
  counted: 0,
};

/** The signed quantity of a movement asked for as a kind and a quantity (a positive count for the one-way kinds). */
export function signedQuantity(kind: StockMovementKind, quantity: number): number {
  const direction = MOVEMENT_DIRECTION[kind];
  return direction === 0 ? quantity : direction * Math.abs(quantity);
}

/** What the desk is told when stock would go below zero: the product and what is there. */
export function notEnoughStock(name: string, onHand: number, wanted: number): string {
  return `Not enough ${name} in stock: ${onHand} on hand, ${wanted} needed`;
}

/** Low when a threshold is set and on-hand is at or under it. */
export function isLow(onHand: number, threshold: number | null): boolean {
  return threshold !== null && onHand <= threshold;
}

/** The movement that crosses the threshold downwards turns a product low (published once, not on every sale after). */
export function becameLow(before: number, after: number, threshold: number | null): boolean {
  return threshold !== null && after < before && after <= threshold && before > threshold;
}

export interface CountLine {
  productId: string;
  counted: number;
  expected: number;
}

/** The `counted` movements a count posts: one per product whose counted quantity differs from what is on hand. */
export function countDifferences(lines: readonly CountLine[]): { productId: string; difference: number }[] {
  return lines.filter((l) => l.counted !== l.expected).map((l) => ({ productId: l.productId, difference: l.counted - l.expected }));
}

export interface OrderLine {
  id: string;
  quantity: number;
  received: number;
}

export type ReceiveOutcome =
  | { ok: true; lines: { id: string; received: number; arriving: number }[]; status: PurchaseOrderStatus }
  | { ok: false; field: string; message: string };

/**
 * A delivery against a purchase order: each receipt at most what its line still waits for (400
 * naming the line); the order is received when every line is, partially received otherwise. Only
 * an ordered (or partly received) order takes deliveries; a draft is ordered on its first delivery.
 */
export function receive(
  status: PurchaseOrderStatus,
  lines: readonly OrderLine[],
  receipts: readonly { lineId: string; quantity: number }[],
): ReceiveOutcome {
  if (status === 'received' || status === 'cancelled') return { ok: false, field: 'status', message: `This order is ${status}` };
  const byId = new Map(lines.map((l) => [l.id, { ...l, arriving: 0 }]));
  for (const [i, r] of receipts.entries()) {
    const line = byId.get(r.lineId);
    if (!line) return { ok: false, field: `lines.${i}.lineId`, message: 'is not a line of this order' };
    const left = line.quantity - line.received - line.arriving;
    if (r.quantity > left) return { ok: false, field: `lines.${i}.quantity`, message: `is more than the ${left} still to receive` };
    line.arriving += r.quantity;
  }
  const next = [...byId.values()].map((l) => ({ id: l.id, received: l.received + l.arriving, arriving: l.arriving }));
  const complete = next.every((l) => l.received === byId.get(l.id)!.quantity);
  return { ok: true, lines: next, status: complete ? 'received' : 'partially_received' };
}

/** Units of a sold line a refund can still put back: sold less what earlier refunds returned. */
export function restockable(sold: number, returned: number): number {
  return Math.max(0, sold - returned);
}
