import type { LineKind, PermissionName } from '@salon/contracts';
import { LINE_KIND_RULES } from './line-kinds.rules.js';
import { bpsToPercent, formatMinor, percentOf } from './money.rules.js';
import type { TicketTotals } from './ticket-totals.rules.js';

/** One line of a change as the approval rules see it. */
export interface LineChange {
  kind: LineKind;
  /** Not on the ticket before this change. */
  isNew: boolean;
  /** The booked or catalogue price; null for an item rung up at a typed price. */
  listUnitPriceMinor: number | null;
  unitPriceMinor: number;
  /** The unit price before this change (null for a new line). */
  previousUnitPriceMinor: number | null;
  /** Its discount is new or different. */
  discountChanged: boolean;
}

export interface Approval {
  permission: PermissionName;
  field: string;
  message: string;
}

/**
 * What a change of a ticket needs beyond using the POS. Only what the change itself does is
 * judged, so a desk can still edit a ticket a manager discounted:
 * - a new line of a kind with its own permission (a fee: charge_fees);
 * - a price other than the booked or catalogue one, or a typed price (edit_prices; a fee's typed
 *   price is part of charging it);
 * - a new or changed discount above the location's limit, measured against what it discounts
 *   (apply_large_discounts).
 */
export function requiredApprovals(change: {
  lines: readonly LineChange[];
  totals: TicketTotals;
  ticketDiscountChanged: boolean;
  discountLimitBps: number;
}): Approval[] {
  const needed: Approval[] = [];
  const limit = `${bpsToPercent(change.discountLimitBps)}%`;
  change.lines.forEach((line, i) => {
    const rule = LINE_KIND_RULES[line.kind];
    const priceChanged = line.isNew || line.unitPriceMinor !== line.previousUnitPriceMinor;
    if (line.isNew && rule.addPermission) {
      needed.push({
        permission: rule.addPermission,
        field: `lines.${i}.kind`,
        message: `adding a ${line.kind} needs the ${rule.addPermission} permission`,
      });
    }
    if (priceChanged && line.listUnitPriceMinor === null && !(line.isNew && rule.addPermission === rule.typedPricePermission)) {
      needed.push({
        permission: rule.typedPricePermission,
        field: `lines.${i}.unitPriceMinor`,
        message: `a typed price needs the ${rule.typedPricePermission} permission`,
      });
    }
    if (priceChanged && line.listUnitPriceMinor !== null && line.unitPriceMinor !== line.listUnitPriceMinor) {
      needed.push({
        permission: 'edit_prices',
        field: `lines.${i}.unitPriceMinor`,
        message: `changing the price from ${formatMinor(line.listUnitPriceMinor)} needs the edit_prices permission`,
      });
    }
    const totals = change.totals.lines[i];
    if (line.discountChanged && totals && totals.lineDiscountMinor > percentOf(totals.grossMinor, change.discountLimitBps)) {
      needed.push({
        permission: 'apply_large_discounts',
        field: `lines.${i}.discount`,
        message: `a discount above ${limit} needs the apply_large_discounts permission`,
      });
    }
  });
  if (change.ticketDiscountChanged) {
    const base = change.totals.lines.reduce((sum, l) => sum + l.grossMinor - l.lineDiscountMinor, 0);
    if (change.totals.ticketDiscountMinor > percentOf(base, change.discountLimitBps)) {
      needed.push({
        permission: 'apply_large_discounts',
        field: 'discount',
        message: `a discount above ${limit} needs the apply_large_discounts permission`,
      });
    }
  }
  return needed;
}
