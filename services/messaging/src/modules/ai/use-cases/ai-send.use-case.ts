import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_AI_SIGNATURE } from '@salon/contracts';
import { ConflictError, NotFoundError, safeErrorMessage } from '@salon/nest-kit';
import { ClientConsentRepository } from '../../consent/persistence/client-consent.repository.js';
import { SmsConsentRepository } from '../../consent/persistence/sms-consent.repository.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { ConversationRepository } from '../../inbox/persistence/conversation.repository.js';
import { PhoneRepository } from '../../phone/persistence/phone.repository.js';
import { aiSendVerdict } from '../domain/ai-consent.js';
import { depositHandoverReason, heldForDepositText } from '../domain/deposit-reply.js';
import { signed, unsigned } from '../domain/guards.js';
import { BookingDepositClient } from '../persistence/booking-deposit.client.js';
import { AiRepository, isChange } from '../persistence/ai.repository.js';
import { BookingRefusedError, OnlineBookingClient } from '../persistence/online-booking.client.js';

/**
 * Sends an AI reply: at once in auto mode, or when staff approve a draft. Consent and STOP are
 * checked now, the booking the reply announces is made first (through the online booking API, so
 * a time taken meanwhile is refused and nothing is sent), then the text is queued like any other.
 */
@Injectable()
export class AiSendUseCase {
  private readonly logger = new Logger('AiSend');

  constructor(
    private readonly repo: AiRepository,
    private readonly conversations: ConversationRepository,
    private readonly smsConsent: SmsConsentRepository,
    private readonly clientConsent: ClientConsentRepository,
    private readonly booking: OnlineBookingClient,
    private readonly queue: QueueMessageUseCase,
    private readonly phones: PhoneRepository,
    private readonly deposits: BookingDepositClient,
  ) {}

  /** userId null: sent by the assistant itself (auto mode). `text` replaces the draft (staff edited it). */
  async approve(replyId: string, userId: string | null, text: string | null): Promise<void> {
    const r = await this.repo.reply(replyId);
    if (!r) throw new NotFoundError(`AI reply ${replyId} not found`);
    if (r.status === 'sent') return; // a second click
    if (r.status !== 'draft') throw new ConflictError(`This reply is ${r.status}; only a draft can be sent`);
    const conversation = await this.conversations.find(r.conversationId);
    const consent = conversation?.clientId ? await this.clientConsent.find(conversation.clientId, 'sms') : null;
    const verdict = aiSendVerdict(await this.smsConsent.isOptedOut(r.phone), consent);
    if (!verdict.ok) {
      await this.repo.decide(replyId, 'discarded', { error: verdict.reason, by: userId });
      return;
    }
    // The AI label is the server's: appended on every send, whatever the draft was edited to (once, if staff kept it).
    const { signature } = r.locationId ? await this.repo.locationSettings(r.locationId) : { signature: DEFAULT_AI_SIGNATURE };
    let body = signed(unsigned(text?.trim() ? text.trim() : r.body!, signature), signature);
    // Made once: a retried approval (the text failed to queue after the change went through) only sends.
    let held = r.pendingAction && !isChange(r.pendingAction) ? (r.pendingAction.held ?? null) : null;
    if (r.pendingAction && !r.actionDone) {
      try {
        const p = r.pendingAction;
        if (isChange(p)) {
          if (p.kind === 'move')
            await this.booking.moveForClient(p.clientId, p.appointmentId, { startsAt: p.startsAt!, staffId: p.staffId! });
          else await this.booking.cancelForClient(p.clientId, p.appointmentId, 'Cancelled by text message (AI assistant)');
        } else {
          const visit = { locationId: p.locationId, serviceId: p.serviceId, staffId: p.staffId, startsAt: p.startsAt };
          const key = `ai-reply-${replyId}`;
          // A texter on file: onto their own profile; an unknown texter: as an online visitor.
          const made = p.clientId
            ? await this.booking.bookForClient(p.clientId, visit, key)
            : await this.booking.book({ ...visit, firstName: p.firstName, phone: p.phone }, key);
          if (made.deposit) held = { appointmentId: made.appointment.id, deposit: made.deposit };
        }
      } catch (error) {
        const what = r.pendingAction.kind === 'move' ? 'move' : r.pendingAction.kind === 'cancel' ? 'cancellation' : 'booking';
        const reason = error instanceof BookingRefusedError ? `The ${what} was refused: ${error.message}` : `The ${what} could not be made`;
        this.logger.warn(`AI reply ${replyId}: ${safeErrorMessage(error)}`);
        await this.repo.handOver(r.conversationId, reason);
        await this.repo.decide(replyId, 'failed', { error: reason, by: userId });
        if (error instanceof BookingRefusedError) return;
        throw error;
      }
      await this.repo.markActionDone(replyId, held ? { held } : {});
    }
    // Held, not booked: the client must not read "booked". The deposit's link instead, or staff take it over.
    if (held && r.pendingAction && !isChange(r.pendingAction)) {
      const p = r.pendingAction;
      const zone = p.zone ?? 'UTC';
      const link = await this.deposits.paymentLink(held.appointmentId);
      if (!link) {
        const reason = depositHandoverReason({ description: p.description, deposit: held.deposit, zone });
        await this.repo.handOver(r.conversationId, reason);
        await this.repo.decide(replyId, 'handed-over', { error: reason, by: userId });
        return;
      }
      body = signed(heldForDepositText({ description: p.description, deposit: held.deposit, zone, link }), signature);
    }
    // From the location's own number when it has one (else TWILIO_FROM), so the client's answer comes back to it.
    const own = r.locationId ? await this.phones.numberOfLocation(r.locationId) : null;
    const m = await this.queue.queue({
      idempotencyKey: `ai-reply:${replyId}`,
      channel: 'sms',
      to: r.phone,
      text: body,
      from: own?.number,
      purpose: 'ai-reply',
      createdBy: userId,
    });
    await this.conversations.recordOutbound(r.phone, null, null, body, m.id);
    await this.repo.decide(replyId, 'sent', { body, messageId: m.id, by: userId });
  }

  async discard(replyId: string, userId: string): Promise<void> {
    const r = await this.repo.reply(replyId);
    if (!r) throw new NotFoundError(`AI reply ${replyId} not found`);
    if (r.status !== 'draft') throw new ConflictError(`This reply is ${r.status}; only a draft can be discarded`);
    await this.repo.decide(replyId, 'discarded', { by: userId });
  }
}
