import { formatTime } from '../../lib/format';
import type { Appointment } from './appointments-api';
import { statusColor, statusLabel } from './status';
import { addDays, todayIn, zonedDate, zonedToUtc } from './time-grid';

const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'short', month: 'short', day: 'numeric' });

interface Props {
  weekStart: string;
  items: Appointment[];
  staffNames: Map<string, string>;
  clientNames: Map<string, string>;
  onPickDay(date: string): void;
}

/** Seven day columns with compact blocks; a day's header opens its day view. */
export function WeekView({ weekStart, items, staffNames, clientNames, onPickDay }: Props) {
  const today = todayIn();
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  return (
    <div className="appt-week" data-testid="calendar-week">
      {days.map((d) => {
        const list = items.filter((a) => zonedDate(new Date(a.startsAt)) === d).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
        return (
          <section key={d} className={`appt-week-day${d === today ? ' today' : ''}`} data-testid={`week-day-${d}`}>
            <button type="button" className="appt-week-head" onClick={() => onPickDay(d)}>
              {dayFmt.format(zonedToUtc(d, 12 * 60))}
              <span className="muted"> · {list.length}</span>
            </button>
            <div className="appt-week-list" onClick={() => onPickDay(d)}>
              {list.map((a) => {
                const c = statusColor(a.status);
                return (
                  <div key={a.id} className={`appt-compact status-${a.status}`} data-testid={`appointment-${a.id}`} style={{ background: c.bg, borderColor: c.border, color: c.text }} title={statusLabel(a.status)}>
                    <span className="appt-time">{formatTime(a.startsAt)}</span> <strong>{clientNames.get(a.clientId) ?? 'Client'}</strong>
                    <div className="appt-service">{a.serviceName} · {staffNames.get(a.staffId) ?? ''}</div>
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
