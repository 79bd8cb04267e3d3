import { useEffect, useMemo, useRef, useState } from 'react';
import { formatTime } from '../../lib/format';
import type { Appointment, StaffMember, UnavailableStaff } from './appointments-api';
import { StatusActions } from './StatusMenu';
import { HourGutter, UnavailableShades } from './CalendarParts';
import { PX_PER_MIN, dragStart, isDrag, layoutBlocks, processingGap, reasonAt, resizeEnd } from './layout';
import { canReschedule, statusColor, statusLabel, type AppointmentStatus } from './status';
import { SLOT_MIN, compactHHMM, gridBounds, isWorking, isoWeekday, label12, minutesInDay, slotStarts, todayIn, workIntervals, workingStaffIds, zonedToUtc, type WorkingHoursRow } from './time-grid';

interface Props {
  date: string;
  items: Appointment[];
  workingHours: WorkingHoursRow[];
  staff: StaffMember[];
  staffNames: Map<string, string>;
  clientNames: Map<string, string>;
  /** When each staff member cannot be booked, with the engine's reason (null until loaded: shaded from working hours). */
  unavailable?: UnavailableStaff[] | null;
  onEmptySlot(staffId: string, startMin: number): void;
  onMove(a: Appointment, staffId: string, startsAt: string): void;
  onResize?(a: Appointment, endsAt: string): void;
  /** A click on a time that cannot be booked: its reason. */
  onBlocked?(reason: string): void;
  onStatus(a: Appointment, status: AppointmentStatus, cancelReason?: string): void;
  /** Moves and resizes waiting for the server: shown at the new place until it answers. */
  pending: Map<string, PendingChange>;
  busy: boolean;
}

export interface PendingChange { staffId: string; startMin: number; endMin?: number }

interface Drag { id: string; mode: 'move' | 'resize'; originX: number; originY: number; startMin: number; endMin: number; staffId: string; moved: boolean; targetStaff: string; targetMin: number; targetEnd: number }

/**
 * Columns in one order whatever the data's order: the shading's staff (working here, by name),
 * then anyone else holding an appointment that day, by name.
 */
export function columnOrder(unavailable: readonly UnavailableStaff[] | null | undefined, working: readonly string[], items: readonly Appointment[], staffNames: Map<string, string>, fallback: readonly StaffMember[]): string[] {
  const byName = (a: string, b: string) => (staffNames.get(a) ?? '\uffff').localeCompare(staffNames.get(b) ?? '\uffff') || a.localeCompare(b);
  const first = unavailable ? unavailable.map((s) => s.staffId) : [...working].sort(byName);
  const rest = [...new Set(items.map((a) => a.staffId))].filter((id) => !first.includes(id)).sort(byName);
  const ids = [...first, ...rest];
  if (!ids.length && !unavailable) for (const s of [...fallback].sort((a, b) => a.fullName.localeCompare(b.fullName))) if (s.isActive !== false) ids.push(s.id);
  return ids;
}

