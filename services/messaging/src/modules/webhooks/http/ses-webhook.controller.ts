import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ForbiddenError, Public } from '@salon/nest-kit';
import { EmailSuppressionsUseCase } from '../../delivery/use-cases/email-suppressions.use-case.js';
import { RecordDeliveryReportUseCase } from '../../delivery/use-cases/record-delivery-report.use-case.js';
import { sesReportOf, sesSuppressionsOf } from '../domain/ses-notification.js';
import { SnsVerifier } from '../sns/sns-verifier.js';

/**
 * SES delivery, bounce and complaint notifications arriving through an SNS HTTPS subscription
 * (a permanent bounce or a complaint also suppresses the address).
 * SNS posts JSON as text/plain; nothing in it is trusted before its signature is verified with
 * the certificate from an allowlisted AWS host, its topic is one of SES_SNS_TOPIC_ARNS and it is
 * less than an hour old.
 */
@Public()
@Controller('api/webhooks/ses')
export class SesWebhookController {
  private readonly logger = new Logger('SesWebhook');

  constructor(
    private readonly verifier: SnsVerifier,
    private readonly reports: RecordDeliveryReportUseCase,
    private readonly suppressions: EmailSuppressionsUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Body() body: unknown): Promise<{ ok: true; status?: string | null }> {
    const message = await this.verifier.verify(parseJson(body));
    if (!message) throw new ForbiddenError('Invalid SNS signature');
    // Before a subscription is confirmed too: confirming another account's topic would let it feed us reports.
    const refused = this.verifier.refusal(message);
    if (refused) {
      this.logger.warn(`SNS ${message.Type} refused: ${refused}`);
      throw new ForbiddenError(refused);
    }
    if (message.Type === 'SubscriptionConfirmation') {
      const confirmed = await this.verifier.confirm(message);
      this.logger.log(
        `SNS subscription to ${message.TopicArn} ${confirmed ? 'confirmed' : 'not confirmed (SubscribeURL host not allowed)'}`,
      );
      return { ok: true };
    }
    if (message.Type !== 'Notification') return { ok: true };
    const notification = parseJson(message.Message);
    // A permanent bounce or a complaint puts the address on the suppression list that every e-mail send checks.
    const suppress = sesSuppressionsOf(notification);
    if (suppress.length > 0) await this.suppressions.suppress(suppress, sesReportOf(notification)?.providerMessageId ?? null);
    const report = sesReportOf(notification);
    if (!report) return { ok: true };
    const status = await this.reports.record({ provider: 'ses', ...report });
    return { ok: true, status };
  }
}

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
