import { DEFAULT_ZOOM, clampZoom } from './calendar-display';
import { isValidDate, todayIn } from './time-grid';

export type CalendarView = 'day' | 'week';

export interface CalendarParams {
  date: string;
  view: CalendarView;
  /** Cancelled and no-show appointments are drawn too. */
  showCancelled: boolean;
  /** Index into ZOOM_LEVELS (slot height). */
  zoom: number;
}

/** `?date=YYYY-MM-DD&view=week&cancelled=1&zoom=2` → state; bad values fall back to today / day / hidden / the default zoom. Pure. */
export function readCalendarParams(p: URLSearchParams, today = todayIn()): CalendarParams {
  const d = p.get('date');
  const z = Number(p.get('zoom'));
  return {
    date: isValidDate(d) ? d : today,
    view: p.get('view') === 'week' ? 'week' : 'day',
    showCancelled: p.get('cancelled') === '1',
    zoom: p.has('zoom') && Number.isInteger(z) ? clampZoom(z) : DEFAULT_ZOOM,
  };
}

/** Only what differs from the defaults, so a plain /appointments stays plain. */
export function writeCalendarParams(
  s: Partial<CalendarParams> & Pick<CalendarParams, 'date' | 'view'>,
  today = todayIn(),
): URLSearchParams {
  const p = new URLSearchParams();
  if (s.date !== today) p.set('date', s.date);
  if (s.view === 'week') p.set('view', 'week');
  if (s.showCancelled) p.set('cancelled', '1');
  if (s.zoom !== undefined && clampZoom(s.zoom) !== DEFAULT_ZOOM) p.set('zoom', String(clampZoom(s.zoom)));
  return p;
}
