import { storage } from '../../session/storage-keys';

/**
 * Which phone click to call rings first, chosen on /phone per user and location and kept in this
 * browser: the front desk (nothing stored), one of the location's staff phones, or the user's own phone.
 */
export const CLICK_TO_CALL_PREFIX = 'clickToCallPhone_';

export const clickToCallKey = (userId: string, locationId: string): string => `${CLICK_TO_CALL_PREFIX}${userId}_${locationId}`;

export interface RingChoice {
  value: string;
  label: string;
}

/**
 * The phones /phone offers, the ones the server lets click to call ring (never any number typed in:
 * Twilio rings it at the salon's cost): the front desk first (the empty value: the server's
 * default), then the staff phones on the list, then the user's own phone from their profile.
 */
export function ringChoices(
  number: { forwardTo: string; ringStaff: string[] },
  format: (phone: string) => string,
  ownPhone: string | null = null,
): RingChoice[] {
  const staff = [...new Set(number.ringStaff.filter((p) => p !== number.forwardTo))];
  const own =
    ownPhone && ownPhone !== number.forwardTo && !staff.includes(ownPhone)
      ? [{ value: ownPhone, label: `My own phone ${format(ownPhone)}` }]
      : [];
  return [
    { value: '', label: `The front desk (${format(number.forwardTo)})` },
    ...staff.map((p) => ({ value: p, label: `Staff phone ${format(p)}` })),
    ...own,
  ];
}

/** The staffPhone a call asks for: the stored choice, or none (the location's front desk). */
export function staffPhoneFor(stored: string | null | undefined): string | undefined {
  const s = stored?.trim();
  return s ? s : undefined;
}

export function readClickToCall(userId: string | undefined, locationId: string): string | undefined {
  return userId ? staffPhoneFor(storage.get(clickToCallKey(userId, locationId))) : undefined;
}

export function saveClickToCall(userId: string, locationId: string, phone: string): void {
  const p = phone.trim();
  if (p) storage.set(clickToCallKey(userId, locationId), p);
  else storage.remove(clickToCallKey(userId, locationId));
}
