import type { UnavailableInterval } from './appointments-api';
import { PX_PER_MIN, shadeBlocks } from './layout';
import { compactHHMM, label12, type Interval } from './time-grid';

/** The hour labels left of a time grid. */
export function HourGutter({ slots, bounds, height }: { slots: number[]; bounds: Interval; height: number }) {
  return (
    <div className="appt-gutter" style={{ height }}>
      {slots.filter((m) => m % 60 === 0).map((m) => (
        <div key={m} className="appt-hour-label" style={{ top: (m - bounds.start) * PX_PER_MIN }}>{label12(m)}</div>
      ))}
    </div>
  );
}

/**
 * One column's unavailable stretches, with the engine's reason on hover (title) and for assistive
 * technology (aria-label); `testId` + the local start 'HHMM' names each for the browser walk.
 */
export function UnavailableShades({ reasons, date, bounds, testId, onBlocked }: { reasons: readonly UnavailableInterval[]; date: string; bounds: Interval; testId: string; onBlocked?(reason: string): void }) {
  return (
    <>
      {shadeBlocks(reasons, date, bounds.start, bounds.end).map((u) => (
        <div
          key={u.startMin}
          className="appt-unavail"
          style={{ top: u.top, height: u.height }}
          role="note"
          title={u.reason}
          aria-label={`${label12(u.startMin)}–${label12(u.endMin)}: ${u.reason}`}
          data-testid={`${testId}-${compactHHMM(u.startMin)}`}
          data-reason={u.reason}
          onClick={onBlocked ? () => onBlocked(u.reason) : undefined}
        >
          {u.height >= 18 && <span className="appt-unavail-text">{u.reason}</span>}
        </div>
      ))}
    </>
  );
}
