import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import { SendEmailCommand, SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import type { MessagingConfig } from '../../../../config.js';
import { EmailProvider, type OutgoingEmail } from '../email-provider.js';
import { ProviderError, type ProviderReceipt } from '../provider-error.js';
import { buildRawEmail } from './raw-mime.js';

// SES refuses these for the message itself; sending it again cannot succeed.
const PERMANENT = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'ConfigurationSetDoesNotExistException',
  'InvalidParameterValue',
  'ValidationError',
]);

/**
 * Amazon SES (v1 SendEmail) through the official SDK. Locally SES_ENDPOINT points at the
 * aws-ses-v2-local server, whose web view shows every e-mail. SES has no idempotency key of its
 * own; our message id travels as a message tag so delivery/bounce notifications match the row.
 */
@Injectable()
export class SesEmailProvider extends EmailProvider implements OnModuleDestroy {
  readonly name = 'ses';
  private readonly client: SESClient;

  constructor(@Inject(APP_CONFIG) private readonly config: MessagingConfig) {
    super();
    this.client = new SESClient({
      region: config.AWS_REGION,
      endpoint: config.SES_ENDPOINT || undefined,
      credentials: { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY },
      // Retries belong to the job (with backoff and the message row in view), not to the SDK.
      maxAttempts: 1,
    });
  }

  async send(email: OutgoingEmail): Promise<ProviderReceipt> {
    const tags = [
      { Name: 'message_id', Value: email.messageId },
      { Name: 'purpose', Value: email.purpose.replace(/[^A-Za-z0-9_.@-]/g, '_') },
    ];
    // Extra headers (List-Unsubscribe) need the raw call; the same tags and configuration set apply.
    const command =
      email.headers && Object.keys(email.headers).length > 0
        ? new SendRawEmailCommand({
            Source: email.from,
            Destinations: [email.to],
            RawMessage: { Data: Buffer.from(buildRawEmail({ ...email, headers: email.headers }), 'utf8') },
            Tags: tags,
            ConfigurationSetName: this.config.SES_CONFIGURATION_SET,
          })
        : new SendEmailCommand({
            Source: email.from,
            Destination: { ToAddresses: [email.to] },
            Message: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: email.text, Charset: 'UTF-8' },
                ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
              },
            },
            // Tag values allow [A-Za-z0-9_.@-] only: the message id (a UUID) and the purpose fit.
            Tags: tags,
            ConfigurationSetName: this.config.SES_CONFIGURATION_SET,
          });
    try {
      const result = command instanceof SendRawEmailCommand ? await this.client.send(command) : await this.client.send(command);
      if (!result.MessageId) throw new ProviderError('SES answered without a MessageId');
      return { providerMessageId: result.MessageId };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      // No answer from SES (timeout, reset): it may have taken the message; the caller must not assume otherwise.
      if (status === undefined) throw error;
      const permanent =
        PERMANENT.has(e.name ?? '') || (status !== undefined && status >= 400 && status < 500 && status !== 429 && e.name !== 'Throttling');
      throw new ProviderError(`SES: ${e.name ?? 'Error'}: ${e.message ?? String(error)}`, { permanent, code: e.name });
    }
  }

  /**
   * SES has no "did you take this?" call, but a configuration set with event publishing emits a
   * `Send` event for every accepted message, carrying its message tags. SES_SEND_EVENTS_URL is
   * where those events can be read (`?tag=message_id:<id>`); the local SES server serves them.
   * An unreachable event store throws, so the attempt stays uncertain and is tried again later
   * rather than sending blind.
   */
  override async findAccepted(email: OutgoingEmail, since: Date): Promise<ProviderReceipt | null> {
    if (!this.config.SES_SEND_EVENTS_URL) return null;
    const url = new URL(this.config.SES_SEND_EVENTS_URL);
    url.searchParams.set('tag', `message_id:${email.messageId}`);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`SES send events answered ${res.status}`);
    const { events } = (await res.json()) as { events?: SesSendEvent[] };
    // The 60 s of slack covers clock skew between SES and us, as the Twilio lookup does.
    const found = (events ?? []).find(
      (e) =>
        e.eventType === 'Send' &&
        e.mail?.messageId &&
        e.mail.tags?.message_id?.includes(email.messageId) &&
        Date.parse(e.mail.timestamp ?? '') >= since.getTime() - 60_000,
    );
    return found ? { providerMessageId: found.mail!.messageId! } : null;
  }

  onModuleDestroy() {
    this.client.destroy();
  }
}

/** The fields of an SES event-publishing record the reconciliation reads. */
interface SesSendEvent {
  eventType?: string;
  mail?: { messageId?: string; timestamp?: string; tags?: Record<string, string[]> };
}
