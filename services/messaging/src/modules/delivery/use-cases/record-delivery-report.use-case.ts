import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { statusAfterReport, type DeliveryReport, type MessageStatus } from '../domain/message-status.js';
import { MessageRepository } from '../persistence/message.repository.js';

export interface ProviderReport {
  provider: 'twilio' | 'ses';
  providerMessageId: string;
  /** Our message id when the report carries it (Twilio callback URL, SES message tag). */
  messageId?: string;
  report: DeliveryReport;
  error?: string | null;
}

/** A provider's delivery report (webhook) moves the message forward, never back. */
@Injectable()
export class RecordDeliveryReportUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessageRepository,
  ) {}

  /** The status after the report, or null when no message matches (reports for other systems). */
  record(report: ProviderReport): Promise<MessageStatus | null> {
    return this.dataSource.transaction(async (manager) => {
      const message = await this.messages.lockForReport(
        { id: report.messageId, provider: report.provider, providerMessageId: report.providerMessageId },
        manager,
      );
      if (!message) return null;
      const next = statusAfterReport(message.status, report.report);
      if (next)
        await this.messages.applyReport(
          message.id,
          next,
          report.providerMessageId,
          report.report === 'failed' ? (report.error ?? 'Delivery failed') : null,
          manager,
        );
      return next ?? message.status;
    });
  }
}
