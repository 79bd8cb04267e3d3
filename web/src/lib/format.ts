/** Display formats of spec §9: America/Chicago, en-US, USD, 12-hour times. Pure. */
export const DISPLAY_TIME_ZONE = 'America/Chicago';
export const LOCALE = 'en-US';
export const CURRENCY = 'USD';

type DateInput = Date | string | number;
const toDate = (d: DateInput): Date => (d instanceof Date ? d : new Date(d));

const dateFmt = new Intl.DateTimeFormat(LOCALE, { timeZone: DISPLAY_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat(LOCALE, { timeZone: DISPLAY_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const weekdayFmt = new Intl.DateTimeFormat(LOCALE, { timeZone: DISPLAY_TIME_ZONE, weekday: 'long' });
const hourFmt = new Intl.DateTimeFormat(LOCALE, { timeZone: DISPLAY_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
const currencyFmt = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** 'Nov 21, 2026' */
export function formatDate(d: DateInput): string {
  return dateFmt.format(toDate(d));
}

/** '2:05 PM' */
export function formatTime(d: DateInput): string {
  return timeFmt.format(toDate(d));
}

/** 'Nov 21, 2026, 2:05 PM' */
export function formatDateTime(d: DateInput): string {
  return `${formatDate(d)}, ${formatTime(d)}`;
}

/** 'Saturday, Nov 21, 2026' */
export function formatLongDate(d: DateInput): string {
  return `${weekdayFmt.format(toDate(d))}, ${formatDate(d)}`;
}

/** Hour of day (0–23) in the display time zone. */
export function hourInDisplayZone(d: DateInput): number {
  return Number(hourFmt.format(toDate(d))) % 24;
}

/** '$1,234.50' from a dollar amount. */
export function formatCurrency(amount: number): string {
  return currencyFmt.format(amount);
}

/** '$12.34' from integer cents (money is kept in minor units, DESIGN §5). */
export function formatCents(cents: number): string {
  return formatCurrency(cents / 100);
}

/** 45 → '45 min'; 60 → '1 hour'; 90 → '1 hour 30 min'; 125 → '2 hours 5 min'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const h = Math.floor(total / 60);
  const m = total % 60;
  const hours = `${h} ${h === 1 ? 'hour' : 'hours'}`;
  return m === 0 ? hours : `${hours} ${m} min`;
}

/** 'Good morning' / 'Good afternoon' / 'Good evening' for the display time zone. */
export function greetingFor(d: DateInput): string {
  const h = hourInDisplayZone(d);
  if (h < 12) return 'Good morning';
  if (h < 17) return 'Good afternoon';
  return 'Good evening';
}
