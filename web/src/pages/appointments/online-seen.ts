/**
 * Appointments booked online since this user last looked (on this browser): online ones created
 * after the time they last marked as seen. On a first look that time is now, so nothing old floods
 * in as "new". Pure.
 */
export const onlineSeenKey = (userId: string) => `calendarOnlineSeenAt_${userId}`;

/** The stored time, or null when never looked (or the value is damaged). */
export function parseSeenAt(raw: string | null): number | null {
  if (raw === null) return null;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : t;
}

export function unseenOnline<T extends { source?: string | null; createdAt?: string | null }>(
  items: readonly T[],
  seenAt: number | null,
): T[] {
  if (seenAt === null) return [];
  return items.filter((a) => a.source === 'online' && !!a.createdAt && Date.parse(a.createdAt) > seenAt);
}
