/**
 * How sign-in slows down a guesser without locking out the account's owner (the throttle in
 * persistence/login-throttle.provider.ts applies it):
 * - one address failing for one account gets a few free tries, then waits, each further failure
 *   doubling the wait up to a ceiling; a success from that address forgets its failures;
 * - an account failed from many different addresses at once (a distributed guess) is closed to
 *   addresses it has never signed in from, while the addresses its owner uses still sign in;
 * - every attempt also counts against its address, whatever the account (LOGIN_MAX_ATTEMPTS_PER_IP).
 * The accounts are the e-mails typed, existing or not, so the answers never tell whether one exists.
 */
export interface LoginDelayPolicy {
  /** Failures one address may have for one account before it has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Seconds one address must wait after its `failures`-th failure in a row for one account (0: none). */
export function delayAfterFailures(failures: number, policy: LoginDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** doublings);
}

/** A distributed guess: so many addresses failed for the account that only known addresses may try. */
export function closedToUnknownAddresses(failingAddresses: number, maxFailingAddresses: number): boolean {
  return failingAddresses >= maxFailingAddresses;
}
