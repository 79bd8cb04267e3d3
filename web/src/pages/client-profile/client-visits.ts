/** One appointment as the profile's Appointments tab needs it. */
export interface ClientVisit {
  id: string;
  startsAt: string;
  status: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  priceMinor: number;
  notes?: string | null;
  cancelReason?: string | null;
}

/**
 * Upcoming (soonest first) and past (newest first). An appointment still in progress, or due later
 * today, is upcoming until it ends; cancelled and no-show ones are past whatever their time,
 * because nobody is coming to them.
 */
export function splitVisits<T extends ClientVisit & { endsAt: string }>(items: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const gone = (v: T) => v.status === 'cancelled' || v.status === 'no-show' || v.status === 'completed';
  const upcoming = items.filter((v) => !gone(v) && new Date(v.endsAt) > now);
  const past = items.filter((v) => !upcoming.includes(v));
  upcoming.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  past.sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { upcoming, past };
}
