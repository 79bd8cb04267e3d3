import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import DataLoader from 'dataloader';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { isFinished, type MessageChannel, type MessageStatus } from '../domain/message-status.js';
import { SenderPacer } from '../jobs/sender-pacer.js';
import { suppressionReason } from './email-suppressions.use-case.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { MessageRepository, type Claim, type SentReceipt } from '../persistence/message.repository.js';
import { EmailProvider, type OutgoingEmail } from '../providers/email-provider.js';
import { ProviderError, type ProviderReceipt } from '../providers/provider-error.js';
import { SmsProvider, type OutgoingSms } from '../providers/sms-provider.js';

export type DeliveryOutcome = { kind: 'done'; status: MessageStatus } | { kind: 'defer'; untilMs: number; slotAt?: number };

/** Thrown when a message has failed for good; the job must not be retried. */
export class DeliveryFailedError extends Error {
  override name = 'DeliveryFailedError';
}

const STOPPED = 'The recipient replied STOP; no texts until they reply START';
const BATCH = { cache: false, maxBatchSize: 100, batchScheduleFn: (run: () => void) => setImmediate(run) };

// A pacing wait up to this long is slept through in the job; a longer one parks the job as delayed.
const MAX_INLINE_WAIT_MS = 1000;

/**
 * One attempt to deliver one message: the worker's whole job. The message row, locked while the
 * attempt is claimed (MessageRepository.claimMany), is what makes a retried or duplicated job
 * harmless: finished rows are never sent again, and a row another worker holds (unexpired lease)
 * is left to it.
 */
