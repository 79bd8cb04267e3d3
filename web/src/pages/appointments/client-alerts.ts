/** A client's alerts at the desk: which need an acknowledgement, and how they read. Pure. */
import type { ClientAlert } from '@salon/contracts/clients';

export type AlertLike = Pick<ClientAlert, 'id' | 'kind' | 'text'> & { critical?: boolean | null };

export const criticalAlerts = <T extends AlertLike>(alerts: readonly T[] | null | undefined): T[] =>
  (alerts ?? []).filter((a) => a.critical === true);

/** Whether a critical alert is still to be acknowledged (by its id) before booking or opening the appointment. */
export function needsAcknowledgement(alerts: readonly AlertLike[] | null | undefined, acknowledged: ReadonlySet<string>): boolean {
  return criticalAlerts(alerts).some((a) => !acknowledged.has(a.id));
}

/** "Latex allergy (critical); Prefers quiet appointments": critical ones first. */
export function alertsText(alerts: readonly AlertLike[] | null | undefined): string {
  const list = alerts ?? [];
  return [...criticalAlerts(list), ...list.filter((a) => a.critical !== true)]
    .map((a) => `${a.text}${a.critical ? ' (critical)' : ''}`)
    .join('; ');
}
