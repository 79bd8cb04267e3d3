import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { AlertIcon } from '../../components/client-picker/AlertIcon';
import { formatTime } from '../../lib/format';
import type { ClassSession } from '../classes/classes-api';
import type { Appointment, StaffMember, UnavailableStaff } from './appointments-api';
import { StatusActions } from './StatusMenu';
import { ClassBlock, HourGutter, UnavailableShades } from './CalendarParts';
import {
  MULTI_VISIT_MOVE_TITLE,
  classItems,
  columnBlocks,
  partLabel,
  partsOf,
  type AppointmentPart,
  type ClassItem,
  type ColumnItem,
} from './calendar-items';
import { PX_PER_MIN, dragStart, isDrag, cleanupAfter, processingGap, reasonAt, resizeEnd, type PlacedBlock } from './layout';
import { blockAt, movedPlace, nextPlace, type KeyOrigin } from './calendar-keys';
import { blockColour, blockLine, isShortBlock, type ColourMode } from './calendar-display';
import { canReschedule, statusLabel, type AppointmentStatus } from './status';
import { checkoutReady } from './calendar-permissions';
import {
  SLOT_MIN,
  compactHHMM,
  gridBounds,
  isWorking,
  isoWeekday,
  label12,
  minutesInDay,
  slotStarts,
  todayIn,
  workIntervals,
  workingStaffIds,
  zonedDate,
  zonedToUtc,
  type WorkingHoursRow,
} from './time-grid';

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
  /** A drag over empty cells of one person: the range [startMin, endMin) (block time from it). */
  onSelectRange?(staffId: string, startMin: number, endMin: number): void;
  onMove(a: Appointment, staffId: string, startsAt: string): void;
  onResize?(a: Appointment, endsAt: string): void;
  /** A click on a time that cannot be booked: its reason. */
  onBlocked?(reason: string): void;
  onStatus(a: Appointment, status: AppointmentStatus, cancelReason?: string): void;
  /** The day's class sessions at the location (cancelled ones are not drawn). */
  classes?: readonly ClassSession[] | null;
  /** A click on a class block; without it the block's link is followed. */
  onOpenClass?(s: ClassSession): void;
  /** Moves and resizes waiting for the server: shown at the new place until it answers. */
  pending: Map<string, PendingChange>;
  busy: boolean;
  /** Slot height: pixels per minute (the zoom). */
  pxPerMin?: number;
  colourMode?: ColourMode;
  /** What the user may do (the scheduling resolvers' permissions): without them the controls are not drawn. */
  canBook?: boolean;
  canChange?: boolean;
  /** Checkout at the point of sale (POS permission): offered in the block's menu on appointments not paid yet. */
  onCheckout?(a: Appointment): void;
  /** A click or Enter on an appointment: its details panel (focus goes back to `opener` when it closes). */
  onOpen?(a: Appointment, opener: HTMLElement | null): void;
  /** Under each person's name in the column head (the "Next free" button). */
  columnExtra?(staffId: string): ReactNode;
}

export interface PendingChange {
  staffId: string;
  startMin: number;
  endMin?: number;
}

/** A drag over empty cells: the cell it started on and the cell under the pointer now. */
interface Selection {
  staffId: string;
  originY: number;
  originX: number;
  from: number;
  to: number;
  moved: boolean;
}

const KEYS_HELP_ID = 'calendar-keys-help';

interface Drag {
  id: string;
  mode: 'move' | 'resize';
  originX: number;
  originY: number;
  startMin: number;
  endMin: number;
  staffId: string;
  moved: boolean;
  targetStaff: string;
  targetMin: number;
  targetEnd: number;
}

/**
 * Columns in one order whatever the data's order: the shading's staff (working here, by name),
 * then anyone else holding an appointment part or a class that day, by name.
 */
