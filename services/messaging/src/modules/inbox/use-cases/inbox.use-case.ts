import { Injectable, Logger } from '@nestjs/common';
import { reminderReplyAction, replyInputSchema, type ConversationMessageView, type ConversationView } from '@salon/contracts';
import { NotFoundError, OutboxWriter, parseInput } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { AutomationSendRepository } from '../../automations/persistence/automation-send.repository.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { ConversationRepository } from '../persistence/conversation.repository.js';

const ANSWERS = {
  confirm: 'Thank you, your appointment is confirmed. See you then!',
  cancel: null, // CANCEL also opts the number out at Twilio: no answer can reach it.
} as const;

/**
 * The two-way inbox: every inbound text lands in its phone's conversation (the client is the one
 * we texted at that number); a reply to a reminder ("C", "confirm", "cancel") acts on the reminded
 * appointment through scheduling (`messaging.appointment.reply-received.v1`, in the transaction
 * that records the text, so it is published once) and is answered; staff reply from the inbox.
 */
@Injectable()
export class InboxUseCase {
  private readonly logger = new Logger('Inbox');

  constructor(
    private readonly dataSource: DataSource,
    private readonly conversations: ConversationRepository,
    private readonly sends: AutomationSendRepository,
    private readonly outbox: OutboxWriter,
    private readonly queue: QueueMessageUseCase,
  ) {}

  /**
   * Records an inbound text (and acts on a reminder reply). Answers the recorded text's id, and
   * whether a reminder reply acted on it, for the AI assistant; null when it was a redelivery.
   */
  async inbound(
    from: string,
    body: string,
    providerMessageId: string | null,
    now = new Date(),
    /** The number the text was sent to (Twilio's `To`): a location's own number decides the AI's location. */
    toNumber: string | null = null,
  ): Promise<{ messageId: string; acted: boolean } | null> {
    const action = reminderReplyAction(body);
    let recordedId: string | null = null;
    const answered = await this.dataSource.transaction(async (m) => {
      const recorded = await this.conversations.recordInbound(from, body, providerMessageId, m, toNumber);
      recordedId = recorded?.messageId ?? null;
      if (!recorded || !action || !recorded.conversation.clientId) return null;
      const target = await this.sends.latestRemindedAppointment(recorded.conversation.clientId, now);
      if (!target) return null;
      const a = target.appointment;
      await this.outbox.append(m, {
        type: 'messaging.appointment.reply-received.v1',
        aggregateType: 'appointment',
        aggregateId: a.appointmentId,
        locationId: a.locationId,
        actor: { type: 'client', id: a.clientId },
        payload: { appointmentId: a.appointmentId, clientId: a.clientId, action, receivedAt: now.toISOString() },
      });
      await m.query(`UPDATE automation_sends SET replied_at = $2, reply_action = $3, updated_at = now() WHERE id = $1`, [
        target.sendId,
        now,
        action,
      ]);
      await m.query(`UPDATE automation_appointments SET status = $2, updated_at = now() WHERE appointment_id = $1`, [
        a.appointmentId,
        action === 'confirm' ? 'confirmed' : 'cancelled',
      ]);
      await this.conversations.setAction(recorded.messageId, action === 'confirm' ? 'confirmed' : 'cancelled', m);
      return { conversation: recorded.conversation, appointmentId: a.appointmentId, messageId: recorded.messageId };
    });
    const result = recordedId ? { messageId: recordedId, acted: answered !== null } : null;
    if (!answered || !action) return result;
    const text = ANSWERS[action];
    if (!text) return result;
    // Keyed by the inbound text, so Twilio redelivering the webhook answers once.
    const m = await this.queue.queue({
      idempotencyKey: `reminder-reply:${answered.messageId}`,
      channel: 'sms',
      to: from,
      text,
      purpose: 'reminder-reply',
      createdBy: null,
    });
    await this.conversations.recordOutbound(from, answered.conversation.clientId, null, text, m.id);
    this.logger.log(`reply ${action} for appointment ${answered.appointmentId}`);
    return result;
  }

  list(limit = 50): Promise<ConversationView[]> {
    return this.conversations.list(Math.min(Math.max(limit, 1), 200));
  }

  async messages(conversationId: string): Promise<ConversationMessageView[]> {
    if (!(await this.conversations.find(conversationId))) throw new NotFoundError(`Conversation ${conversationId} not found`);
    await this.conversations.markRead(conversationId);
    return this.conversations.messages(conversationId);
  }

  async reply(input: unknown, userId: string | null): Promise<ConversationMessageView[]> {
    const { conversationId, text } = parseInput(replyInputSchema, input);
    const c = await this.conversations.find(conversationId);
    if (!c) throw new NotFoundError(`Conversation ${conversationId} not found`);
    const m = await this.queue.queue({
      idempotencyKey: `inbox-reply:${conversationId}:${Date.now()}`,
      channel: 'sms',
      to: c.phone,
      text,
      purpose: 'inbox-reply',
      createdBy: userId,
    });
    await this.conversations.recordOutbound(c.phone, c.clientId, null, text, m.id);
    await this.conversations.markRead(conversationId);
    return this.conversations.messages(conversationId);
  }
}
