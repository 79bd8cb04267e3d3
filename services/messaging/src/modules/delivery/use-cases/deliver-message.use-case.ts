import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, safeErrorMessage } from '@salon/nest-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../../config.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { isFinished, type MessageStatus } from '../domain/message-status.js';
import { SenderPacer } from '../jobs/sender-pacer.js';
import { EmailSuppressionsUseCase } from './email-suppressions.use-case.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { MessageRepository } from '../persistence/message.repository.js';
import { EmailProvider, type OutgoingEmail } from '../providers/email-provider.js';
import { ProviderError, type ProviderReceipt } from '../providers/provider-error.js';
import { SmsProvider, type OutgoingSms } from '../providers/sms-provider.js';

export type DeliveryOutcome = { kind: 'done'; status: MessageStatus } | { kind: 'defer'; untilMs: number; slotAt?: number };

/** Thrown when a message has failed for good; the job must not be retried. */
export class DeliveryFailedError extends Error {
  override name = 'DeliveryFailedError';
}

// A pacing wait up to this long is slept through in the job; a longer one parks the job as delayed.
const MAX_INLINE_WAIT_MS = 1000;

/**
 * One attempt to deliver one message: the worker's whole job. The message row, locked while the
 * attempt is claimed, is what makes a retried or duplicated job harmless: finished rows are never
 * sent again, and a row another worker holds (unexpired lease) is left to it.
 */
@Injectable()
export class DeliverMessageUseCase {
  private readonly logger = new Logger('DeliverMessage');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly dataSource: DataSource,
    private readonly messages: MessageRepository,
    private readonly consent: SmsConsentUseCase,
    private readonly pacer: SenderPacer,
    private readonly email: EmailProvider,
    private readonly sms: SmsProvider,
    private readonly suppressions: EmailSuppressionsUseCase,
  ) {}

  async deliver(messageId: string, job: { slotAt?: number; finalAttempt: boolean }): Promise<DeliveryOutcome> {
    const message = await this.messages.findById(messageId);
    // Not there (yet): the producer's transaction may not have committed. Retrying with backoff
    // beats completing the job, which would leave the row without one.
    if (!message) throw new Error(`Message ${messageId} not found`);
    if (isFinished(message.status)) return { kind: 'done', status: message.status };
    if (leaseHeld(message)) return { kind: 'defer', untilMs: message.leaseExpiresAt!.getTime() + 50 };
    if (message.channel === 'sms' && (await this.consent.isOptedOut(message.recipient))) {
      await this.messages.markSuppressed(message.id, 'The recipient replied STOP; no texts until they reply START');
      return { kind: 'done', status: 'suppressed' };
    }
    if (message.channel === 'email') {
      const reason = await this.suppressions.reasonToSkip(message.recipient);
      if (reason) {
        await this.messages.markSuppressed(message.id, reason);
        this.logger.log(`e-mail ${message.id} (${message.purpose}) not sent: ${reason}`);
        return { kind: 'done', status: 'suppressed' };
      }
    }
    if (message.channel === 'sms') {
      const slotAt = job.slotAt ?? Date.now() + (await this.pacer.reserve(message.sender));
      const wait = slotAt - Date.now();
      if (wait > MAX_INLINE_WAIT_MS) return { kind: 'defer', untilMs: slotAt, slotAt };
      if (wait > 0) await sleep(wait);
    }

    const claim = await this.claim(message.id);
    if (claim.kind !== 'claimed') return claim.outcome;
    return this.attempt(claim.message, claim.uncertainSince, job.finalAttempt);
  }

  /** Marks the attempt under a row lock; says whether an earlier attempt may already have gone out. */
  private claim(id: string) {
    const provider = (channel: string) => (channel === 'sms' ? this.sms.name : this.email.name);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.messages.lockById(id, manager);
      if (!row || isFinished(row.status))
        return { kind: 'finished' as const, outcome: { kind: 'done' as const, status: row?.status ?? ('failed' as const) } };
      if (leaseHeld(row))
        return { kind: 'held' as const, outcome: { kind: 'defer' as const, untilMs: row.leaseExpiresAt!.getTime() + 50 } };
      // `sending` with an expired lease: a worker died (or timed out) after starting an attempt,
      // so the provider may have the message already.
      const uncertainSince = row.status === 'sending' ? (row.attemptStartedAt ?? row.queuedAt) : null;
      await this.messages.markSending(row.id, provider(row.channel), this.config.WORKER_LOCK_MS, manager);
      return { kind: 'claimed' as const, message: row, uncertainSince };
    });
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
    await this.messages.markSent(message.id, provider.name, receipt.providerMessageId, receipt.deliveredNow ?? false);
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
