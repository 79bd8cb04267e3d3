import { Inject, Injectable } from '@nestjs/common';
import { renderTemplate, type AutomationKind, type ChannelRule } from '@salon/contracts';
import { APP_CONFIG, OutboxWriter, UserDirectory } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { automationChannels } from '../domain/automation-channels.js';
import { automationTexts, templateValues, type AutomationTexts } from '../domain/automation-message.js';
import { customTriggerStillHolds } from '../domain/custom-automation-rules.js';
import { withinCap } from '../domain/frequency-cap.js';
import { afterQuietHours } from '../domain/quiet-hours.js';
import { AutomationQueue } from '../jobs/automation-queue.js';
import { AutomationRepository } from '../persistence/automation.repository.js';
import { AutomationSendRepository, type AppointmentMirror, type AutomationSendRow } from '../persistence/automation-send.repository.js';
import { CustomAutomationRepository } from '../persistence/custom-automation.repository.js';
import { ConversationRepository } from '../../inbox/persistence/conversation.repository.js';

type TemplateValuesArg = Parameters<typeof renderTemplate>[1];

export type RunOutcome = 'sent' | 'deferred' | 'skipped' | 'cancelled' | 'stale';

const APPOINTMENT_STILL_ON = ['booked', 'confirmed'];
/** Messages not about an appointment the client made: e-mail needs the client's marketing e-mail consent. */
const PROMOTIONAL: readonly AutomationKind[] = ['birthday', 'win-back'];

/**
 * One automation send at its due time. Everything is checked now, not when it was planned: the
 * automation still on, the appointment still standing (a cancelled one never gets its reminder),
 * quiet hours in the location's zone (a text waits for the morning), the client's frequency cap,
 * and the client's consent (asked of clients at this moment). Each message's idempotency key is
 * the send's id and channel, so a retried job queues nothing twice.
 */
