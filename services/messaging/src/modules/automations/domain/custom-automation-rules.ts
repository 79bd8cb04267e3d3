import type { CustomAutomationTrigger } from '@salon/contracts';

const HOUR = 3_600_000;

/** The appointment statuses in which a trigger still holds when its send comes due. */
const STILL_APPLIES: Record<CustomAutomationTrigger, readonly string[]> = {
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

/** At the due time: does the appointment still stand as the trigger saw it (a booking cancelled meanwhile sends no "booked" message)? */
export function customTriggerStillHolds(trigger: CustomAutomationTrigger, appointmentStatus: string | null): boolean {
  return appointmentStatus !== null && STILL_APPLIES[trigger].includes(appointmentStatus);
}

/** One send per automation and trigger occurrence (an appointment has one booking, one completion, …). */
export function customSendKey(automationId: string, appointmentId: string): string {
  return `custom:${automationId}:${appointmentId}`;
}