@Injectable()
export class DeliverMessageUseCase {
  private readonly logger = new Logger('DeliverMessage');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessageRepository,
    private readonly consent: SmsConsentUseCase,
    private readonly pacer: SenderPacer,
    private readonly email: EmailProvider,
    private readonly sms: SmsProvider,
  ) {}

  // The claims of one event-loop turn are one statement, and so are the "sent" marks: each
  // caller still waits for its own row. Per message that is two statements where there were seven
  // (read, suppression read, BEGIN, lock, mark sending, COMMIT, mark sent), and each statement's
  // socket write and round trip was the largest cost in the worker's profile.
  private readonly claims = new DataLoader<string, Claim>(
    (ids) => this.messages.claimMany(ids, this.config.WORKER_LOCK_MS, { sms: this.sms.name, email: this.email.name }),
    BATCH,
  );
  private readonly sentMarks = new DataLoader<SentReceipt, void>(async (receipts) => {
    await this.messages.markSentMany(receipts);
    return receipts.map(() => undefined);
  }, BATCH);

  /**
   * `channel` is the queue's: an e-mail is claimed straight away (the claim checks the suppression
   * list under the row lock); a text is read first, because its pacing slot is taken before the claim.
   */
  async deliver(messageId: string, job: { slotAt?: number; finalAttempt: boolean; channel?: MessageChannel }): Promise<DeliveryOutcome> {
    if (job.channel !== 'email') {
      const early = await this.beforeClaim(messageId, job.slotAt);
      if (early) return early;
    }
    const claim = await this.claims.load(messageId);
    switch (claim.kind) {
      case 'missing':
        // Not there (yet): the producer's transaction may not have committed. Retrying with backoff
        // beats completing the job, which would leave the row without one.
        throw new Error(`Message ${messageId} not found`);
      case 'finished':
        return { kind: 'done', status: claim.status };
      case 'held':
        return { kind: 'defer', untilMs: claim.leaseExpiresAt.getTime() + 50 };
      case 'opted-out':
        await this.messages.markSuppressed(messageId, STOPPED);
        return { kind: 'done', status: 'suppressed' };
      case 'suppressed': {
        const reason = suppressionReason(claim.suppression);
        await this.messages.markSuppressed(messageId, reason);
        this.logger.log(`e-mail ${messageId} not sent: ${reason}`);
        return { kind: 'done', status: 'suppressed' };
      }
      case 'claimed':
        return this.attempt(claim.message, claim.uncertainSince, job.finalAttempt);
    }
  }

  /** A text's checks before its pacing slot: nothing to send, someone else's, or STOP; then the slot. */
  private async beforeClaim(messageId: string, slotAt: number | undefined): Promise<DeliveryOutcome | null> {
    const message = await this.messages.findById(messageId);
    if (!message) throw new Error(`Message ${messageId} not found`);
    if (isFinished(message.status)) return { kind: 'done', status: message.status };
    if (leaseHeld(message)) return { kind: 'defer', untilMs: message.leaseExpiresAt!.getTime() + 50 };
    if (message.channel !== 'sms') return null;
    if (await this.consent.isOptedOut(message.recipient)) {
      await this.messages.markSuppressed(message.id, STOPPED);
      return { kind: 'done', status: 'suppressed' };
    }
    const slot = slotAt ?? Date.now() + (await this.pacer.reserve(message.sender));
    const wait = slot - Date.now();
    if (wait > MAX_INLINE_WAIT_MS) return { kind: 'defer', untilMs: slot, slotAt: slot };
    if (wait > 0) await sleep(wait);
    return null;
  }

  private async attempt(message: MessageEntity, uncertainSince: Date | null, finalAttempt: boolean): Promise<DeliveryOutcome> {
    const provider = message.channel === 'sms' ? this.sms : this.email;
    let receipt: ProviderReceipt;
    // The lease is short (a dead worker's message must come back quickly), so a live worker keeps
    // renewing it for as long as the provider call takes.
    const every = Math.max(200, Math.floor(this.config.WORKER_LOCK_MS / 2));
    const heartbeat = setInterval(
      () => void this.messages.extendLease(message.id, this.config.WORKER_LOCK_MS).catch(() => undefined),
      every,
    );
    try {
      receipt = (await this.reconcile(message, uncertainSince)) ?? (await this.send(message));
    } catch (error) {
      clearInterval(heartbeat);
      return this.attemptFailed(message, error, finalAttempt);
    }
    clearInterval(heartbeat);
    // Kept right after the provider call on purpose: this statement is the whole window in which
    // a crash leaves a sent message looking unsent (see reconcile).
    await this.sentMarks.load({
      id: message.id,
      provider: provider.name,
      providerMessageId: receipt.providerMessageId,
      deliveredNow: receipt.deliveredNow ?? false,
    });
    return { kind: 'done', status: receipt.deliveredNow ? 'delivered' : 'sent' };
  }

  /** After an uncertain attempt, asks the provider (where it can tell) before sending again. */
  private async reconcile(message: MessageEntity, uncertainSince: Date | null): Promise<ProviderReceipt | null> {
    if (!uncertainSince) return null;
    if (message.channel === 'sms') return this.sms.findAccepted ? this.sms.findAccepted(toSms(message), uncertainSince) : null;
    return this.email.findAccepted ? this.email.findAccepted(toEmail(message), uncertainSince) : null;
  }

  private send(message: MessageEntity): Promise<ProviderReceipt> {
    if (message.channel === 'sms') return this.sms.send(toSms(message));
    return this.email.send(toEmail(message));
  }

  private async attemptFailed(message: MessageEntity, error: unknown, finalAttempt: boolean): Promise<never> {
    // Stored as the message's lastError and shown in the log: a database error by its code only (its message can quote values).
    const text = safeErrorMessage(error);
    if (error instanceof ProviderError && error.options.optedOut) {
      await this.consent.providerReportedOptOut(message.recipient);
      await this.messages.markSuppressed(message.id, text);
      throw new DeliveryFailedError(text);
    }
    if ((error instanceof ProviderError && error.permanent) || finalAttempt) {
      await this.messages.markFailed(message.id, text);
      throw new DeliveryFailedError(text);
    }
    // A provider's refusal leaves nothing out there: queued again. An unknown outcome keeps the
    // row `sending` with its lease ended, so the next attempt reconciles before resending.
    if (error instanceof ProviderError) await this.messages.markRetrying(message.id, text);
    else await this.messages.markUncertain(message.id, text);
    throw error;
  }
}

function leaseHeld(message: MessageEntity): boolean {
  return message.status === 'sending' && message.leaseExpiresAt !== null && message.leaseExpiresAt.getTime() > Date.now();
}

function toEmail(message: MessageEntity): OutgoingEmail {
  return {
    messageId: message.id,
    idempotencyKey: message.idempotencyKey,
    purpose: message.purpose,
    from: message.sender,
    to: message.recipient,
    subject: message.subject ?? '',
    text: message.bodyText,
    html: message.bodyHtml,
    headers: message.headers ?? undefined,
  };
}

function toSms(message: MessageEntity): OutgoingSms {
  return {
    messageId: message.id,
    idempotencyKey: message.idempotencyKey,
    from: message.sender,
    to: message.recipient,
    body: message.bodyText,
  };
}
