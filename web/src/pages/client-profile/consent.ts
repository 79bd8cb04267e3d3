import { formatDate, formatTime } from '../../lib/format';
import type { Consent, ConsentMethod } from '@salon/contracts';

/** Consent lines for SMS and e-mail marketing. Pure. */
export const CONSENT_METHODS: { value: ConsentMethod; label: string }[] = [
  { value: 'verbal', label: 'Verbal' },
  { value: 'written', label: 'Written' },
  { value: 'online-booking', label: 'Online booking' },
  { value: 'sms-keyword', label: 'SMS keyword' },
  { value: 'staff', label: 'Entered by staff' },
  { value: 'import', label: 'Import' },
  { value: 'unsubscribe-link', label: 'Unsubscribe link' },
];

/** Methods staff can pick when granting by hand (import and keyword come from the system). */
export const GRANT_METHODS = CONSENT_METHODS.filter(
  (m) => m.value !== 'import' && m.value !== 'sms-keyword' && m.value !== 'unsubscribe-link',
);

export function methodLabel(method: string | null): string {
  if (!method) return '';
  return (CONSENT_METHODS.find((m) => m.value === method)?.label ?? method).toLowerCase();
}

/**
 * 'Given Nov 3, 2026 at 2:14 PM by Dana Smith (verbal)'; 'Withdrawn … by …'; 'Not given'.
 * `nameOf` turns a user id into a name (null: unknown → "a team member").
 */
export function consentText(consent: Consent | null | undefined, nameOf: (id: string) => string | null = () => null): string {
  if (!consent || (!consent.granted && !consent.changedAt)) return 'Not given';
  const verb = consent.granted ? 'Given' : 'Withdrawn';
  const parts = [verb];
  if (consent.changedAt) parts.push(`${formatDate(consent.changedAt)} at ${formatTime(consent.changedAt)}`);
  if (consent.changedBy) parts.push(`by ${nameOf(consent.changedBy) ?? 'a team member'}`);
  const method = methodLabel(consent.method);
  return `${parts.join(' ')}${method ? ` (${method})` : ''}`;
}
