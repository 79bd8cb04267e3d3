import { phoneDigitsOf } from '@salon/contracts/rules/phone';

/** What the picker lists: the clients found, then "Create “…”" when the person may create one. */
export type PickerOption<C> = { kind: 'client'; client: C } | { kind: 'create'; name: string };

interface Matchable {
  fullName: string | null;
  email?: string | null;
  phone?: string | null;
}

const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * True when what was typed names this client exactly: the full name (case, accents and spacing
 * aside), the e-mail, or the phone written any way (7+ digits). A fuzzy hit ("Priya Walker" for
 * Elizabeth Walker) is not one.
 */
export function isExactMatch(client: Matchable, typed: string): boolean {
  const t = folded(typed);
  if (!t) return false;
  if (client.fullName && folded(client.fullName) === t) return true;
  if (client.email && client.email.trim().toLowerCase() === t) return true;
  const digits = typed.replace(/\D/g, '');
  if (client.phone && digits.length >= 7 && /^[\d\s()+.-]+$/.test(typed.trim())) {
    return phoneDigitsOf(client.phone) === phoneDigitsOf(typed);
  }
  return false;
}

/**
 * What Enter picks: the option the person moved to with the arrow keys (or the mouse) if any;
 * otherwise the one client the text names exactly; otherwise nothing, so a walk-in typed in full
 * is never replaced by the first fuzzy match.
 */
export function enterChoice<C extends Matchable>(
  options: readonly PickerOption<C>[],
  typed: string,
  active: number,
): PickerOption<C> | null {
  if (active >= 0 && active < options.length) return options[active];
  const exact = options.filter((o) => o.kind === 'client' && isExactMatch(o.client, typed));
  return exact.length === 1 ? exact[0] : null;
}
