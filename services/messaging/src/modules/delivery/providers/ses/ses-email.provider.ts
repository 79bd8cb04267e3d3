import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import type { MessagingConfig } from '../../../../config.js';
import { EmailProvider, type OutgoingEmail } from '../email-provider.js';
import { ProviderError, type ProviderReceipt } from '../provider-error.js';

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
    const command = new SendEmailCommand({
      Source: email.from,
      Destination: { ToAddresses: [email.to] },
      Message: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: email.text, Charset: 'UTF-8' }, ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}) },
      },
      // Tag values allow [A-Za-z0-9_.@-] only: the message id (a UUID) and the purpose fit.
      Tags: [
        { Name: 'message_id', Value: email.messageId },
        { Name: 'purpose', Value: email.purpose.replace(/[^A-Za-z0-9_.@-]/g, '_') },
      ],
      ConfigurationSetName: this.config.SES_CONFIGURATION_SET,
    });
    try {
      const result = await this.client.send(command);
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

  onModuleDestroy() {
    this.client.destroy();
  }
}