@Injectable()
export class RunAutomationSendUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly automations: AutomationRepository,
    private readonly sends: AutomationSendRepository,
    private readonly queue: AutomationQueue,
    private readonly platform: PlatformLookup,
    private readonly directory: UserDirectory,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly messages: QueueMessageUseCase,
    private readonly conversations: ConversationRepository,
    private readonly custom: CustomAutomationRepository,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async run(sendId: string, jobDueAt: number, now = new Date()): Promise<RunOutcome> {
    const send = await this.sends.find(sendId);
    if (!send || send.state !== 'scheduled') return 'stale';
    // The send moved (its appointment did) since this job was made: the newer job does it.
    if (send.dueAt.getTime() !== jobDueAt) return 'stale';
    if (!send.locationId) return this.skip(send, 'No location', now);
    const appointment = send.appointmentId ? await this.sends.appointment(send.appointmentId) : null;
    const what = await this.automationOf(send, appointment, now);
    if (what.kind !== 'send') return what.outcome;
    const automation = what.automation;

    const business = await this.platform.businessAt(send.locationId);
    const settings = await this.automations.settings(send.locationId);
    if (automation.channelRule !== 'email') {
      const later = afterQuietHours(now, business.timeZone, { start: settings.quietStart, end: settings.quietEnd });
      if (later.getTime() > now.getTime()) {
        await this.sends.reschedule(send.id, later, 'Held for quiet hours');
        await this.queue.schedule(send.id, later, now.getTime());
        return 'deferred';
      }
    }
    if (!withinCap(await this.sends.recentSendTimes(send.clientId, now), now, settings.maxPerClientPerDay))
      return this.skip(send, `The client had ${settings.maxPerClientPerDay} automated messages in the last day`, now);

    const client = await this.platform.clientContact(send.clientId);
    if (!client) return this.skip(send, 'The client no longer exists', now);
    const smsOk = Boolean(client.phone && client.smsConsent && !(await this.smsConsent.isOptedOut(client.phone)));
    const emailOk = Boolean(client.email) && (!automation.promotional || client.emailConsent);
    const channels = automationChannels(automation.channelRule, { sms: smsOk, email: emailOk });
    if (channels.length === 0) return this.skip(send, 'No channel the client can be reached on with consent', now);

    const staffName = appointment?.staffId ? await this.directory.nameOf(appointment.staffId) : null;
    const texts = automation.texts(
      templateValues({
        firstName: client.firstName,
        serviceName: appointment?.serviceName ?? null,
        staffName,
        startsAt: appointment?.startsAt ?? null,
        timeZone: business.timeZone,
        businessName: business.businessName,
        publicUrl: this.config.PUBLIC_URL,
      }),
    );
    // The rows first, then what a reply needs (the phone's conversation tied to the client, the send
    // done with its messages), and only then the jobs: a client who answers "C" the moment the text
    // arrives finds the reminder it answers (before, a quick reply could come before the send was done).
    const recorded: MessageEntity[] = [];
    for (const channel of channels) {
      const common = { idempotencyKey: `automation:${send.id}:${channel}`, purpose: `automation-${send.kind}`, createdBy: null };
      if (channel === 'sms') {
        const m = await this.messages.record({ ...common, channel: 'sms', to: client.phone!, text: texts.sms });
        recorded.push(m);
        await this.conversations.recordOutbound(client.phone!, send.clientId, client.firstName, texts.sms, m.id);
      } else {
        recorded.push(
          await this.messages.record({
            ...common,
            channel: 'email',
            to: client.email!,
            subject: texts.emailSubject,
            text: texts.emailText,
          }),
        );
      }
    }
    await this.finish(send, 'done', { messageIds: recorded.map((m) => m.id), channels, sentAt: now }, now);
    for (const m of recorded) await this.messages.enqueue(m);
    return 'sent';
  }

  /**
   * What is being sent: a built-in automation (still on; a reminder only for an appointment still
   * standing; a rebook or win-back only while nothing is booked) or an owner's automation (still
   * on, and its trigger still holding: a "booked" message is not sent for an appointment cancelled
   * meanwhile). Anything else ends the send here.
   */
  private async automationOf(
    send: AutomationSendRow,
    appointment: AppointmentMirror | null,
    now: Date,
  ): Promise<
    | { kind: 'send'; automation: { channelRule: ChannelRule; promotional: boolean; texts: (v: TemplateValuesArg) => AutomationTexts } }
    | { kind: 'end'; outcome: RunOutcome }
  > {
    const end = async (p: Promise<RunOutcome>) => ({ kind: 'end' as const, outcome: await p });
    if (send.kind === 'custom') {
      const custom = send.customAutomationId ? await this.custom.find(send.customAutomationId) : null;
      if (!custom || !custom.enabled) return end(this.skip(send, 'The automation was turned off', now));
      const hasUpcoming = custom.trigger === 'days-since-last-visit' && (await this.hasUpcoming(send.clientId, now));
      if (!customTriggerStillHolds(custom.trigger, { appointmentStatus: appointment?.status ?? null, hasUpcoming })) {
        const reason = hasUpcoming ? 'The client has booked again' : `The appointment is ${appointment?.status ?? 'gone'}`;
        await this.finish(send, 'cancelled', { reason }, now);
        return { kind: 'end', outcome: 'cancelled' };
      }
      return {
        kind: 'send',
        automation: {
          channelRule: custom.channelRule,
          // The owner writes what it says: its e-mail needs the client's e-mail consent.
          promotional: true,
          texts: (v) => ({
            sms: renderTemplate(custom.smsTemplate, v),
            emailSubject: renderTemplate(custom.emailSubject, v),
            emailText: renderTemplate(custom.emailTemplate, v),
          }),
        },
      };
    }
    const automation = await this.automations.find(send.locationId!, send.kind);
    if (!automation.enabled) return end(this.skip(send, 'The automation was turned off', now));
    if (send.kind === 'reminder' || send.kind === 'second-reminder') {
      if (!appointment || !APPOINTMENT_STILL_ON.includes(appointment.status) || appointment.startsAt <= now) {
        await this.finish(send, 'cancelled', { reason: `The appointment is ${appointment?.status ?? 'gone'}` }, now);
        return { kind: 'end', outcome: 'cancelled' };
      }
    }
    if ((send.kind === 'rebook' || send.kind === 'win-back') && (await this.hasUpcoming(send.clientId, now)))
      return end(this.skip(send, 'The client has booked again', now));
    const kind = send.kind;
    return {
      kind: 'send',
      automation: {
        channelRule: automation.channelRule,
        promotional: PROMOTIONAL.includes(kind),
        texts: (v) => automationTexts(automation, v),
      },
    };
  }

  private async hasUpcoming(clientId: string, now: Date): Promise<boolean> {
    return this.sends.hasUpcomingAppointment(clientId, now);
  }

  private async skip(send: AutomationSendRow, reason: string, now: Date): Promise<'skipped'> {
    await this.finish(send, 'skipped', { reason }, now);
    return 'skipped';
  }

  /**
   * The send's outcome and, in the same transaction, `messaging.automation.finished.v1` (payroll's
   * reports count automation results from it).
   */
  private async finish(
    send: AutomationSendRow,
    state: 'done' | 'cancelled' | 'skipped',
    fields: { reason?: string; messageIds?: string[]; channels?: ('sms' | 'email')[]; sentAt?: Date },
    now: Date,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.sends.finish(send.id, state, fields, m);
      await this.outbox.append(m, {
        type: 'messaging.automation.finished.v1',
        aggregateType: 'automation-send',
        aggregateId: send.id,
        locationId: send.locationId,
        actor: { type: 'system', id: null },
        payload: {
          sendId: send.id,
          kind: send.kind,
          clientId: send.clientId,
          appointmentId: send.appointmentId,
          outcome: state === 'done' ? 'sent' : state,
          channels: fields.channels ?? [],
          reason: fields.reason ?? null,
          at: now.toISOString(),
        },
      });
    });
  }
}