/** One column per working staff member, 15-minute rows, blocks by time; unavailable times shaded with their reason; drag to move, drag the bottom edge to resize, menu for status. */
export function DayView({ date, items, workingHours, unavailable, staff, staffNames, clientNames, onEmptySlot, onMove, onResize, onBlocked, onStatus, pending, busy }: Props) {
  const weekday = isoWeekday(date);
  const columns = useMemo(
    () => columnOrder(unavailable, workingStaffIds(workingHours, weekday), items, staffNames, staff),
    [unavailable, workingHours, weekday, items, staffNames, staff],
  );
  const shadingOf = useMemo(() => new Map((unavailable ?? []).map((s) => [s.staffId, s.intervals])), [unavailable]);
  const bounds = useMemo(
    () => gridBounds(workingHours, weekday, items.map((a) => ({ start: minutesInDay(new Date(a.startsAt), date), end: minutesInDay(new Date(a.endsAt), date) })).filter((i) => i.start >= 0 && i.end <= 1440)),
    [workingHours, weekday, items, date],
  );
  const slots = slotStarts(bounds.start, bounds.end);
  const height = (bounds.end - bounds.start) * PX_PER_MIN;
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  const isToday = todayIn() === date;
  const nowMin = minutesInDay(now, date);

  // Pointer drag on window listeners: the block may re-render in another column meanwhile.
  useEffect(() => {
    if (!drag) return;
    const move = (e: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      const dx = e.clientX - d.originX;
      const dy = e.clientY - d.originY;
      const moved = d.moved || isDrag(dx, dy);
      let next: Drag;
      if (d.mode === 'resize') next = { ...d, moved, targetEnd: resizeEnd(d.startMin, d.endMin, dy, bounds.end) };
      else {
        const col = (document.elementFromPoint?.(e.clientX, e.clientY) as HTMLElement | null)?.closest<HTMLElement>('[data-staff-col]');
        next = { ...d, moved, targetStaff: col?.dataset.staffCol ?? d.targetStaff, targetMin: dragStart(d.startMin, d.endMin - d.startMin, dy, bounds.start, bounds.end) };
      }
      dragRef.current = next;
      setDrag(next);
    };
    const up = () => {
      const d = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!d || !d.moved) return;
      const a = items.find((x) => x.id === d.id);
      if (!a) return;
      if (d.mode === 'resize') {
        if (d.targetEnd !== d.endMin) onResize?.(a, zonedToUtc(date, d.targetEnd).toISOString());
      } else if (d.targetStaff !== d.staffId || d.targetMin !== d.startMin) onMove(a, d.targetStaff, zonedToUtc(date, d.targetMin).toISOString());
    };
    const cancel = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        dragRef.current = null;
        setDrag(null);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('keydown', cancel);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drag !== null]);

  // Where each appointment is drawn: dragged/pending ones at their new place.
  const placedByStaff = useMemo(() => {
    const by = new Map<string, Appointment[]>();
    for (const a of items) {
      let staffId = a.staffId;
      let shown = a;
      const live: PendingChange | undefined =
        drag && drag.moved && drag.id === a.id ? (drag.mode === 'resize' ? { staffId: drag.staffId, startMin: drag.startMin, endMin: drag.targetEnd } : { staffId: drag.targetStaff, startMin: drag.targetMin }) : undefined;
      const p = live ?? pending.get(a.id);
      if (p) {
        const dur = new Date(a.endsAt).getTime() - new Date(a.startsAt).getTime();
        const start = zonedToUtc(date, p.startMin);
        staffId = p.staffId;
        shown = { ...a, startsAt: start.toISOString(), endsAt: (p.endMin !== undefined ? zonedToUtc(date, p.endMin) : new Date(start.getTime() + dur)).toISOString() };
      }
      by.set(staffId, [...(by.get(staffId) ?? []), shown]);
    }
    return by;
  }, [items, drag, pending, date]);

  return (
    <div className="appt-day" data-testid="calendar-day">
      <div className="appt-day-head">
        <div className="appt-gutter-head" />
        {columns.map((id) => (
          <div key={id} className="appt-col-head">{staffNames.get(id) ?? 'Staff member'}</div>
        ))}
      </div>
      <div className="appt-day-body">
        <HourGutter slots={slots} bounds={bounds} height={height} />
        {columns.map((staffId) => {
          const intervals = workIntervals(workingHours, staffId, weekday);
          const noHours = intervals.length === 0;
          const blocks = layoutBlocks(placedByStaff.get(staffId) ?? [], date, bounds.start, bounds.end);
          const reasons = shadingOf.get(staffId);
          const name = staffNames.get(staffId) ?? 'staff';
          return (
            <div key={staffId} className="appt-col" style={{ height }} data-staff-col={staffId} data-testid={`staff-column-${staffId}`}>
              {slots.map((m) => {
                // The server's reasons when loaded; until then, the working hours shade (without a reason).
                const reason = reasons ? reasonAt(reasons, date, m) : null;
                const off = reasons ? reason !== null : !noHours && !isWorking(intervals, m);
                return (
                  <div
                    key={m}
                    className={`appt-slot${m % 60 === 0 ? ' hour' : ''}${off ? ' off' : ''}`}
                    style={{ height: SLOT_MIN * PX_PER_MIN }}
                    data-testid={`slot-${staffId}-${compactHHMM(m)}`}
                    role="button"
                    tabIndex={-1}
                    title={reason ?? undefined}
                    aria-label={reason ? `${label12(m)}: ${reason}` : `Book ${name} at ${label12(m)}`}
                    onClick={() => (reason ? onBlocked?.(reason) : onEmptySlot(staffId, m))}
                  />
                );
              })}
              {reasons && <UnavailableShades reasons={reasons} date={date} bounds={bounds} testId={`unavailable-${staffId}`} onBlocked={onBlocked} />}
              {blocks.map((b) => {
                const a = b.item;
                const c = statusColor(a.status);
                const movable = canReschedule(a.status) && !busy;
                const gap = processingGap(a.service, b.endMin - b.startMin);
                const dragging = drag?.id === a.id && drag.moved;
                return (
                  <div
                    key={a.id}
                    className={`appt-block status-${a.status}${dragging ? ' dragging' : ''}${pending.has(a.id) ? ' pending' : ''}${movable ? ' movable' : ''}`}
                    data-testid={`appointment-${a.id}`}
                    data-status={a.status}
                    style={{
                      top: b.top,
                      height: b.height,
                      left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                      width: `calc(${100 / b.lanes}% - 4px)`,
                      background: c.bg,
                      borderColor: c.border,
                      color: c.text,
                    }}
                    onPointerDown={(e) => {
                      if (!movable || e.button !== 0 || (e.target as HTMLElement).closest('.appt-menu, .appt-menu-btn, .appt-resize')) return;
                      e.preventDefault();
                      const d: Drag = { id: a.id, mode: 'move', originX: e.clientX, originY: e.clientY, startMin: b.startMin, endMin: b.endMin, staffId, moved: false, targetStaff: staffId, targetMin: b.startMin, targetEnd: b.endMin };
                      dragRef.current = d;
                      setDrag(d);
                    }}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {gap && <div className="appt-processing" style={{ top: gap.offsetMin * PX_PER_MIN, height: gap.lengthMin * PX_PER_MIN }} title="Processing" />}
                    <div className="appt-block-main">
                      <strong className="appt-client">{clientNames.get(a.clientId) ?? 'Client'}</strong>
                      <span className="appt-service">{a.serviceName}</span>
                      <span className="appt-time">{formatTime(a.startsAt)} – {formatTime(a.endsAt)}</span>
                      <span className="appt-badge">{statusLabel(a.status)}</span>
                    </div>
                    <button
                      type="button"
                      className="appt-menu-btn"
                      aria-label="Status actions"
                      aria-expanded={menuFor === a.id}
                      data-testid={`appointment-menu-${a.id}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setMenuFor(menuFor === a.id ? null : a.id);
                      }}
                    >
                      ⋯
                    </button>
                    {movable && onResize && (
                      <div
                        className="appt-resize"
                        role="button"
                        tabIndex={0}
                        aria-label={`Change the length of ${clientNames.get(a.clientId) ?? 'the client'}'s appointment (ends ${label12(b.endMin)}; arrow keys: 15 minutes)`}
                        title="Drag to change the length"
                        data-testid={`resize-${a.id}`}
                        onPointerDown={(e) => {
                          if (e.button !== 0) return;
                          e.preventDefault();
                          e.stopPropagation();
                          const d: Drag = { id: a.id, mode: 'resize', originX: e.clientX, originY: e.clientY, startMin: b.startMin, endMin: b.endMin, staffId, moved: false, targetStaff: staffId, targetMin: b.startMin, targetEnd: b.endMin };
                          dragRef.current = d;
                          setDrag(d);
                        }}
                        onKeyDown={(e) => {
                          const step = e.key === 'ArrowDown' ? SLOT_MIN : e.key === 'ArrowUp' ? -SLOT_MIN : 0;
                          if (!step) return;
                          e.preventDefault();
                          const end = b.endMin + step;
                          if (end > b.startMin && end <= 1440) onResize(a, zonedToUtc(date, end).toISOString());
                        }}
                      />
                    )}
                    {menuFor === a.id && (
                      <div className="appt-menu popover" onClick={(e) => e.stopPropagation()}>
                        <StatusActions
                          status={a.status}
                          busy={busy}
                          onClose={() => setMenuFor(null)}
                          onChange={(s, reason) => {
                            setMenuFor(null);
                            onStatus(a, s, reason);
                          }}
                        />
                      </div>
                    )}
                  </div>
                );
              })}
              {isToday && nowMin >= bounds.start && nowMin <= bounds.end && (
                <div className="appt-now" style={{ top: (nowMin - bounds.start) * PX_PER_MIN }} data-testid="now-line" />
              )}
            </div>
          );
        })}
        {!columns.length && <p className="muted appt-empty">No staff work this day.</p>}
      </div>
    </div>
  );
}
