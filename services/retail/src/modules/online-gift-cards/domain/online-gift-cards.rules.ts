import { ONLINE_GIFT_CARD_MAX_DELIVERY_DAYS } from '@salon/contracts';
import { DateTime } from 'luxon';
import type { IntentState } from '../../payments/domain/payment-gateway.js';

/** The hour of the recipient's day (the location's clock) at which a gift card's e-mail goes out. */
export const DELIVERY_HOUR = 9;

export type DeliveryCheck = { ok: true; deliverAt: Date } | { ok: false; message: string };

/**
 * When the recipient's e-mail goes out for a delivery day picked by the buyer: 9:00 that day in the
 * location's zone, or at once when that is already past (today chosen in the afternoon). A day
 * before the location's today, or more than a year ahead, is refused.
 */
export function deliveryTime(deliverOn: string, zone: string, now: Date): DeliveryCheck {
  const day = DateTime.fromISO(deliverOn, { zone });
  if (!day.isValid) return { ok: false, message: 'must be a real date (YYYY-MM-DD)' };
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  if (day < today) return { ok: false, message: 'must be today or later' };
  if (day > today.plus({ days: ONLINE_GIFT_CARD_MAX_DELIVERY_DAYS }))
    return { ok: false, message: `must be within ${ONLINE_GIFT_CARD_MAX_DELIVERY_DAYS} days` };
  const at = day.set({ hour: DELIVERY_HOUR }).toJSDate();
  return { ok: true, deliverAt: at.getTime() < now.getTime() ? now : at };
}

export type OrderStep = { do: 'issue' } | { do: 'fail'; reason: string } | { do: 'wait' } | { do: 'nothing' };

/** What an order awaiting payment does after reading its PaymentIntent: paid → the card is issued; refused → failed. */
export function orderStep(
  status: 'awaiting_payment' | 'paid' | 'failed',
  intent: { state: IntentState; failureReason: string | null },
): OrderStep {
  if (status !== 'awaiting_payment') return { do: 'nothing' };
  if (intent.state === 'succeeded') return { do: 'issue' };
  if (intent.state === 'canceled') return { do: 'fail', reason: 'The payment was cancelled' };
  if (intent.state === 'failed') return { do: 'fail', reason: intent.failureReason ?? 'The card was declined' };
  return { do: 'wait' };
}

/** Every Stripe call of an order carries a key derived from the order: retried, it happens once. */
export function orderKey(orderId: string, step: 'intent'): string {
  return `gift-card-order-${orderId}-${step}`;
}
