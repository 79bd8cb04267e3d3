import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import twilio from 'twilio';
import type { MessagingConfig } from '../../../../config.js';
import { ProviderError, type ProviderReceipt } from '../provider-error.js';
import { SmsProvider, type OutgoingSms } from '../sms-provider.js';
import { PeerRequestClient } from './peer-request-client.js';

/** Twilio error codes that no retry can fix (https://www.twilio.com/docs/api/errors). */
const PERMANENT_CODES = new Set([21211, 21212, 21214, 21265, 21408, 21606, 21610, 21612, 21614, 21617, 21659]);
const UNSUBSCRIBED = 21610;

/**
 * Programmable Messaging through the official SDK. Twilio has no idempotency key for message
 * creation, so a crash after Twilio accepted a message but before we recorded it is covered by
 * `findAccepted`: a later attempt first asks Twilio for a matching message before resending.
 */
@Injectable()
export class TwilioSmsProvider extends SmsProvider {
  readonly name = 'twilio';
  private readonly client: ReturnType<typeof twilio>;

  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {
    super();
    this.client = twilio(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, {
      autoRetry: false,
      httpClient: config.TWILIO_API_URL ? new PeerRequestClient(config.TWILIO_API_URL) : undefined,
    });
  }

  async send(sms: OutgoingSms): Promise<ProviderReceipt> {
    try {
      const message = await this.client.messages.create({
        to: sms.to,
        from: sms.from,
        body: sms.body,
        statusCallback: this.statusCallback(sms.messageId),
      });
      return { providerMessageId: message.sid };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /**
   * Twilio's message list, filtered by sender and recipient, newest first; ours is the one with
   * the same body created after our attempt began. (DateSent is empty while Twilio still queues a
   * message, so the date filter is applied here on dateCreated, not by the API.)
   */
  override async findAccepted(sms: OutgoingSms, since: Date): Promise<ProviderReceipt | null> {
    try {
      const recent = await this.client.messages.list({ to: sms.to, from: sms.from, limit: 50 });
      const match = recent.find((m) => m.body === sms.body && m.dateCreated && m.dateCreated.getTime() >= since.getTime() - 60_000);
      return match ? { providerMessageId: match.sid } : null;
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Our message id rides in the callback URL, so a report can land before we stored Twilio's sid. */
  private statusCallback(messageId: string): string | undefined {
    const base = new URL(this.config.PUBLIC_URL);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname);
    if (local && !this.config.TWILIO_API_URL) return undefined; // real Twilio cannot reach a laptop
    return `${this.config.PUBLIC_URL}/api/webhooks/twilio/status?messageId=${messageId}`;
  }
}

/** Twilio answered with an error (RestException): it did not take the message. Anything else is rethrown as is. */
function toProviderError(error: unknown): unknown {
  const e = error as { status?: number; code?: number; message?: string };
  const status = e.status;
  if (typeof status !== 'number' || (error as Error).name === 'AxiosError') return error;
  const permanent =
    (e.code !== undefined && PERMANENT_CODES.has(e.code)) || (status !== undefined && status >= 400 && status < 500 && status !== 429);
  return new ProviderError(`Twilio: ${e.code ? `${e.code} ` : ''}${e.message ?? String(error)}`, {
    permanent,
    code: e.code,
    optedOut: e.code === UNSUBSCRIBED,
  });
}
