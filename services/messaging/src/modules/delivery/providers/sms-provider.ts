import type { ProviderReceipt } from './provider-error.js';

export interface OutgoingSms {
  messageId: string;
  idempotencyKey: string;
  from: string;
  to: string;
  body: string;
}

/** One implementation per vendor (providers/<vendor>/); which one runs is configuration. */
export abstract class SmsProvider {
  abstract readonly name: string;
  abstract send(sms: OutgoingSms): Promise<ProviderReceipt>;
  /**
   * After a crash between "the provider accepted" and "we wrote it down", asks the provider
   * whether this message was already accepted since `since`. Null when it was not (or when the
   * provider cannot tell; then the caller resends, which is the remaining at-least-once window).
   */
  findAccepted?(sms: OutgoingSms, since: Date): Promise<ProviderReceipt | null>;
}
