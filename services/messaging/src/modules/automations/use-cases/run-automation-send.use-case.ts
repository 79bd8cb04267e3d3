import { Inject, Injectable } from '@nestjs/common';
import type { AutomationKind } from '@salon/contracts';
import { APP_CONFIG, UserDirectory } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { automationChannels } from '../domain/automation-channels.js';
import { automationTexts, templateValues } from '../domain/automation-message.js';
import { withinCap } from '../domain/frequency-cap.js';
import { afterQuietHours } from '../domain/quiet-hours.js';
import { AutomationQueue } from '../jobs/automation-queue.js';
import { AutomationRepository } from '../persistence/automation.repository.js';
import { AutomationSendRepository } from '../persistence/automation-send.repository.js';
import { ConversationRepository } from '../../inbox/persistence/conversation.repository.js';

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
  ) {}

  async run(sendId: string, jobDueAt: number, now = new Date()): Promise<RunOutcome> {
    const send = await this.sends.find(sendId);
    if (!send || send.state !== 'scheduled') return 'stale';
    // The send moved (its appointment did) since this job was made: the newer job does it.
    if (send.dueAt.getTime() !== jobDueAt) return 'stale';
    if (!send.locationId) return this.skip(send.id, 'No location');
    const automation = await this.automations.find(send.locationId, send.kind);
    if (!automation.enabled) return this.skip(send.id, 'The automation was turned off');

    const appointment = send.appointmentId ? await this.sends.appointment(send.appointmentId) : null;
    if (send.kind === 'reminder' || send.kind === 'second-reminder') {
      if (!appointment || !APPOINTMENT_STILL_ON.includes(appointment.status) || appointment.startsAt <= now) {
        await this.sends.finish(send.id, 'cancelled', { reason: `The appointment is ${appointment?.status ?? 'gone'}` });
        return 'cancelled';
      }
    }
    if ((send.kind === 'rebook' || send.kind === 'win-back') && (await this.hasUpcoming(send.clientId, now)))
      return this.skip(send.id, 'The client has booked again');

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
      return this.skip(send.id, `The client had ${settings.maxPerClientPerDay} automated messages in the last day`);

    const client = await this.platform.clientContact(send.clientId);
    if (!client) return this.skip(send.id, 'The client no longer exists');
    const smsOk = Boolean(client.phone && client.smsConsent && !(await this.smsConsent.isOptedOut(client.phone)));
    const emailOk = Boolean(client.email) && (!PROMOTIONAL.includes(send.kind) || client.emailConsent);
    const channels = automationChannels(automation.channelRule, { sms: smsOk, email: emailOk });
    if (channels.length === 0) return this.skip(send.id, 'No channel the client can be reached on with consent');

    const staffName = appointment?.staffId ? await this.directory.nameOf(appointment.staffId) : null;
    const texts = automationTexts(
      automation,
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
    await this.sends.finish(send.id, 'done', { messageIds: recorded.map((m) => m.id), channels, sentAt: now });
    for (const m of recorded) await this.messages.enqueue(m);
    return 'sent';
  }

  private async hasUpcoming(clientId: string, now: Date): Promise<boolean> {
    return this.sends.hasUpcomingAppointment(clientId, now);
  }

  private async skip(id: string, reason: string): Promise<'skipped'> {
    await this.sends.finish(id, 'skipped', { reason });
    return 'skipped';
  }
}
