/**
 * How the booking confirmation waits for its forms: they are made when documents reads the booked
 * event, which is usually a second or two but can be longer when a service is busy. It asks again
 * at 1.5 s, then each wait half as long again as the last (at most 10 s), for two minutes; after
 * that the client can press "Check again" for another round.
 */
export const FIRST_POLL_MS = 1500;
export const MAX_POLL_MS = 10_000;
export const POLL_FOR_MS = 120_000;

/** The wait before the next ask, or false when this round is over. `attempt` counts the asks made in this round. */
export function nextPollMs(attempt: number, elapsedMs: number): number | false {
  if (elapsedMs >= POLL_FOR_MS) return false;
  const wait = Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS * 1.5 ** Math.max(0, attempt - 1)));
  return Math.min(wait, Math.max(FIRST_POLL_MS, POLL_FOR_MS - elapsedMs));
}
