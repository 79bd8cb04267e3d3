import { canReschedule } from '@salon/contracts';
import { DateTime } from 'luxon';

export type SelfServiceDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * May a client cancel or move this appointment online? Only upcoming, not yet started ones, and
 * only until the location's late-cancel window begins: inside it the salon wants a call (a chair
 * freed an hour before rarely refills, and the policy may charge for it).
 */
export function selfServiceChange(a: { status: string; startsAt: Date }, now: Date, lateCancelHours: number): SelfServiceDecision {
  if (!canReschedule(a.status))
    return { allowed: false, reason: `This appointment is ${a.status.replace('-', ' ')} and can no longer be changed online` };
  if (a.startsAt <= now) return { allowed: false, reason: 'This appointment has already started' };
  const cutoff = DateTime.fromJSDate(a.startsAt).minus({ hours: lateCancelHours });
  if (lateCancelHours > 0 && DateTime.fromJSDate(now) >= cutoff) {
    const window = lateCancelHours === 1 ? '1 hour' : `${lateCancelHours} hours`;
    return { allowed: false, reason: `Changes within ${window} of the appointment cannot be made online; please call the salon` };
  }
  return { allowed: true };
}