export function columnOrder(
  unavailable: readonly UnavailableStaff[] | null | undefined,
  working: readonly string[],
  items: readonly { staffId: string }[],
  staffNames: Map<string, string>,
  fallback: readonly StaffMember[],
): string[] {
  const byName = (a: string, b: string) =>
    (staffNames.get(a) ?? '\uffff').localeCompare(staffNames.get(b) ?? '\uffff') || a.localeCompare(b);
  const first = unavailable ? unavailable.map((s) => s.staffId) : [...working].sort(byName);
  const rest = [...new Set(items.map((a) => a.staffId))].filter((id) => !first.includes(id)).sort(byName);
  const ids = [...first, ...rest];
  if (!ids.length && !unavailable)
    for (const s of [...fallback].sort((a, b) => a.fullName.localeCompare(b.fullName))) if (s.isActive !== false) ids.push(s.id);
  return ids;
}

/** One column per working staff member, 15-minute rows, blocks by time; unavailable times shaded with their reason; drag to move, drag the bottom edge to resize, menu for status. */
export function DayView({
  date,
  items,
  workingHours,
  unavailable,
  staff,
  staffNames,
  clientNames,
  onEmptySlot,
  onSelectRange,
  onMove,
  onResize,
  onBlocked,
  onStatus,
  classes,
  onOpenClass,
  pending,
  busy,
  pxPerMin = PX_PER_MIN,
  colourMode = 'status',
  canBook = true,
  canChange = true,
  onCheckout,
  onOpen,
  columnExtra,
}: Props) {
  const weekday = isoWeekday(date);
  const parts = useMemo(() => partsOf(items), [items]);
  const sessions = useMemo(() => classItems(classes).filter((c) => zonedDate(new Date(c.startsAt)) === date), [classes, date]);
  const columns = useMemo(
    () => columnOrder(unavailable, workingStaffIds(workingHours, weekday), [...parts, ...sessions], staffNames, staff),
    [unavailable, workingHours, weekday, parts, sessions, staffNames, staff],
  );
  const shadingOf = useMemo(() => new Map((unavailable ?? []).map((s) => [s.staffId, s.intervals])), [unavailable]);
  const bounds = useMemo(
    () =>
      gridBounds(
        workingHours,
        weekday,
        [...items, ...sessions]
          .map((a) => ({ start: minutesInDay(new Date(a.startsAt), date), end: minutesInDay(new Date(a.endsAt), date) }))
          .filter((i) => i.start >= 0 && i.end <= 1440),
      ),
    [workingHours, weekday, items, sessions, date],
  );
  const slots = slotStarts(bounds.start, bounds.end);
  const height = (bounds.end - bounds.start) * pxPerMin;
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const draggedAt = useRef(0);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const selectionRef = useRef<Selection | null>(null);
  // The one cell in the grid's tab order (roving tabindex): arrows move it, Tab leaves the grid.
  const [cursor, setCursor] = useState<{ staffId: string; min: number } | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // An appointment moved from the keyboard keeps the focus at its new place.
  const refocus = useRef<string | null>(null);
  // The visit whose parts are highlighted together (hover on any of them).
  const [linkedVisit, setLinkedVisit] = useState<string | null>(null);
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
      if (d.mode === 'resize') next = { ...d, moved, targetEnd: resizeEnd(d.startMin, d.endMin, dy, bounds.end, pxPerMin) };
      else {
        const col = (document.elementFromPoint?.(e.clientX, e.clientY) as HTMLElement | null)?.closest<HTMLElement>('[data-staff-col]');
        next = {
          ...d,
          moved,
          targetStaff: col?.dataset.staffCol ?? d.targetStaff,
          targetMin: dragStart(d.startMin, d.endMin - d.startMin, dy, bounds.start, bounds.end, pxPerMin),
        };
      }
      dragRef.current = next;
      setDrag(next);
    };
    const up = () => {
      const d = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!d || !d.moved) return;
      // The click that ends a drag is not a click on the block.
      draggedAt.current = Date.now();
      const a = items.find((x) => x.id === d.id);
      if (!a) return;
      if (d.mode === 'resize') {
        if (d.targetEnd !== d.endMin) onResize?.(a, zonedToUtc(date, d.targetEnd).toISOString());
      } else if (d.targetStaff !== d.staffId || d.targetMin !== d.startMin)
        onMove(a, d.targetStaff, zonedToUtc(date, d.targetMin).toISOString());
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

  // A drag over empty cells selects a range in that person's column (pointer on the window, as for moves).
  useEffect(() => {
    if (!selection) return;
    const lastCell = bounds.end - SLOT_MIN;
    const move = (e: PointerEvent) => {
      const s = selectionRef.current;
      if (!s) return;
      const dy = e.clientY - s.originY;
      const to = Math.min(lastCell, Math.max(bounds.start, s.from + Math.round(dy / (SLOT_MIN * pxPerMin)) * SLOT_MIN));
      const next = { ...s, to, moved: s.moved || (isDrag(e.clientX - s.originX, dy) && to !== s.from) };
      selectionRef.current = next;
      setSelection(next);
    };
    const up = () => {
      const s = selectionRef.current;
      selectionRef.current = null;
      setSelection(null);
      if (!s?.moved) return;
      draggedAt.current = Date.now();
      onSelectRange?.(s.staffId, Math.min(s.from, s.to), Math.max(s.from, s.to) + SLOT_MIN);
    };
    const cancel = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      selectionRef.current = null;
      setSelection(null);
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
  }, [selection !== null]);

  const visits = useMemo(() => {
    const by = new Map<string, AppointmentPart[]>();
    for (const p of parts) if (p.of > 1) by.set(p.appointment.id, [...(by.get(p.appointment.id) ?? []), p]);
    return by;
  }, [parts]);

  // Where each block is drawn: dragged/pending appointments at their new place (only single-service ones move).
  const placed = useMemo(() => {
    const out: ColumnItem[] = [...sessions];
    for (const part of parts) {
      const a = part.appointment;
      if (part.of > 1) {
        out.push(part);
        continue;
      }
      const live: PendingChange | undefined =
        drag && drag.moved && drag.id === a.id
          ? drag.mode === 'resize'
            ? { staffId: drag.staffId, startMin: drag.startMin, endMin: drag.targetEnd }
            : { staffId: drag.targetStaff, startMin: drag.targetMin }
          : undefined;
      const p = live ?? pending.get(a.id);
      if (!p) {
        out.push(part);
        continue;
      }
      const dur = new Date(a.endsAt).getTime() - new Date(a.startsAt).getTime();
      const start = zonedToUtc(date, p.startMin);
      const shown = {
        ...a,
        startsAt: start.toISOString(),
        endsAt: (p.endMin !== undefined ? zonedToUtc(date, p.endMin) : new Date(start.getTime() + dur)).toISOString(),
      };
      out.push({ ...part, appointment: shown, staffId: p.staffId, startsAt: shown.startsAt, endsAt: shown.endsAt });
    }
    return out;
  }, [parts, sessions, drag, pending, date]);

  useEffect(() => {
    const id = refocus.current;
    if (!id) return;
    const el = bodyRef.current?.querySelector<HTMLElement>(`[data-appt-id="${id}"][data-key-start]`);
    if (el) {
      el.focus();
      refocus.current = null;
    }
  }, [placed]);

  const lastCell = bounds.end - SLOT_MIN;
  const tabStop =
    cursor && columns.includes(cursor.staffId) && cursor.min >= bounds.start && cursor.min <= lastCell
      ? cursor
      : {
          staffId: columns[0],
          min: isToday && nowMin >= bounds.start && nowMin <= lastCell ? nowMin - (nowMin % SLOT_MIN) : bounds.start,
        };

  /** The focus to a cell, or to the appointment or class drawn over it. */
  const focusPlace = (staffId: string, min: number) => {
    const col = bodyRef.current?.querySelector<HTMLElement>(`[data-staff-col="${staffId}"]`);
    if (!col) return;
    const drawn = [...col.querySelectorAll<HTMLElement>('[data-key-start]')].map((el) => ({
      el,
      start: Number(el.dataset.keyStart),
      end: Number(el.dataset.keyEnd),
    }));
    const hit = blockAt(drawn, min);
    if (hit) return hit.el.focus();
    setCursor({ staffId, min });
    col.querySelector<HTMLElement>(`[data-cell-min="${min}"]`)?.focus();
  };

  const onGridKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const col = columns.indexOf(target.closest<HTMLElement>('[data-staff-col]')?.dataset.staffCol ?? '');
    if (col < 0) return;
    let origin: KeyOrigin;
    if (target.dataset.cellMin !== undefined) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        return target.click();
      }
      origin = { col, min: Number(target.dataset.cellMin) };
    } else if (target.dataset.keyStart !== undefined)
      origin = { col, start: Number(target.dataset.keyStart), end: Number(target.dataset.keyEnd) };
    else return;
    const grid = { columns: columns.length, first: bounds.start, last: lastCell };
    if (e.altKey) {
      const a = items.find((x) => x.id === target.dataset.apptId);
      if (!a || !('start' in origin) || target.dataset.movable !== 'true') return;
      const to = movedPlace(e.key, origin, grid);
      if (!to) return;
      e.preventDefault();
      // Until the last move is answered the drawn place is not the real one.
      if (pending.has(a.id)) return;
      refocus.current = a.id;
      onMove(a, columns[to.col], zonedToUtc(date, to.min).toISOString());
      return;
    }
    const to = nextPlace(e.key, origin, grid);
    if (!to) return;
    e.preventDefault();
    focusPlace(columns[to.col], to.min);
  };

  return (
    <div className="appt-day" data-testid="calendar-day">
      <p id={KEYS_HELP_ID} className="visually-hidden">
        Arrow keys move between times and people, Home and End to the first and last time. Enter books or opens. On an appointment, Alt with
        an arrow key moves it a quarter hour or to the next person.
      </p>
      <div className="appt-day-head">
        <div className="appt-gutter-head" />
        {columns.map((id) => (
          <div key={id} className="appt-col-head">
            {staffNames.get(id) ?? 'Staff member'}
            {columnExtra?.(id)}
          </div>
        ))}
      </div>
      {/* The grid is one tab stop that hands the focus to the cell last used (a 15-minute cell is too small
          a target to be a tab stop of its own: WCAG 2.5.8); Shift+Tab from a cell stops here once, then leaves. */}
      <div
        className="appt-day-body"
        ref={bodyRef}
        onKeyDown={onGridKey}
        role="group"
        aria-label={`Day calendar, ${date}`}
        aria-describedby={KEYS_HELP_ID}
        tabIndex={canBook && columns.length ? 0 : undefined}
        data-testid="calendar-grid"
        onFocus={(e) => {
          if (e.target !== e.currentTarget) return;
          const from = e.relatedTarget as Node | null;
          if (from && e.currentTarget.contains(from)) return;
          if (tabStop.staffId) focusPlace(tabStop.staffId, tabStop.min);
        }}
      >
        <HourGutter slots={slots} bounds={bounds} height={height} pxPerMin={pxPerMin} />
        {columns.map((staffId) => {
          const intervals = workIntervals(workingHours, staffId, weekday);
          const noHours = intervals.length === 0;
          const blocks = columnBlocks(placed, staffId, date, bounds.start, bounds.end, pxPerMin);
          const reasons = shadingOf.get(staffId);
          const name = staffNames.get(staffId) ?? 'staff';
          return (
            <div key={staffId} className="appt-col" style={{ height }} data-staff-col={staffId} data-testid={`staff-column-${staffId}`}>
              {slots.map((m) => {
                // The server's reasons when loaded; until then, the working hours shade (without a reason).
                const reason = reasons ? reasonAt(reasons, date, m) : null;
                const off = reasons ? reason !== null : !noHours && !isWorking(intervals, m);
                const className = `appt-slot${m % 60 === 0 ? ' hour' : ''}${off ? ' off' : ''}`;
                // Without the right to book, a cell is only a cell: nothing to click, nothing announced as a button.
                if (!canBook)
                  return (
                    <div
                      key={m}
                      className={className}
                      style={{ height: SLOT_MIN * pxPerMin }}
                      data-testid={`slot-${staffId}-${compactHHMM(m)}`}
                      title={reason ?? undefined}
                    />
                  );
                return (
                  <div
                    key={m}
                    className={className}
                    style={{ height: SLOT_MIN * pxPerMin }}
                    data-testid={`slot-${staffId}-${compactHHMM(m)}`}
                    data-cell-min={m}
                    role="button"
                    tabIndex={-1}
                    title={reason ?? undefined}
                    aria-label={reason ? `${label12(m)}: ${reason}` : `Book ${name} at ${label12(m)}`}
                    aria-describedby={KEYS_HELP_ID}
                    onFocus={() => setCursor((c) => (c?.staffId === staffId && c.min === m ? c : { staffId, min: m }))}
                    onPointerDown={(e) => {
                      if (reason || !onSelectRange || e.button !== 0) return;
                      const s = { staffId, originX: e.clientX, originY: e.clientY, from: m, to: m, moved: false };
                      selectionRef.current = s;
                      setSelection(s);
                    }}
                    onClick={() => {
                      // The click that ends a drag over cells is the selection's, not a click on this cell.
                      if (Date.now() - draggedAt.current < 300) return;
                      if (reason) onBlocked?.(reason);
                      else onEmptySlot(staffId, m);
                    }}
                  />
                );
              })}
              {selection?.moved && selection.staffId === staffId && (
                <SelectionBox selection={selection} top={bounds.start} pxPerMin={pxPerMin} />
              )}
              {reasons && (
                <UnavailableShades
                  reasons={reasons}
                  date={date}
                  bounds={bounds}
                  testId={`unavailable-${staffId}`}
                  onBlocked={canBook ? onBlocked : undefined}
                  pxPerMin={pxPerMin}
                />
              )}
              {blocks.map((b) => {
                if (b.item.kind === 'class') {
                  return (
                    <ClassBlock
                      key={b.item.id}
                      block={b as PlacedBlock<ClassItem>}
                      reason={reasons ? reasonAt(reasons, date, b.startMin) : null}
                      instructor={staffNames.get(staffId) ?? 'The instructor'}
                      testId={`class-block-${b.item.id}`}
                      onOpen={onOpenClass}
                    />
                  );
                }
                const part = b.item;
                const a = part.appointment;
                const multi = part.of > 1;
                const c = blockColour(colourMode, a, part.serviceId);
                const movable = canChange && !multi && canReschedule(a.status) && !busy;
                const clientName = clientNames.get(a.clientId) ?? a.client?.fullName ?? 'Client';
                const time = `${formatTime(part.startsAt)} – ${formatTime(part.endsAt)}`;
                const short = isShortBlock(b.startMin, b.endMin);
                const line = blockLine(clientName, partLabel(part), time);
                const alerts = a.client?.alerts ?? [];
                const gap = processingGap(part.service, b.endMin - b.startMin);
                // Drawn after the last part only: the engine holds the person for it (a refused time there is explained).
                const cleanup = part.part === part.of ? cleanupAfter(part.service) : 0;
                const dragging = drag?.id === a.id && drag.moved;
                const visit = multi ? (visits.get(a.id) ?? []) : [];
                const checkout =
                  onCheckout && checkoutReady(a)
                    ? () => {
                        setMenuFor(null);
                        onCheckout(a);
                      }
                    : undefined;
                const hasMenu = canChange || !!checkout;
                return (
                  <Fragment key={part.id}>
                    <div
                      className={`appt-block status-${a.status}${short ? ' short' : ''}${dragging ? ' dragging' : ''}${pending.has(a.id) ? ' pending' : ''}${movable ? ' movable' : ''}${multi ? ' appt-part' : ''}${multi && linkedVisit === a.id ? ' linked' : ''}${menuFor === part.id ? ' menu-open' : ''}`}
                      data-testid={multi ? `appointment-${a.id}-part-${part.part}` : `appointment-${a.id}`}
                      data-status={a.status}
                      data-paid={a.paidAt ? 'true' : undefined}
                      data-deposit={a.deposit?.status}
                      data-visit={multi ? a.id : undefined}
                      title={
                        multi ? `${line}\n${visitLine(visit, staffNames)}\n${MULTI_VISIT_MOVE_TITLE}` : `${line} · ${statusLabel(a.status)}`
                      }
                      onMouseEnter={multi ? () => setLinkedVisit(a.id) : undefined}
                      onMouseLeave={multi ? () => setLinkedVisit((v) => (v === a.id ? null : v)) : undefined}
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
                        if (!movable || e.button !== 0 || (e.target as HTMLElement).closest('.appt-menu, .appt-menu-btn, .appt-resize'))
                          return;
                        e.preventDefault();
                        const d: Drag = {
                          id: a.id,
                          mode: 'move',
                          originX: e.clientX,
                          originY: e.clientY,
                          startMin: b.startMin,
                          endMin: b.endMin,
                          staffId,
                          moved: false,
                          targetStaff: staffId,
                          targetMin: b.startMin,
                          targetEnd: b.endMin,
                        };
                        dragRef.current = d;
                        setDrag(d);
                      }}
                      onClick={(e) => {
                        e.stopPropagation();
                        if (!onOpen || Date.now() - draggedAt.current < 300) return;
                        if ((e.target as HTMLElement).closest('.appt-menu, .appt-menu-btn, .appt-resize')) return;
                        onOpen(a, e.currentTarget.querySelector<HTMLElement>('.appt-open'));
                      }}
                    >
                      {gap && (
                        <div
                          className="appt-processing"
                          style={{ top: gap.offsetMin * pxPerMin, height: gap.lengthMin * pxPerMin }}
                          title="Processing"
                        />
                      )}
                      <div className={`appt-block-main${short ? ' one-line' : ''}`}>
                        {alerts.length > 0 && <AlertIcon alerts={alerts} className="appt-alert" />}
                        {onOpen ? (
                          <button
                            type="button"
                            className="appt-open appt-client"
                            aria-label={`${line}, ${statusLabel(a.status)}${multi ? `, part ${part.part} of ${part.of}` : ''}. Open details`}
                            data-testid={`open-appointment-${part.id}`}
                            data-appt-id={a.id}
                            data-key-start={b.startMin}
                            data-key-end={b.endMin}
                            data-movable={movable ? 'true' : undefined}
                            aria-describedby={KEYS_HELP_ID}
                            aria-keyshortcuts={movable ? 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight' : undefined}
                            onClick={(e) => {
                              e.stopPropagation();
                              // The click that ends a drag of the block (it lands on the name) opens nothing.
                              if (Date.now() - draggedAt.current < 300) return;
                              onOpen(a, e.currentTarget);
                            }}
                          >
                            {short ? line : clientName}
                          </button>
                        ) : (
                          <strong className="appt-client">{short ? line : clientName}</strong>
                        )}
                        {!short && (
                          <>
                            <span className="appt-service">{partLabel(part)}</span>
                            <span className="appt-time">{time}</span>
                            <span className="appt-badge">
                              {statusLabel(a.status)}
                              {a.paidAt ? ' · Paid' : ''}
                              {!a.paidAt && a.deposit?.status === 'paid'
                                ? a.deposit.kind === 'card'
                                  ? ' · Card on file'
                                  : ' · Deposit paid'
                                : ''}
                              {a.deposit?.status === 'pending' ? (a.deposit.kind === 'card' ? ' · Card due' : ' · Deposit due') : ''}
                            </span>
                          </>
                        )}
                      </div>
                      {hasMenu && (
                        <button
                          type="button"
                          className="appt-menu-btn"
                          aria-label={multi ? 'Visit and status actions' : 'Status actions'}
                          aria-expanded={menuFor === part.id}
                          data-testid={`appointment-menu-${part.id}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            setMenuFor(menuFor === part.id ? null : part.id);
                          }}
                        >
                          ⋯
                        </button>
                      )}
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
                            const d: Drag = {
                              id: a.id,
                              mode: 'resize',
                              originX: e.clientX,
                              originY: e.clientY,
                              startMin: b.startMin,
                              endMin: b.endMin,
                              staffId,
                              moved: false,
                              targetStaff: staffId,
                              targetMin: b.startMin,
                              targetEnd: b.endMin,
                            };
                            dragRef.current = d;
                            setDrag(d);
                          }}
                          onKeyDown={(e) => {
                            const step = e.key === 'ArrowDown' ? SLOT_MIN : e.key === 'ArrowUp' ? -SLOT_MIN : 0;
                            if (!step) return;
                            e.preventDefault();
                            // Until the last change is answered and re-read, the drawn end is not the real one.
                            if (pending.has(a.id)) return;
                            const end = b.endMin + step;
                            if (end > b.startMin && end <= 1440) onResize(a, zonedToUtc(date, end).toISOString());
                          }}
                        />
                      )}
                      {hasMenu && menuFor === part.id && (
                        <div className="appt-menu popover" onClick={(e) => e.stopPropagation()}>
                          {multi && <VisitParts parts={visit} current={part.id} staffNames={staffNames} testId={`visit-${a.id}`} />}
                          <StatusActions
                            status={a.status}
                            busy={busy}
                            canChange={canChange}
                            onCheckout={checkout}
                            onClose={() => setMenuFor(null)}
                            onChange={(s, reason) => {
                              setMenuFor(null);
                              onStatus(a, s, reason);
                            }}
                          />
                        </div>
                      )}
                    </div>
                    {cleanup > 0 && !dragging && (
                      <div
                        className="appt-cleanup"
                        data-testid={`cleanup-${part.id}`}
                        style={{
                          top: b.top + b.height,
                          height: Math.max(2, cleanup * pxPerMin - 2),
                          left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                          width: `calc(${100 / b.lanes}% - 4px)`,
                        }}
                        title={`Cleanup ${cleanup} min: ${staffNames.get(staffId) ?? 'the staff member'} cannot be booked until it ends`}
                        aria-hidden="true"
                      />
                    )}
                  </Fragment>
                );
              })}
              {isToday && nowMin >= bounds.start && nowMin <= bounds.end && (
                <div className="appt-now" style={{ top: (nowMin - bounds.start) * pxPerMin }} data-testid="now-line" />
              )}
            </div>
          );
        })}
        {!columns.length && <p className="muted appt-empty">No staff work this day.</p>}
      </div>
    </div>
  );
}

/** The range being dragged over, with its times, until the pointer is let go. */
function SelectionBox({ selection, top, pxPerMin }: { selection: Selection; top: number; pxPerMin: number }) {
  const from = Math.min(selection.from, selection.to);
  const until = Math.max(selection.from, selection.to) + SLOT_MIN;
  return (
    <div
      className="appt-selection"
      data-testid="calendar-selection"
      style={{ top: (from - top) * pxPerMin, height: (until - from) * pxPerMin }}
      aria-hidden="true"
    >
      {label12(from)} – {label12(until)}
    </div>
  );
}

const partLine = (p: AppointmentPart, staffNames: Map<string, string>) =>
  `${p.serviceName} with ${staffNames.get(p.staffId) ?? 'a staff member'}, ${formatTime(p.startsAt)} – ${formatTime(p.endsAt)}`;

/** The whole visit in one line, for the hover title of each of its parts. */
function visitLine(parts: readonly AppointmentPart[], staffNames: Map<string, string>): string {
  return `Visit of ${parts.length} services: ${parts.map((p) => partLine(p, staffNames)).join('; then ')}`;
}

/** The visit's parts in order (this one marked), in the block's menu. */
function VisitParts({
  parts,
  current,
  staffNames,
  testId,
}: {
  parts: readonly AppointmentPart[];
  current: string;
  staffNames: Map<string, string>;
  testId: string;
}) {
  return (
    <div className="appt-visit" data-testid={testId}>
      <strong>Visit of {parts.length} services</strong>
      <ol>
        {parts.map((p) => (
          <li key={p.id} className={p.id === current ? 'current' : undefined} aria-current={p.id === current ? 'true' : undefined}>
            {partLine(p, staffNames)}
          </li>
        ))}
      </ol>
      <p className="muted">{MULTI_VISIT_MOVE_TITLE}.</p>
    </div>
  );
}
