import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import { BookDialog } from './BookDialog';
import { DateNav } from './DateNav';
import { DayView, type PendingChange } from './DayView';
import { WaitlistPanel } from './WaitlistPanel';
import { WeekView } from './WeekView';
import type { ClassSession } from '../classes/classes-api';
import { conflictOf, type Appointment } from './appointments-api';
import { classHref } from './calendar-items';
import type { AppointmentStatus } from './status';
import { addDays, minutesInDay, todayIn, weekStart, zonedToUtc } from './time-grid';
import { readCalendarParams, writeCalendarParams, type CalendarView } from './url-state';
import { useCalendarData } from './use-calendar-data';
import { usePatchAppointment } from './use-patch';
import './appointments.css';

/** /appointments: the staff calendar of the header's location (America/Chicago), day and week views. */
export function AppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const { date, view } = readCalendarParams(params);
  const set = useCallback(
    (next: { date?: string; view?: CalendarView }) => setParams(writeCalendarParams({ date, view, ...next }), { replace: true }),
    [date, view, setParams],
  );
  const start = view === 'week' ? weekStart(date) : date;
  const data = useCalendarData(start, view === 'week' ? 7 : 1);
  const [booking, setBooking] = useState<{ staffId: string; startMin: number } | null>(null);
  const [pending, setPending] = useState(new Map<string, PendingChange>());
  const [moveError, setMoveError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [weekStaff, setWeekStaff] = useState('');
  const clearPending = (id: string) =>
    setPending((p) => {
      const n = new Map(p);
      n.delete(id);
      return n;
    });
  const navigate = useNavigate();
  const openClass = (s: ClassSession) => navigate(classHref(s));
  const patch = usePatchAppointment((_id, message) => setMoveError(message));

  const onMove = (a: Appointment, staffId: string, startsAt: string) => {
    setMoveError(null);
    setBlocked(null);
    setPending((p) => new Map(p).set(a.id, { staffId, startMin: minutesInDay(new Date(startsAt), date) }));
    void patch.mutate(
      { id: a.id, patch: { startsAt, ...(staffId !== a.staffId ? { staffId } : {}), version: a.version } },
      { onSettled: () => clearPending(a.id) },
    );
  };
  const onResize = (a: Appointment, endsAt: string) => {
    setMoveError(null);
    setBlocked(null);
    setPending((p) =>
      new Map(p).set(a.id, {
        staffId: a.staffId,
        startMin: minutesInDay(new Date(a.startsAt), date),
        endMin: minutesInDay(new Date(endsAt), date),
      }),
    );
    void patch.mutate({ id: a.id, patch: { endsAt, version: a.version } }, { onSettled: () => clearPending(a.id) });
  };
  const onStatus = (a: Appointment, status: AppointmentStatus, cancelReason?: string) => {
    setMoveError(null);
    void patch.mutate({
      id: a.id,
      patch: { status, ...(status === 'cancelled' ? { cancelReason: cancelReason ?? null } : {}), version: a.version },
    });
  };
  const step = view === 'week' ? 7 : 1;
  const weekLabel = useMemo(() => `${formatDate(zonedToUtc(start, 720))} – ${formatDate(zonedToUtc(addDays(start, 6), 720))}`, [start]);

  return (
    <div className="page appt-page" data-testid="appointments-page">
      <div className="row between wrap appt-toolbar">
        <h1>Appointments{data.location ? <span className="muted appt-loc"> · {data.location.name}</span> : null}</h1>
        <div className="row gap" role="group" aria-label="View">
          <button
            type="button"
            className={`btn btn-sm ${view === 'day' ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={view === 'day'}
            data-testid="view-day"
            onClick={() => set({ view: 'day' })}
          >
            Day
          </button>
          <button
            type="button"
            className={`btn btn-sm ${view === 'week' ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={view === 'week'}
            data-testid="view-week"
            onClick={() => set({ view: 'week' })}
          >
            Week
          </button>
        </div>
      </div>
      <DateNav
        date={date}
        label={view === 'week' ? weekLabel : undefined}
        onPrev={() => set({ date: addDays(date, -step) })}
        onNext={() => set({ date: addDays(date, step) })}
        onToday={() => set({ date: todayIn() })}
        onPick={(d) => set({ date: d })}
      />
      {moveError && (
        <div className="appt-error" role="alert" data-testid="move-error">
          {moveError}
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setMoveError(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      {blocked && (
        <div className="appt-notice" role="status" data-testid="blocked-reason">
          Not bookable: {blocked}
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setBlocked(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      {!data.locationId ? (
        <p className="muted">Choose a location in the header to see its calendar.</p>
      ) : data.loading ? (
        <Spinner fullScreen={false} />
      ) : data.error ? (
        <p className="appt-error" role="alert">
          Appointments could not be loaded: {conflictOf(data.error).message}
        </p>
      ) : view === 'week' ? (
        <WeekView
          weekStart={start}
          items={data.items}
          staffNames={data.staffNames}
          clientNames={data.clientNames}
          onPickDay={(d) => set({ date: d, view: 'day' })}
          unavailable={data.unavailable}
          workingHours={data.workingHours}
          staffId={weekStaff}
          onPickStaff={setWeekStaff}
          classes={data.classes}
          onOpenClass={openClass}
        />
      ) : (
        <DayView
          date={date}
          items={data.items}
          workingHours={data.workingHours}
          unavailable={data.unavailable}
          staff={data.staff}
          staffNames={data.staffNames}
          clientNames={data.clientNames}
          onEmptySlot={(staffId, startMin) => setBooking({ staffId, startMin })}
          onMove={onMove}
          onResize={onResize}
          onBlocked={(reason) => {
            setMoveError(null);
            setBlocked(reason);
          }}
          onStatus={onStatus}
          classes={data.classes}
          onOpenClass={openClass}
          pending={pending}
          busy={patch.isPending}
        />
      )}
      {data.locationId && (
        <WaitlistPanel
          locationId={data.locationId}
          from={start}
          to={view === 'week' ? addDays(start, 6) : start}
          staffNames={data.staffNames}
        />
      )}
      {booking && data.locationId && (
        <BookDialog
          locationId={data.locationId}
          date={date}
          startMin={booking.startMin}
          staffId={booking.staffId}
          staff={data.staff.filter((s) => s.isActive !== false)}
          onClose={() => setBooking(null)}
        />
      )}
    </div>
  );
}
