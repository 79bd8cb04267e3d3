import { Injectable, Logger } from '@nestjs/common';
import { AUTOMATION_TIMING_UNITS, EVENT_PAYLOADS, type AutomationKind, type CustomAutomationTrigger } from '@salon/contracts';
import { parseInput } from '@salon/nest-kit';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { dueAt, rescheduledDueAt } from '../domain/automation-timing.js';
import { clientCreatedSendKey, customAutomationVerdict, customDueAt, customSendKey } from '../domain/custom-automation-rules.js';
import { clientLocationId } from '../domain/occasions.js';
import { AutomationQueue } from '../jobs/automation-queue.js';
import { AutomationRepository } from '../persistence/automation.repository.js';
import { AutomationSendRepository, type AppointmentMirror } from '../persistence/automation-send.repository.js';
import { CustomAutomationRepository } from '../persistence/custom-automation.repository.js';

const REMINDERS: AutomationKind[] = ['reminder', 'second-reminder'];

/**
 * Scheduling's appointment events → the automation sends they call for: reminders planned at
 * booking (one row per appointment and automation, its idempotency key, so a redelivered event
 * plans nothing more), moved with the appointment, dropped when it is cancelled; thank-you,
 * rebook nudge and no-show follow-up planned when the visit ends. The send itself happens when its
 * delayed job comes due (RunAutomationSendUseCase), which checks everything again at that time.
 */
@Injectable()
export class ScheduleAutomationsUseCase {
  private readonly logger = new Logger('ScheduleAutomations');

  constructor(
    private readonly automations: AutomationRepository,
    private readonly sends: AutomationSendRepository,
    private readonly queue: AutomationQueue,
    private readonly platform: PlatformLookup,
    private readonly custom: CustomAutomationRepository,
  ) {}

