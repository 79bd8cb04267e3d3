import { Module } from '@nestjs/common';
import { DeliveryQueues } from './jobs/delivery-queues.js';
import { EmailSuppressionsUseCase } from './use-cases/email-suppressions.use-case.js';
import { MessageViewsUseCase } from './use-cases/message-views.use-case.js';
import { QueueMessageUseCase } from './use-cases/queue-message.use-case.js';
import { RecordDeliveryReportUseCase } from './use-cases/record-delivery-report.use-case.js';
import { RequeueStrandedUseCase } from './use-cases/requeue-stranded.use-case.js';
import { SendTestMessageUseCase } from './use-cases/send-test-message.use-case.js';

const USE_CASES = [
  QueueMessageUseCase,
  MessageViewsUseCase,
  SendTestMessageUseCase,
  RecordDeliveryReportUseCase,
  RequeueStrandedUseCase,
  EmailSuppressionsUseCase,
];

/** What both processes need: queueing messages and reading/updating the message log. */
@Module({ providers: [DeliveryQueues, ...USE_CASES], exports: [DeliveryQueues, ...USE_CASES] })
export class DeliveryModule {}
