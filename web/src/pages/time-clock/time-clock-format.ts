/** 485 → "8 h 05". */
export function hours(minutes: number): string {
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** The two weeks before this one (Monday to Sunday), the period a manager usually approves. */
export function lastTwoWeeks(today: string): { from: string; to: string } {
  const d = new Date(`${today}T12:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(d.getTime() - weekday * 86_400_000);
  const iso = (t: Date) => t.toISOString().slice(0, 10);
  return { from: iso(new Date(monday.getTime() - 14 * 86_400_000)), to: iso(new Date(monday.getTime() - 86_400_000)) };
}
