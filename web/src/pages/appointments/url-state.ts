import { isValidDate, todayIn } from './time-grid';

export type CalendarView = 'day' | 'week';

/** `?date=YYYY-MM-DD&view=week` → state; bad values fall back to today / day. Pure. */
export function readCalendarParams(p: URLSearchParams, today = todayIn()): { date: string; view: CalendarView } {
  const d = p.get('date');
  return { date: isValidDate(d) ? d : today, view: p.get('view') === 'week' ? 'week' : 'day' };
}

export function writeCalendarParams(s: { date: string; view: CalendarView }, today = todayIn()): URLSearchParams {
  const p = new URLSearchParams();
  if (s.date !== today) p.set('date', s.date);
  if (s.view === 'week') p.set('view', 'week');
  return p;
}
