import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { formatDuration } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import { errorText } from '../clients/clients-api';
import { useStaffOptions } from '../services/staff-options';
import { WORKING_HOURS } from './schedule-gql';
import { WEEKDAYS, WEEKDAY_NAMES, dayMinutes, formatWallTime, sortIntervals, type Interval } from './week';
import './schedule.css';

export interface WorkingHoursRow extends Interval {
  staffId: string;
  locationId: string;
}

/** /schedule: everyone's weekly hours at the selected location. */
export function SchedulePage() {
  const { selected } = useLocations();
  const locationId = selected?.id;
  const { people, loading } = useStaffOptions();
  const q = useQuery(WORKING_HOURS, { variables: { locationId: locationId ?? '' }, skip: !locationId });
  // GraphQL types kind as String; the values are work | break.
  const rows = (q.data?.workingHours ?? []) as WorkingHoursRow[];
  const ids = new Set(rows.map((r) => r.staffId));
  const list = [...people.filter((p) => ids.has(p.id)), ...people.filter((p) => !ids.has(p.id))];
  return (
    <section className="page" data-testid="schedule-page">
      <header className="page-header">
        <div>
          <h1>Schedule</h1>
          <p className="muted">
            Weekly working hours at {selected?.name ?? 'this location'}. Choose a person to edit their week, days off and time off.
          </p>
        </div>
      </header>
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : (q.loading && !q.data) || loading ? (
        <Spinner fullScreen={false} />
      ) : q.error && !q.data ? (
        <div className="alert alert-error" role="alert">
          {errorText(q.error)}
        </div>
      ) : (
        <div className="card table-card">
          <table className="table schedule-grid" aria-label="Weekly working hours">
            <thead>
              <tr>
                <th>Staff</th>
                {WEEKDAYS.map((d) => (
                  <th key={d}>{WEEKDAY_NAMES[d].slice(0, 3)}</th>
                ))}
                <th>Week</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => {
                const mine = sortIntervals(rows.filter((r) => r.staffId === p.id));
                const total = WEEKDAYS.reduce((s, d) => s + dayMinutes(mine, d), 0);
                return (
                  <tr key={p.id} data-testid={`schedule-row-${p.id}`}>
                    <td>
                      <Link to={`/staff-schedule/${p.id}`}>
                        <strong>{p.fullName}</strong>
                      </Link>
                    </td>
                    {WEEKDAYS.map((d) => {
                      const day = mine.filter((i) => i.weekday === d);
                      return (
                        <td key={d} className="schedule-cell">
                          {day.length === 0 ? (
                            <span className="schedule-off">Off</span>
                          ) : (
                            day.map((i, n) => (
                              <div key={n} className={i.kind === 'break' ? 'schedule-break' : ''}>
                                {i.kind === 'break' ? 'Break ' : ''}
                                {formatWallTime(i.start)}–{formatWallTime(i.end)}
                              </div>
                            ))
                          )}
                        </td>
                      );
                    })}
                    <td className="small">{total ? formatDuration(total) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
