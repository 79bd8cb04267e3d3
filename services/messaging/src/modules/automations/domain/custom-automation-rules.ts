import type { CustomAutomationTrigger } from '@salon/contracts';
import { DateTime } from 'luxon';

const HOUR = 3_600_000;

type AppointmentTrigger = Exclude<CustomAutomationTrigger, 'client-created' | 'days-since-last-visit'>;

/** The appointment statuses in which an appointment trigger still holds when its send comes due. */
const STILL_APPLIES: Record<AppointmentTrigger, readonly string[]> = {
  'appointment-booked': ['booked', 'confirmed'],
  'appointment-completed': ['completed'],
  'appointment-cancelled': ['cancelled'],
  'appointment-no-show': ['no-show'],
};

/** What an owner automation asks of a trigger occurrence. */
export interface CustomAutomationRule {
  enabled: boolean;
  serviceContains: string | null;
  firstVisitOnly: boolean;
}

/** The facts of one occurrence: the appointment's service and the client's completed visits before it. */
export interface TriggerOccurrence {
  serviceName: string | null;
  earlierCompletedVisits: number;
}

export type CustomVerdict = { matches: true } | { matches: false; reason: string };

/** Whether an owner automation sends for this occurrence, and if not, why. */
export function customAutomationVerdict(rule: CustomAutomationRule, occurrence: TriggerOccurrence): CustomVerdict {
  if (!rule.enabled) return { matches: false, reason: 'The automation is off' };
  const wanted = rule.serviceContains?.trim().toLocaleLowerCase();
  if (wanted && !(occurrence.serviceName ?? '').toLocaleLowerCase().includes(wanted))
    return { matches: false, reason: `The service is not a "${rule.serviceContains!.trim()}" service` };
  if (rule.firstVisitOnly && occurrence.earlierCompletedVisits > 0) return { matches: false, reason: 'Not the client’s first visit' };
  return { matches: true };
}

/** When the send is due: the delay after the trigger, never before now (a late event sends at once). */
export function customDueAt(delayHours: number, triggeredAt: Date, now: Date): Date {
  return new Date(Math.max(triggeredAt.getTime() + delayHours * HOUR, now.getTime()));
}

/**
 * At the due time: does the trigger still hold? An appointment trigger: the appointment still
 * stands as the trigger saw it (a booking cancelled meanwhile sends no "booked" message). "Days
 * since the last visit": the client has booked nothing since. A new client: always (a client
 * deleted meanwhile is found missing when the send reads the profile).
 */
export function customTriggerStillHolds(
  trigger: CustomAutomationTrigger,
  facts: { appointmentStatus: string | null; hasUpcoming: boolean },
): boolean {
  if (trigger === 'client-created') return true;
  if (trigger === 'days-since-last-visit') return !facts.hasUpcoming;
  return facts.appointmentStatus !== null && STILL_APPLIES[trigger].includes(facts.appointmentStatus);
}

/** One send per automation and trigger occurrence (an appointment has one booking, one completion, …). */
export function customSendKey(automationId: string, appointmentId: string): string {
  return `custom:${automationId}:${appointmentId}`;
}

/** A new client: one send per automation and client (a redelivered created event plans nothing more). */
export function clientCreatedSendKey(automationId: string, clientId: string): string {
  return `custom:${automationId}:client:${clientId}`;
}

/** "N days since the last visit": one send per automation, client and visit (the occasion is that visit's day). */
export function daysSinceVisitSendKey(automationId: string, clientId: string, lastVisitDay: string): string {
  return `custom:${automationId}:${clientId}:${lastVisitDay}`;
}

/** How long after its day a "days since the last visit" occasion is still sent (a daily run missed while the worker was down). */
export const DAYS_SINCE_VISIT_CATCH_UP_DAYS = 7;

/**
 * The "N days since the last visit" occasion the daily run plans today, or null: the day of the
 * client's last visit (on the location's calendar) when today is N days after it, or up to a week
 * later (a missed run catches up), and nothing is booked. An automation made today does not write
 * to every client whose day passed long ago: only within that week. A new visit is a new occasion.
 */
export function daysSinceVisitOccasion(
  lastVisitAt: Date | null,
  today: string,
  days: number,
  zone: string,
  hasUpcoming: boolean,
): string | null {
  if (!lastVisitAt || hasUpcoming || days < 1) return null;
  const lastDay = DateTime.fromJSDate(lastVisitAt, { zone }).startOf('day');
  const due = lastDay.plus({ days });
  const day = DateTime.fromISO(today, { zone });
  return day >= due && day < due.plus({ days: DAYS_SINCE_VISIT_CATCH_UP_DAYS }) ? lastDay.toISODate() : null;
}
