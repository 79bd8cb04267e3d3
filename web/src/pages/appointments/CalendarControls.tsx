import { useCallback, useState } from 'react';
import { storage } from '../../session/storage-keys';
import { COLOUR_MODES, ZOOM_LEVELS, clampZoom, isColourMode, type ColourMode, type LegendEntry } from './calendar-display';

/** The calendar's colour setting, kept per user in this browser. */
export const colourModeKey = (userId: string) => `calendarColourMode_${userId}`;

export function useColourMode(userId: string | null): [ColourMode, (m: ColourMode) => void] {
  const read = (): ColourMode => {
    const v = userId ? storage.get(colourModeKey(userId)) : null;
    return isColourMode(v) ? v : 'status';
  };
  const [mode, setMode] = useState<{ user: string | null; mode: ColourMode }>(() => ({ user: userId, mode: read() }));
  // Another user signing in on this browser gets their own setting.
  const current = mode.user === userId ? mode.mode : read();
  const set = useCallback(
    (m: ColourMode) => {
      if (userId) storage.set(colourModeKey(userId), m);
      setMode({ user: userId, mode: m });
    },
    [userId],
  );
  return [current, set];
}

interface ControlsProps {
  /** Whether the user may book (create_appointments): without it there is no Book button. */
  canBook: boolean;
  onBook(): void;
  showCancelled: boolean;
  onShowCancelled(v: boolean): void;
  colourMode: ColourMode;
  onColourMode(m: ColourMode): void;
  zoom: number;
  onZoom(z: number): void;
  /** The zoom changes the day grid's slot height (the week list has none). */
  zoomable: boolean;
}

/** Book, "Show cancelled", colour by status or service, and the zoom of the slot height. */
export function CalendarControls({
  canBook,
  onBook,
  showCancelled,
  onShowCancelled,
  colourMode,
  onColourMode,
  zoom,
  onZoom,
  zoomable,
}: ControlsProps) {
  return (
    <div className="row gap wrap appt-controls" data-testid="calendar-controls">
      {canBook && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onBook} data-testid="calendar-book">
          Book
        </button>
      )}
      <label className="row gap appt-control">
        <input type="checkbox" checked={showCancelled} onChange={(e) => onShowCancelled(e.target.checked)} data-testid="show-cancelled" />
        Show cancelled and no-shows
      </label>
      <label className="row gap appt-control">
        <span>Colour by</span>
        <select value={colourMode} onChange={(e) => isColourMode(e.target.value) && onColourMode(e.target.value)} data-testid="colour-mode">
          {COLOUR_MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      {zoomable && (
        <div className="row gap appt-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Zoom out (shorter slots)"
            disabled={zoom <= 0}
            onClick={() => onZoom(clampZoom(zoom - 1))}
            data-testid="zoom-out"
          >
            −
          </button>
          <span className="muted" aria-live="polite" data-testid="zoom-level">
            Zoom {zoom + 1} of {ZOOM_LEVELS.length}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Zoom in (taller slots)"
            disabled={zoom >= ZOOM_LEVELS.length - 1}
            onClick={() => onZoom(clampZoom(zoom + 1))}
            data-testid="zoom-in"
          >
            +
          </button>
        </div>
      )}
    </div>
  );
}

/** What the colours mean: each status, or each service on screen. */
export function CalendarLegend({ entries, mode }: { entries: LegendEntry[]; mode: ColourMode }) {
  if (!entries.length) return null;
  return (
    <ul
      className="appt-legend"
      aria-label={mode === 'status' ? 'Legend: colours by status' : 'Legend: colours by service'}
      data-testid="calendar-legend"
    >
      {entries.map((e) => (
        <li key={e.key}>
          <span className="appt-legend-swatch" aria-hidden="true" style={{ background: e.colour.bg, borderColor: e.colour.border }} />
          {e.label}
        </li>
      ))}
    </ul>
  );
}
