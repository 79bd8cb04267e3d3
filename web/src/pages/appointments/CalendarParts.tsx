import type { MouseEvent } from 'react';
import { formatTime } from '../../lib/format';
import type { ClassSession } from '../classes/classes-api';
import type { UnavailableInterval } from './appointments-api';
import { classFill, classHref } from './calendar-items';
import { PX_PER_MIN, shadeBlocks, type PlacedBlock } from './layout';
import { compactHHMM, label12, type Interval } from './time-grid';

/** The hour labels left of a time grid. */
export function HourGutter({
  slots,
  bounds,
  height,
  pxPerMin = PX_PER_MIN,
}: {
  slots: number[];
  bounds: Interval;
  height: number;
  pxPerMin?: number;
}) {
  return (
    <div className="appt-gutter" style={{ height }}>
      {slots
        .filter((m) => m % 60 === 0)
        .map((m) => (
          <div key={m} className="appt-hour-label" style={{ top: (m - bounds.start) * pxPerMin }}>
            {label12(m)}
          </div>
        ))}
    </div>
  );
}

/**
 * One column's unavailable stretches, with the engine's reason on hover (title) and for assistive
 * technology (aria-label); `testId` + the local start 'HHMM' names each for the browser walk.
 */
export function UnavailableShades({
  reasons,
  date,
  bounds,
  testId,
  onBlocked,
  pxPerMin,
}: {
  reasons: readonly UnavailableInterval[];
  date: string;
  bounds: Interval;
  testId: string;
  onBlocked?(reason: string): void;
  pxPerMin?: number;
}) {
  return (
    <>
      {shadeBlocks(reasons, date, bounds.start, bounds.end, pxPerMin).map((u) => (
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

/** A plain left click opens the class in the app; a modified one (new tab) follows the link. */
function openClass(e: MouseEvent, s: ClassSession, onOpen?: (s: ClassSession) => void) {
  e.stopPropagation();
  if (!onOpen || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  onOpen(s);
}

function classAria(s: ClassSession, reason: string | null | undefined): string {
  const fill = classFill(s);
  return `Class ${s.name}, ${formatTime(s.startsAt)} – ${formatTime(s.endsAt)}, ${fill.seats} enrolled${fill.waiting ? `, ${fill.waiting}` : ''}${reason ? `. ${reason}` : ''}. Opens in Classes`;
}

/**
 * A class session in its instructor's column, over the shading that gives its reason (kept as the
 * title; worded the same when the shading has none). Not draggable: classes are moved on /classes,
 * which a click opens at this session.
 */
export function ClassBlock({
  block,
  reason: shaded,
  instructor,
  testId,
  onOpen,
}: {
  block: PlacedBlock<{ session: ClassSession }>;
  reason?: string | null;
  instructor: string;
  testId: string;
  onOpen?(s: ClassSession): void;
}) {
  const s = block.item.session;
  const fill = classFill(s);
  const reason = shaded ?? `${instructor} is teaching ${s.name}`;
  return (
    <a
      href={classHref(s)}
      className="appt-block appt-class"
      data-testid={testId}
      data-key-start={block.startMin}
      data-key-end={block.endMin}
      style={{
        top: block.top,
        height: block.height,
        left: `calc(${(block.lane / block.lanes) * 100}% + 2px)`,
        width: `calc(${100 / block.lanes}% - 4px)`,
      }}
      title={reason}
      aria-label={classAria(s, reason)}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => openClass(e, s, onOpen)}
    >
      <div className="appt-block-main">
        <span className="appt-class-head">
          <span className="appt-class-badge">Class</span> <strong className="appt-class-name">{s.name}</strong>
        </span>
        <span className="appt-time">
          {formatTime(s.startsAt)} – {formatTime(s.endsAt)}
        </span>
        <span className="appt-class-fill" data-testid={`${testId}-fill`}>
          {fill.seats}
          {fill.waiting ? ` · ${fill.waiting}` : ''}
        </span>
      </div>
    </a>
  );
}

/** A class session in a week list: time, name, instructor, fill. */
export function ClassCompact({
  session: s,
  instructor,
  onOpen,
}: {
  session: ClassSession;
  instructor: string;
  onOpen?(s: ClassSession): void;
}) {
  const fill = classFill(s);
  return (
    <a href={classHref(s)} className="appt-compact appt-class" data-testid={`week-class-${s.id}`} onClick={(e) => openClass(e, s, onOpen)}>
      <span className="appt-time">{formatTime(s.startsAt)}</span> <span className="appt-class-badge">Class</span> <strong>{s.name}</strong>
      <div className="appt-service">
        {fill.seats}
        {fill.waiting ? ` · ${fill.waiting}` : ''} · {instructor}
      </div>
      {/* The link's name is what it shows (a label of its own would not match it), then where it goes. */}
      <span className="visually-hidden">. Opens in Classes</span>
    </a>
  );
}
