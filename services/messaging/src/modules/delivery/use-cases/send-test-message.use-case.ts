import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MessageEntity } from '../persistence/message.entity.js';
import { QueueMessageUseCase } from './queue-message.use-case.js';

/** The /email-test page's buttons: a real message through the real pipeline, marked purpose 'test'. */
@Injectable()
export class SendTestMessageUseCase {
  constructor(private readonly queue: QueueMessageUseCase) {}

  email(to: string, requestedBy: string): Promise<MessageEntity> {
    const at = new Date().toISOString();
    return this.queue.queue({
      idempotencyKey: `test:${randomUUID()}`,
      channel: 'email',
      to,
      subject: 'Test e-mail from your salon platform',
      text: `This is a test e-mail sent at ${at} from the /email-test page.\n\nIf you can read this, e-mail delivery works.`,
      html: `<p>This is a test e-mail sent at <strong>${at}</strong> from the <code>/email-test</code> page.</p><p>If you can read this, e-mail delivery works.</p>`,
      purpose: 'test',
      createdBy: requestedBy,
    });
  }

  sms(to: string, requestedBy: string): Promise<MessageEntity> {
    return this.queue.queue({
      idempotencyKey: `test:${randomUUID()}`,
      channel: 'sms',
      to,
      text: `Test text from your salon platform (${new Date().toISOString().slice(11, 19)} UTC). Reply STOP to opt out.`,
      purpose: 'test',
      createdBy: requestedBy,
    });
  }
}
