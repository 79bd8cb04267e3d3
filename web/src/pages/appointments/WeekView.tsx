import { useMemo } from 'react';
import { formatTime } from '../../lib/format';
import type { ClassSession } from '../classes/classes-api';
import type { Appointment, UnavailableStaff } from './appointments-api';
import { ClassBlock, ClassCompact, HourGutter, UnavailableShades } from './CalendarParts';
import { appointmentParts, classItems, columnBlocks, partLabel, partsOf, type ClassItem, type ColumnItem } from './calendar-items';
import { PX_PER_MIN, reasonAt, type PlacedBlock } from './layout';
import { blockColour, type ColourMode } from './calendar-display';
import { statusLabel } from './status';
import {
  DEFAULT_END_MIN,
  DEFAULT_START_MIN,
  SLOT_MIN,
  addDays,
  parseHHMM,
  slotStarts,
  todayIn,
  zonedDate,
  zonedToUtc,
  type Interval,
  type WorkingHoursRow,
} from './time-grid';

const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'short', month: 'short', day: 'numeric' });

interface Props {
  weekStart: string;
  items: Appointment[];
  staffNames: Map<string, string>;
  clientNames: Map<string, string>;
  onPickDay(date: string): void;
  /** The week's unavailable times per staff member (by name), or null until loaded. */
  unavailable?: UnavailableStaff[] | null;
  workingHours?: WorkingHoursRow[];
  /** '' = everyone (a list per day); a staff id = that person's week as a time grid. */
  staffId?: string;
  onPickStaff?(staffId: string): void;
  /** The week's class sessions (cancelled ones are not shown). */
  classes?: readonly ClassSession[] | null;
  onOpenClass?(s: ClassSession): void;
  colourMode?: ColourMode;
  /** Click or Enter on an appointment: the same details panel as the day view (opener gets focus back). */
  onOpen?(a: Appointment, opener: HTMLElement | null): void;
}

/** Stretches that cover the whole local day: "off today", "away (Vacation)". */
export function allDayReasons(unavailable: readonly UnavailableStaff[], date: string): { staffId: string; reason: string }[] {
  const s = zonedToUtc(date, 0).getTime();
  const e = zonedToUtc(addDays(date, 1), 0).getTime();
  const out: { staffId: string; reason: string }[] = [];
  for (const st of unavailable) {
    const whole = st.intervals.find((u) => new Date(u.startsAt).getTime() <= s && new Date(u.endsAt).getTime() >= e);
    if (whole) out.push({ staffId: st.staffId, reason: whole.reason });
  }
  return out;
}

/** A person's earliest start to latest end over the week, snapped to the slot; 8 AM–8 PM when they have no hours. */
export function weekBounds(rows: readonly WorkingHoursRow[], staffId: string): Interval {
  const work = rows.filter((r) => r.staffId === staffId && r.kind === 'work');
  if (!work.length) return { start: DEFAULT_START_MIN, end: DEFAULT_END_MIN };
  const start = Math.floor(Math.min(...work.map((r) => parseHHMM(r.start))) / SLOT_MIN) * SLOT_MIN;
  const end = Math.ceil(Math.max(...work.map((r) => parseHHMM(r.end))) / SLOT_MIN) * SLOT_MIN;
  return { start: Math.max(0, start - 60), end: Math.min(1440, end + 60) };
}

