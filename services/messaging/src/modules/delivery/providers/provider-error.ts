/**
 * A provider answered that it did not take the message, so trying again cannot duplicate it.
 * `permanent` means trying again cannot help either (bad number, rejected address): the job
 * fails at once instead of burning its retries. Any other error thrown by a provider (timeout,
 * connection reset) means the outcome is unknown, and the next attempt reconciles first.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly options: { permanent?: boolean; code?: string | number; optedOut?: boolean } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  get permanent(): boolean {
    return this.options.permanent ?? false;
  }
}

/** What a provider answers when it has taken a message. */
export interface ProviderReceipt {
  providerMessageId: string;
  /** The log providers deliver on the spot; real providers report delivery later by webhook. */
  deliveredNow?: boolean;
}
