import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EmailProvider, type OutgoingEmail } from '../email-provider.js';
import type { ProviderReceipt } from '../provider-error.js';

/** Sends nothing: the message log row is the record (EMAIL_PROVIDER=log, benchmarks). */
@Injectable()
export class LogEmailProvider extends EmailProvider {
  readonly name = 'log';
  async send(_email: OutgoingEmail): Promise<ProviderReceipt> {
    return { providerMessageId: `log-${randomUUID()}`, deliveredNow: true };
  }
}