/** Seven days: everyone's appointments as a list per day, or one person's week as a shaded time grid. */
export function WeekView({
  weekStart,
  items,
  staffNames,
  clientNames,
  onPickDay,
  unavailable,
  workingHours = [],
  staffId = '',
  onPickStaff,
  classes,
  onOpenClass,
  colourMode = 'status',
  onOpen,
}: Props) {
  const today = todayIn();
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const parts = useMemo(() => partsOf(items), [items]);
  const sessions = useMemo(() => classItems(classes), [classes]);
  const people = useMemo(() => {
    const ids = (unavailable ?? []).map((s) => s.staffId);
    for (const id of [...new Set([...parts, ...sessions].map((a) => a.staffId))].sort()) if (!ids.includes(id)) ids.push(id);
    return ids;
  }, [unavailable, parts, sessions]);
  const picker = onPickStaff && people.length > 0 && (
    <label className="appt-week-staff">
      Staff
      <select value={staffId} onChange={(e) => onPickStaff(e.target.value)} data-testid="week-staff">
        {people.length > 1 && <option value="">Everyone</option>}
        {people.map((id) => (
          <option key={id} value={id}>
            {staffNames.get(id) ?? 'Staff member'}
          </option>
        ))}
      </select>
    </label>
  );
  const person = staffId || (people.length === 1 ? people[0]! : '');
  if (person) {
    return (
      <div className="appt-week-person" data-testid="calendar-week">
        {picker}
        <PersonWeek
          days={days}
          today={today}
          staffId={person}
          items={[...parts, ...sessions]}
          reasons={unavailable?.find((s) => s.staffId === person)?.intervals ?? []}
          bounds={weekBounds(workingHours, person)}
          clientNames={clientNames}
          instructor={staffNames.get(person) ?? 'The instructor'}
          onPickDay={onPickDay}
          onOpenClass={onOpenClass}
          colourMode={colourMode}
          onOpen={onOpen}
        />
      </div>
    );
  }
  return (
    <div className="appt-week-person" data-testid="calendar-week">
      {picker}
      <div className="appt-week">
        {days.map((d) => {
          const onDay = (x: { startsAt: string }) => zonedDate(new Date(x.startsAt)) === d;
          const list = [...items.filter(onDay), ...sessions.filter(onDay).map((c) => c.session)].sort(
            (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id),
          );
          return (
            <section key={d} className={`appt-week-day${d === today ? ' today' : ''}`} data-testid={`week-day-${d}`}>
              <button type="button" className="appt-week-head" onClick={() => onPickDay(d)}>
                {dayFmt.format(zonedToUtc(d, 12 * 60))}
                <span className="muted"> · {list.length}</span>
              </button>
              <div className="appt-week-list" onClick={() => onPickDay(d)}>
                {allDayReasons(unavailable ?? [], d).map((u) => (
                  <div
                    key={u.staffId}
                    className="appt-week-off"
                    title={u.reason}
                    role="note"
                    aria-label={u.reason}
                    data-testid={`week-off-${d}-${u.staffId}`}
                  >
                    {u.reason}
                  </div>
                ))}
                {list.map((a) => {
                  if ('instructorId' in a)
                    return (
                      <ClassCompact
                        key={a.id}
                        session={a}
                        instructor={staffNames.get(a.instructorId) ?? 'Instructor'}
                        onOpen={onOpenClass}
                      />
                    );
                  const c = blockColour(colourMode, a, a.serviceId);
                  // A visit of several services is listed once, with everyone who performs a part.
                  const who = [...new Set(appointmentParts(a).map((p) => staffNames.get(p.staffId) ?? ''))].filter(Boolean).join(', ');
                  return (
                    <div
                      key={a.id}
                      className={`appt-compact status-${a.status}`}
                      data-testid={`appointment-${a.id}`}
                      style={{ background: c.bg, borderColor: c.border, color: c.text }}
                      title={statusLabel(a.status)}
                      onClick={(e) => {
                        if (!onOpen) return;
                        e.stopPropagation();
                        onOpen(a, e.currentTarget.querySelector<HTMLElement>('.appt-open'));
                      }}
                    >
                      <span className="appt-time">{formatTime(a.startsAt)}</span>{' '}
                      {onOpen ? (
                        <button
                          type="button"
                          className="appt-open"
                          data-testid={`open-appointment-${a.id}`}
                          aria-label={`${formatTime(a.startsAt)} ${clientNames.get(a.clientId) ?? 'Client'}, ${a.serviceName}, ${statusLabel(a.status)}. Open details`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onOpen(a, e.currentTarget);
                          }}
                        >
                          {clientNames.get(a.clientId) ?? 'Client'}
                        </button>
                      ) : (
                        <strong>{clientNames.get(a.clientId) ?? 'Client'}</strong>
                      )}
                      <div className="appt-service">
                        {a.serviceName} · {who}
                      </div>
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

interface PersonWeekProps {
  days: string[];
  today: string;
  staffId: string;
  /** Everyone's appointment parts and classes: the person's own are drawn. */
  items: ColumnItem[];
  reasons: UnavailableStaff['intervals'];
  bounds: Interval;
  clientNames: Map<string, string>;
  /** The person's name, for a class block's reason when the shading has none. */
  instructor: string;
  onPickDay(date: string): void;
  onOpenClass?(s: ClassSession): void;
  colourMode: ColourMode;
  onOpen?(a: Appointment, opener: HTMLElement | null): void;
}

/** One person's week: a column per day, their unavailable times shaded with the reason on hover. */
function PersonWeek({
  days,
  today,
  staffId,
  items,
  reasons,
  bounds,
  clientNames,
  instructor,
  onPickDay,
  onOpenClass,
  colourMode,
  onOpen,
}: PersonWeekProps) {
  const slots = slotStarts(bounds.start, bounds.end);
  const height = (bounds.end - bounds.start) * PX_PER_MIN;
  return (
    <div className="appt-day">
      <div className="appt-day-head">
        <div className="appt-gutter-head" />
        {days.map((d) => (
          <button
            key={d}
            type="button"
            className={`appt-col-head appt-week-head${d === today ? ' today' : ''}`}
            onClick={() => onPickDay(d)}
          >
            {dayFmt.format(zonedToUtc(d, 720))}
          </button>
        ))}
      </div>
      <div className="appt-day-body">
        <HourGutter slots={slots} bounds={bounds} height={height} />
        {days.map((d) => (
          <div key={d} className="appt-col" style={{ height }} data-testid={`week-column-${d}`} data-staff={staffId}>
            {slots.map((m) => (
              <div
                key={m}
                className={`appt-slot${m % 60 === 0 ? ' hour' : ''}`}
                style={{ height: SLOT_MIN * PX_PER_MIN }}
                onClick={() => onPickDay(d)}
              />
            ))}
            <UnavailableShades reasons={reasons} date={d} bounds={bounds} testId={`unavailable-${d}`} />
            {columnBlocks(items, staffId, d, bounds.start, bounds.end).map((b) => {
              if (b.item.kind === 'class') {
                return (
                  <ClassBlock
                    key={b.item.id}
                    block={b as PlacedBlock<ClassItem>}
                    reason={reasonAt(reasons, d, b.startMin)}
                    instructor={instructor}
                    testId={`class-block-${b.item.id}`}
                    onOpen={onOpenClass}
                  />
                );
              }
              const part = b.item;
              const a = part.appointment;
              const c = blockColour(colourMode, a, part.serviceId);
              return (
                <div
                  key={part.id}
                  className={`appt-block status-${a.status}`}
                  data-testid={part.of > 1 ? `appointment-${a.id}-part-${part.part}` : `appointment-${a.id}`}
                  style={{
                    top: b.top,
                    height: b.height,
                    left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / b.lanes}% - 4px)`,
                    background: c.bg,
                    borderColor: c.border,
                    color: c.text,
                  }}
                  title={`${formatTime(part.startsAt)} – ${formatTime(part.endsAt)} · ${statusLabel(a.status)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (onOpen) onOpen(a, e.currentTarget.querySelector<HTMLElement>('.appt-open'));
                    else onPickDay(d);
                  }}
                >
                  <div className="appt-block-main">
                    {onOpen ? (
                      <button
                        type="button"
                        className="appt-open appt-client"
                        data-testid={`open-appointment-${part.id}`}
                        aria-label={`${formatTime(part.startsAt)} – ${formatTime(part.endsAt)} ${clientNames.get(a.clientId) ?? 'Client'}, ${partLabel(part)}, ${statusLabel(a.status)}. Open details`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpen(a, e.currentTarget);
                        }}
                      >
                        {clientNames.get(a.clientId) ?? 'Client'}
                      </button>
                    ) : (
                      <strong className="appt-client">{clientNames.get(a.clientId) ?? 'Client'}</strong>
                    )}
                    <span className="appt-service">{partLabel(part)}</span>
                  </div>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