  async booked(payload: unknown, locationId: string | null, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['scheduling.appointment.booked.v1'], payload);
    const startsAt = new Date(p.startsAt);
    await this.sends.insertAppointment({
      appointmentId: p.appointmentId,
      clientId: p.clientId,
      locationId,
      serviceName: p.serviceName,
      staffId: p.staffId,
      startsAt,
      endsAt: new Date(p.endsAt),
      status: 'booked',
    });
    if (!locationId) return;
    for (const kind of REMINDERS) await this.plan(kind, locationId, p.appointmentId, p.clientId, startsAt, now);
    await this.planCustom('appointment-booked', p.appointmentId, now);
  }

  async rescheduled(payload: unknown, locationId: string | null, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['scheduling.appointment.rescheduled.v1'], payload);
    const existing = await this.sends.appointment(p.appointmentId);
    const startsAt = new Date(p.startsAt);
    await this.sends.upsertAppointment({
      appointmentId: p.appointmentId,
      clientId: p.clientId,
      locationId: locationId ?? existing?.locationId ?? null,
      serviceName: existing?.serviceName ?? null,
      staffId: p.staffId,
      startsAt,
      endsAt: new Date(p.endsAt),
      status: existing?.status ?? 'booked',
    });
    for (const send of await this.sends.scheduledFor(p.appointmentId)) {
      if (send.kind === 'custom' || !REMINDERS.includes(send.kind) || !send.locationId) continue;
      const automation = await this.automations.find(send.locationId, send.kind);
      const due = rescheduledDueAt(send.kind, automation.timing, startsAt, now, 'UTC');
      if (!due) {
        await this.sends.finish(send.id, 'cancelled', { reason: 'The appointment moved to a time already past' });
        continue;
      }
      await this.sends.reschedule(send.id, due);
      await this.queue.schedule(send.id, due, now.getTime());
    }
  }

  async cancelled(payload: unknown, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['scheduling.appointment.cancelled.v1'], payload);
    await this.sends.setAppointmentStatus(p.appointmentId, 'cancelled');
    for (const send of await this.sends.scheduledFor(p.appointmentId))
      await this.sends.finish(send.id, 'cancelled', { reason: 'The appointment was cancelled' });
    await this.planCustom('appointment-cancelled', p.appointmentId, now);
  }

  async completed(payload: unknown, locationId: string | null, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['scheduling.appointment.completed.v1'], payload);
    await this.sends.setAppointmentStatus(p.appointmentId, 'completed');
    if (!locationId) return;
    await this.plan('thank-you', locationId, p.appointmentId, p.clientId, now, now);
    await this.plan('rebook', locationId, p.appointmentId, p.clientId, now, now);
    await this.planCustom('appointment-completed', p.appointmentId, now);
  }

  async noShow(payload: unknown, locationId: string | null, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['scheduling.appointment.no-show.v1'], payload);
    await this.sends.setAppointmentStatus(p.appointmentId, 'no-show');
    for (const send of await this.sends.scheduledFor(p.appointmentId))
      if (send.kind !== 'custom' && REMINDERS.includes(send.kind))
        await this.sends.finish(send.id, 'cancelled', { reason: 'The client did not come' });
    if (locationId) await this.plan('no-show', locationId, p.appointmentId, p.clientId, now, now);
    await this.planCustom('appointment-no-show', p.appointmentId, now);
  }

  /**
   * clients.client.created.v1: each of the owner's "a new client is added" automations at the
   * client's location (the preferred one, else the default location) plans one send, due its delay
   * after now (key `custom:<automationId>:client:<clientId>`: a redelivered event plans nothing
   * more). Clients brought in by a CSV import are not new to the salon: nothing is planned.
   */
  async clientCreated(payload: unknown, locationId: string | null, now = new Date()): Promise<void> {
    const p = parseInput(EVENT_PAYLOADS['clients.client.created.v1'], payload);
    if (p.importId) return;
    const location = clientLocationId(locationId, await this.platform.locations());
    if (!location) return;
    for (const a of await this.custom.enabledFor(location, 'client-created')) {
      const { send } = await this.sends.insertOnce({
        locationId: location,
        kind: 'custom',
        customAutomationId: a.id,
        appointmentId: null,
        clientId: p.clientId,
        idempotencyKey: clientCreatedSendKey(a.id, p.clientId),
        dueAt: customDueAt(a.delayHours, now, now),
      });
      if (send.state === 'scheduled') await this.queue.schedule(send.id, send.dueAt, now.getTime());
    }
  }

  /**
   * The owner's automations on this trigger at the appointment's location: each whose conditions
   * hold gets one send (key `custom:<automationId>:<appointmentId>`, so a redelivered event plans
   * nothing more) due its delay after now. The appointment is read from the mirror, which the
   * handler has just updated.
   */
  private async planCustom(trigger: CustomAutomationTrigger, appointmentId: string, now: Date): Promise<void> {
    const appointment = await this.sends.appointment(appointmentId);
    if (!appointment?.locationId) return;
    const automations = await this.custom.enabledFor(appointment.locationId, trigger);
    if (automations.length === 0) return;
    const earlier = await this.custom.completedVisitsBefore(appointment.clientId, appointment.startsAt, appointmentId);
    for (const a of automations) {
      const verdict = customAutomationVerdict(a, { serviceName: appointment.serviceName, earlierCompletedVisits: earlier });
      if (!verdict.matches) continue;
      await this.planCustomSend(a.id, a.delayHours, appointment, now);
    }
  }

  private async planCustomSend(automationId: string, delayHours: number, appointment: AppointmentMirror, now: Date): Promise<void> {
    const { send } = await this.sends.insertOnce({
      locationId: appointment.locationId,
      kind: 'custom',
      customAutomationId: automationId,
      appointmentId: appointment.appointmentId,
      clientId: appointment.clientId,
      idempotencyKey: customSendKey(automationId, appointment.appointmentId),
      dueAt: customDueAt(delayHours, now, now),
    });
    if (send.state === 'scheduled') await this.queue.schedule(send.id, send.dueAt, now.getTime());
  }

  private async plan(kind: AutomationKind, locationId: string, appointmentId: string, clientId: string, anchor: Date, now: Date) {
    const automation = await this.automations.find(locationId, kind);
    if (!automation.enabled) return;
    const unit = AUTOMATION_TIMING_UNITS[kind];
    // Hours are real hours; calendar units need the location's zone.
    const zone =
      unit === 'weeks-after' || unit === 'months-after' || unit === 'days-before'
        ? (await this.platform.businessAt(locationId)).timeZone
        : 'UTC';
    const due = dueAt(kind, automation.timing, anchor, now, zone);
    if (!due) return;
    const { send, created } = await this.sends.insertOnce({
      locationId,
      kind,
      appointmentId,
      clientId,
      idempotencyKey: `${kind}:${appointmentId}`,
      dueAt: due,
    });
    // Scheduled again on a redelivery too: the job id (send + due time) makes it the same job.
    if (send.state === 'scheduled') await this.queue.schedule(send.id, send.dueAt, now.getTime());
    if (created) this.logger.debug(`${kind} for appointment ${appointmentId} due ${due.toISOString()}`);
  }
}
