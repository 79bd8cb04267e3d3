/** Phone numbers: stored as E.164 ('+13125550101'), shown as '(312) 555-0101'. Pure. */
import { toE164 as normalisedPhone } from '@salon/contracts/rules/phone';

/** '+13125550101' → '(312) 555-0101'; other countries as '+44 20 7946 0958'-ish groups; junk as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1') && (phone.startsWith('+') || phone.startsWith('1'))) {
    return `(${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  if (digits.length === 10 && !phone.startsWith('+')) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (phone.startsWith('+') && digits.length > 4) {
    const cc = digits.length > 11 ? digits.slice(0, digits.length - 10) : digits.slice(0, digits.length - 9);
    const rest = digits.slice(cc.length);
    return `+${cc} ${rest.replace(/(\d{3,4})(?=(\d{3,4})+$)/g, '$1 ')}`.trim();
  }
  return phone;
}

/**
 * What the user typed → E.164 for the server (the platform's one phone rule, @salon/contracts
 * rules/phone), or null when empty; anything the rule cannot read is sent as typed so the server
 * explains what is wrong with it.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  return normalisedPhone(trimmed) ?? trimmed;
}

/** Whether a search text looks like a phone number (digits, spaces, dashes, parentheses, +). */
export function looksLikePhone(text: string): boolean {
  const t = text.trim();
  return /^[\d\s()+.-]+$/.test(t) && t.replace(/\D/g, '').length >= 3;
}
