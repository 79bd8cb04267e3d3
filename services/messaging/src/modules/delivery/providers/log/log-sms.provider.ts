import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ProviderReceipt } from '../provider-error.js';
import { SmsProvider, type OutgoingSms } from '../sms-provider.js';

/**
 * The local default: records the text in the message log only (where /email-test shows it) and
 * reports it sent and delivered at once, so the whole pipeline runs without a phone.
 */
@Injectable()
export class LogSmsProvider extends SmsProvider {
  readonly name = 'log';
  async send(_sms: OutgoingSms): Promise<ProviderReceipt> {
    return { providerMessageId: `log-${randomUUID()}`, deliveredNow: true };
  }
}
