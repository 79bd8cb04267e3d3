import type { ProviderReceipt } from './provider-error.js';

export interface OutgoingEmail {
  /** Our message id: also sent to the provider (SES message tag) so its reports can be matched. */
  messageId: string;
  idempotencyKey: string;
  purpose: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers (a campaign's List-Unsubscribe); sent as a raw MIME message when present. */
  headers?: Record<string, string>;
}

/** One implementation per vendor (providers/<vendor>/); which one runs is configuration. */
export abstract class EmailProvider {
  abstract readonly name: string;
  abstract send(email: OutgoingEmail): Promise<ProviderReceipt>;
  /**
   * After a crash between "the provider accepted" and "we wrote it down", asks whether this
   * message (by our message id) was accepted since `since`. Null when not, or when the provider
   * cannot tell (then the caller resends: the remaining at-least-once window).
   */
  findAccepted?(email: OutgoingEmail, since: Date): Promise<ProviderReceipt | null>;
}
