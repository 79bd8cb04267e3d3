import { formatLongDate, formatTime } from '../../lib/format';
import type { Occurrence } from './series-api';

export interface RepeatState {
  on: boolean;
  everyWeeks: number;
  end: 'count' | 'until';
  count: number;
  until: string;
}

export const NO_REPEAT: RepeatState = { on: false, everyWeeks: 1, end: 'count', count: 6, until: '' };

/** The rule as the API takes it, or the reason it is not complete yet. */
export function repeatRule(r: RepeatState): { everyWeeks: number; count?: number; until?: string } | string {
  if (!(r.everyWeeks >= 1 && r.everyWeeks <= 52)) return 'Repeat every 1 to 52 weeks';
  if (r.end === 'count') return r.count >= 1 && r.count <= 52 ? { everyWeeks: r.everyWeeks, count: r.count } : 'Repeat 1 to 52 times';
  return /^\d{4}-\d{2}-\d{2}$/.test(r.until) ? { everyWeeks: r.everyWeeks, until: r.until } : 'Choose the last date';
}

/** "Repeat": every N weeks, until a date or N times. */
export function RepeatFields({ value, onChange }: { value: RepeatState; onChange(next: RepeatState): void }) {
  const set = (patch: Partial<RepeatState>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="appt-repeat" data-testid="repeat-fields">
      <label className="row gap">
        <input type="checkbox" checked={value.on} onChange={(e) => set({ on: e.target.checked })} data-testid="repeat-toggle" />
        <span>Repeat</span>
      </label>
      {value.on && (
        <div className="row gap wrap">
          <label className="field">
            <span>Every</span>
            <span className="row gap">
              <input
                type="number"
                min={1}
                max={52}
                value={value.everyWeeks}
                onChange={(e) => set({ everyWeeks: Number(e.target.value) })}
                data-testid="repeat-every"
                className="appt-num"
              />
              <span>{value.everyWeeks === 1 ? 'week' : 'weeks'}</span>
            </span>
          </label>
          <label className="field">
            <span>Ends</span>
            <select value={value.end} onChange={(e) => set({ end: e.target.value as RepeatState['end'] })} data-testid="repeat-end">
              <option value="count">after a number of times</option>
              <option value="until">on a date</option>
            </select>
          </label>
          {value.end === 'count' ? (
            <label className="field">
              <span>Times</span>
              <input
                type="number"
                min={1}
                max={52}
                value={value.count}
                onChange={(e) => set({ count: Number(e.target.value) })}
                data-testid="repeat-count"
                className="appt-num"
              />
            </label>
          ) : (
            <label className="field">
              <span>Last date</span>
              <input type="date" value={value.until} onChange={(e) => set({ until: e.target.value })} data-testid="repeat-until" />
            </label>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** Each date of the series before saving: free, or the engine's reason it is not. */
export function SeriesPreview({ occurrences }: { occurrences: Occurrence[] }) {
  const refused = occurrences.filter((o) => !o.ok).length;
  return (
    <div className="appt-preview" data-testid="series-preview">
      <p className="muted">
        {occurrences.length} dates{refused ? `, ${refused} not available` : ', all available'}
      </p>
      <ul>
        {occurrences.map((o) => (
          <li key={o.startsAt} className={o.ok ? 'ok' : 'conflict'} data-testid={o.ok ? 'occurrence-ok' : 'occurrence-conflict'}>
            <span aria-hidden="true">{o.ok ? '✓' : '✕'}</span> {formatLongDate(o.startsAt)} {formatTime(o.startsAt)}
            {o.ok ? (
              o.staffName ? (
                <span className="muted"> · {o.staffName}</span>
              ) : null
            ) : (
              <span className="appt-reason"> — {o.reason ?? 'Not available'}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
