import { DateTime } from 'luxon';
import { formatClock, plainToolText } from './guards.js';
import type { EngineSlot } from './salon-tools.js';

/**
 * Moving or cancelling by text (issue 16), as pure rules: the assistant may touch only the
 * appointments scheduling lists for the client the texting phone belongs to, only while online
 * self-service allows it (scheduling's own late-cancel verdict), and may move one only to a time
 * the availability engine returned for its service in this conversation and that is still free.
 */

/** One of the client's upcoming appointments, as scheduling lists them for the client. */
export interface ClientAppointment {
  id: string;
  status: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  startsAt: string;
  locationId: string;
  canChange: boolean;
  changeBlockedReason: string | null;
}

/** A refusal with handOver is for a person (someone else's appointment, one too late to change by text). */
export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string; handOver?: boolean };

/** 'Haircut on Wednesday 25 November at 2:30 PM with Dana Reyes', in the location's zone. */
export function appointmentText(a: Pick<ClientAppointment, 'serviceName' | 'staffName' | 'startsAt'>, zone: string): string {
  const local = DateTime.fromISO(a.startsAt, { zone });
  return `${a.serviceName} on ${local.toFormat('cccc d LLLL')} at ${formatClock(local.toFormat('HH:mm'))} with ${a.staffName}`;
}

/** The my_appointments answer: the client's upcoming appointments, numbered as the model refers to them. */
export function appointmentsText(list: ClientAppointment[], zone: string): string {
  if (list.length === 0) return 'The client has no upcoming appointments.';
  return plainToolText(
    `Upcoming appointments: ${list
      .map(
        (a, i) =>
          `${i + 1}) ${appointmentText(a, zone)}${a.canChange ? '' : ` (cannot be changed by text: ${a.changeBlockedReason ?? 'ask staff'})`}`,
      )
      .join('; ')}`,
  );
}

/**
 * Which of the client's own appointments the model means: its number in the listing, its id, or
 * (none given) the only one. Anything else, someone else's id included, is refused: the list is
 * scheduling's answer for this client alone.
 */
export function ownAppointment(list: ClientAppointment[], ref: string): Verdict<ClientAppointment> {
  const r = ref.trim().replace(/^#/, '');
  if (list.length === 0) return { ok: false, reason: 'The client has no upcoming appointments to change.' };
  let found: ClientAppointment | undefined;
  if (r === '') {
    if (list.length > 1) return { ok: false, reason: 'The client has several appointments; ask which one (use my_appointments).' };
    found = list[0];
  } else if (/^\d{1,3}$/.test(r)) {
    found = list[Number(r) - 1];
  } else {
    found = list.find((a) => a.id === r);
  }
  if (!found) return { ok: false, reason: `${ref} is not one of the client's appointments.`, handOver: true };
  if (!found.canChange)
    return { ok: false, reason: found.changeBlockedReason ?? 'This appointment cannot be changed by text.', handOver: true };
  return { ok: true, value: found };
}

export interface OfferedTime {
  serviceId: string;
  /** 'YYYY-MM-DD HH:mm' in the location's zone. */
  local: string;
}

/**
 * Where an appointment may move: a local time the engine offered for its service in this
 * conversation, and in the engine's answer now (preferring the same person, else who the engine
 * had first). Never the time it already has.
 */
export function moveTarget(input: {
  appointment: ClientAppointment;
  offered: OfferedTime[];
  engine: EngineSlot[];
  zone: string;
  date: string;
  time: string;
}): Verdict<EngineSlot> {
  const { appointment, zone, date, time } = input;
  const local = `${date} ${time}`;
  const current = DateTime.fromISO(appointment.startsAt, { zone }).toFormat('yyyy-MM-dd HH:mm');
  if (current === local) return { ok: false, reason: `The appointment is already at ${formatClock(time)}.` };
  if (!input.offered.some((o) => o.serviceId === appointment.serviceId && o.local === local)) {
    return {
      ok: false,
      reason: `${formatClock(time)} was not offered by the availability engine for ${appointment.serviceName}. Use find_times and offer only its times.`,
    };
  }
  const free = input.engine
    .filter((s) => DateTime.fromISO(s.startsAt, { zone }).toFormat('yyyy-MM-dd HH:mm') === local)
    .sort((a, b) => Number(b.staffId === appointment.staffId) - Number(a.staffId === appointment.staffId));
  if (free.length === 0) return { ok: false, reason: `${formatClock(time)} is not free any more. Use find_times for other times.` };
  return { ok: true, value: free[0] };
}

/** The local days and times ('YYYY-MM-DD HH:mm') of the client's appointments: a reply may name them ("your 2:30 PM haircut"). */
export function appointmentTimes(list: ClientAppointment[], zone: string): string[] {
  return list.map((a) => DateTime.fromISO(a.startsAt, { zone }).toFormat('yyyy-MM-dd HH:mm'));
}
