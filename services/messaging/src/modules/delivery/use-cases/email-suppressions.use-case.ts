import { Injectable, Logger } from '@nestjs/common';
import { removeEmailSuppressionInputSchema, type EmailSuppressionView, type SuppressionReason } from '@salon/contracts';
import { NotFoundError, parseInput } from '@salon/nest-kit';
import { EmailSuppressionRepository } from '../persistence/email-suppression.repository.js';

const LIST_LIMIT = 500;

/** What the message log says about an e-mail not sent to a suppressed address. */
export function suppressionReason(s: Pick<EmailSuppressionView, 'reason' | 'detail' | 'createdAt'>): string {
  const what = s.reason === 'bounce' ? 'bounced' : 'complained (marked an e-mail as spam)';
  return `The address is on the suppression list: it ${what} on ${s.createdAt.slice(0, 10)}${s.detail ? ` (${s.detail})` : ''}`;
}

/**
 * The e-mail suppression list: SES's permanent bounces and complaints put an address on it
 * (webhooks), every e-mail send checks it when it claims the message (MessageRepository.claimMany), admins see and remove entries.
 */
@Injectable()
export class EmailSuppressionsUseCase {
  private readonly logger = new Logger('EmailSuppressions');

  constructor(private readonly suppressions: EmailSuppressionRepository) {}

  async suppress(entries: { address: string; reason: SuppressionReason; detail: string | null }[], providerMessageId: string | null) {
    for (const e of entries)
      if (await this.suppressions.add({ ...e, providerMessageId }))
        this.logger.log(`suppressed an address after a ${e.reason}${e.detail ? ` (${e.detail})` : ''}`);
  }

  list(): Promise<EmailSuppressionView[]> {
    return this.suppressions.list(LIST_LIMIT);
  }

  async remove(input: unknown): Promise<boolean> {
    const { address } = parseInput(removeEmailSuppressionInputSchema, input);
    if (!(await this.suppressions.remove(address))) throw new NotFoundError(`${address} is not on the suppression list`);
    return true;
  }
}
