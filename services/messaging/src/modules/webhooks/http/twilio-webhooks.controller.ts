import { Body, Controller, Header, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { AiReplyQueue } from '../../ai/jobs/ai-reply-queue.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { InboxUseCase } from '../../inbox/use-cases/inbox.use-case.js';
import { RecordDeliveryReportUseCase } from '../../delivery/use-cases/record-delivery-report.use-case.js';
import { twilioReportOf } from '../domain/twilio-status.js';
import { TwilioSignatureGuard } from './twilio-signature.guard.js';

type TwilioForm = Record<string, string | undefined>;

/** Twilio's callbacks: public at the edge, trusted only with a valid X-Twilio-Signature. */
@Public()
@UseGuards(TwilioSignatureGuard)
@Controller('api/webhooks/twilio')
export class TwilioWebhooksController {
  constructor(
    private readonly reports: RecordDeliveryReportUseCase,
    private readonly consent: SmsConsentUseCase,
    private readonly inbox: InboxUseCase,
    private readonly ai: AiReplyQueue,
  ) {}

  /** MessageStatus callbacks (the StatusCallback URL carries our message id). */
  @Post('status')
  @HttpCode(204)
  async status(@Body() form: TwilioForm, @Query('messageId') messageId?: string): Promise<void> {
    const report = twilioReportOf(form.MessageStatus);
    if (!report || !form.MessageSid) return;
    const error = form.ErrorCode ? `Twilio error ${form.ErrorCode}${form.ErrorMessage ? `: ${form.ErrorMessage}` : ''}` : null;
    await this.reports.record({ provider: 'twilio', providerMessageId: form.MessageSid, messageId, report, error });
  }

  /**
   * Incoming texts: STOP-like keywords opt the number out, START-like ones back in; every text
   * lands in its number's inbox conversation, and "C"/"confirm"/"cancel" after a reminder acts on
   * the appointment (answered by a separate SMS, queued like any other). The answer here is
   * empty TwiML: Twilio itself sends the carrier-required confirmation for these keywords, and a
   * second reply would text someone who just asked not to be texted.
   */
  @Post('inbound')
  @HttpCode(200)
  @Header('Content-Type', 'text/xml; charset=utf-8')
  async inbound(@Body() form: TwilioForm): Promise<string> {
    if (form.From) {
      await this.consent.inboundMessage(form.From, form.Body ?? '');
      const recorded = await this.inbox.inbound(form.From, form.Body ?? '', form.MessageSid ?? null, new Date(), form.To ?? null);
      // The AI assistant answers texts a reminder reply did not already act on (its worker decides whether it is on).
      if (recorded && !recorded.acted) await this.ai.answer(recorded.messageId);
    }
    return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  }
}
