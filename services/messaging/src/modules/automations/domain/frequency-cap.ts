const DAY = 86_400_000;

/** Whether one more automated message may go to a client who had these in the last 24 hours (a rolling day). */
export function withinCap(recentSends: readonly Date[], now: Date, maxPerDay: number): boolean {
  const since = now.getTime() - DAY;
  return recentSends.filter((t) => t.getTime() > since && t.getTime() <= now.getTime()).length < maxPerDay;
}
