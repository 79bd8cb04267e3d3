import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { refusalText } from '../../lib/permission-refusal';
import { toast } from '../../shell/toast-store';
import { BOOKING_SERVICES, NOTIFY_CLIENT } from './appointments-gql';
import { NextFree } from './NextFree';
import { OnlineSinceLastLook } from './OnlineSinceLastLook';
import { BlockTimeDialog } from './BlockTimeDialog';
import { undoPatch } from './panel-rules';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { BookAgainState } from '../client-profile/AppointmentsTab';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { useSession } from '../../session/session-context';
import { Spinner } from '../../shell/Spinner';
import { AppointmentPanel, type RebookPrefill } from './AppointmentPanel';
import { BookDialog } from './BookDialog';
import { CalendarControls, CalendarLegend, useColourMode } from './CalendarControls';
import { legendEntries, pxPerMinAt, visibleAppointments } from './calendar-display';
import { ACTION_WORDS, calendarAbilities, checkoutPath, NO_ABILITIES } from './calendar-permissions';
import { partsOf } from './calendar-items';
import { DateNav } from './DateNav';
import { DayView, type PendingChange } from './DayView';
import { WaitlistPanel } from './WaitlistPanel';
import { WeekView } from './WeekView';
import type { ClassSession } from '../classes/classes-api';
import { conflictOf, type Appointment } from './appointments-api';
import { classHref } from './calendar-items';
import type { AppointmentStatus } from './status';
import { addDays, minutesInDay, parseHHMM, todayIn, weekStart, zonedToUtc } from './time-grid';
import { readCalendarParams, writeCalendarParams, type CalendarParams } from './url-state';
import { useCalendarData } from './use-calendar-data';
import { usePatchAppointment } from './use-patch';
import './appointments.css';

/** The spec's phone breakpoint: under it Appointments is the mobile day. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/**
 * /appointments: under 768 px the mobile day (/appointments-mobile, same date); `?desktop=1` keeps
 * the grid for someone who asks for it there.
 */
export function AppointmentsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const phone = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
  if (phone && params.get('desktop') !== '1' && !(location.state as Partial<BookAgainState> | null)?.bookAgain) {
    const date = params.get('date');
    return <Navigate to={`/appointments-mobile${date ? `?date=${date}` : ''}`} replace />;
  }
  return <AppointmentsCalendar />;
}

/** The staff calendar of the header's location (America/Chicago), day and week views. */
function AppointmentsCalendar() {
  const [params, setParams] = useSearchParams();
  const { date, view, showCancelled, zoom } = readCalendarParams(params);
  const set = useCallback(
    (next: Partial<CalendarParams>) => {
      const p = writeCalendarParams({ date, view, showCancelled, zoom, ...next });
      // The grid asked for on a phone stays the grid while its date or view changes.
      if (params.get('desktop') === '1') p.set('desktop', '1');
      setParams(p, { replace: true });
    },
    [date, view, showCancelled, zoom, setParams, params],
  );
  const start = view === 'week' ? weekStart(date) : date;
  const data = useCalendarData(start, view === 'week' ? 7 : 1);
  const { user } = useSession();
  const { can, isLoading: permissionsLoading } = usePermissions();
  // Until the permissions are known nothing that might be refused is offered.
  const abilities = permissionsLoading ? NO_ABILITIES : calendarAbilities(can);
  const [colourMode, setColourMode] = useColourMode(user?.id ?? null);
  const items = useMemo(() => visibleAppointments(data.items, showCancelled), [data.items, showCancelled]);
  const legend = useMemo(() => legendEntries(colourMode, partsOf(items), showCancelled), [colourMode, items, showCancelled]);
  const [booking, setBooking] = useState<{
    staffId: string;
    startMin: number;
    date?: string;
    prefill?: RebookPrefill;
    serviceId?: string;
  } | null>(null);
  // "Next free" per column: the first bookable time of this service (the desk picks it; default the first).
  const services = useQuery(BOOKING_SERVICES, { variables: { locationId: data.locationId }, skip: !data.locationId || !abilities.book });
  const bookable = (services.data?.services ?? []).filter((s) => s.active !== false && s.onlineBookable);
  const [freeServiceId, setFreeServiceId] = useState('');
  const [blocking, setBlocking] = useState<{ staffId: string; startMin: number; endMin?: number; date: string } | null>(null);
  // The same requirement as scheduling's addTimeOff.
  const canBlock = !permissionsLoading && can('edit_calendar');
  const freeService = bookable.find((s) => s.id === freeServiceId) ?? bookable[0];
  const [open, setOpen] = useState<{ id: string; opener: HTMLElement | null } | null>(null);
  // Critical alerts acknowledged on this page: opening the same client's appointment again does not ask again.
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const acknowledge = (ids: string[]) => setAcknowledged((prev) => new Set([...prev, ...ids]));
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
  const location = useLocation();
  // Book again from a client's profile: the dialog opens once with the client, service and person chosen.
  const bookAgain = (location.state as Partial<BookAgainState> | null)?.bookAgain;
  useEffect(() => {
    if (!bookAgain) return;
    setBooking({
      staffId: bookAgain.staffId,
      startMin: nextQuarter(),
      prefill: { client: bookAgain.client, serviceId: bookAgain.serviceId, staffId: bookAgain.staffId, date, startMin: nextQuarter() },
    });
    // On a phone the dialog belongs to the grid it was opened on: keep the grid (no redirect to the mobile day).
    const search = new URLSearchParams(location.search);
    if (typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches) search.set('desktop', '1');
    navigate({ pathname: location.pathname, search: search.toString() }, { replace: true, state: null });
  }, [bookAgain, date, location.pathname, location.search, navigate]);
  const openClass = (s: ClassSession) => navigate(classHref(s));
  const patch = usePatchAppointment((_id, message) => setMoveError(message));

  const [notifyMutation] = useMutation(NOTIFY_CLIENT);
  const notify = (id: string) =>
    void notifyMutation({ variables: { id } }).then(
      () =>
        toast({
          title: 'Client notified',
          description: 'They get a text, or an e-mail if they have not agreed to texts.',
          variant: 'success',
        }),
      (e: unknown) => toast({ title: 'Client not notified', description: refusalText(e, ACTION_WORDS.change), variant: 'destructive' }),
    );
  /** After a drag: Undo (back to where it was), and Notify client for a move. */
  const afterChange = (a: Appointment, moved: boolean) => ({
    onSettled: () => clearPending(a.id),
    actions: (updated: { id: string; staffId: string; version: number }) => [
      {
        label: 'Undo',
        testId: 'toast-undo',
        onClick: () =>
          void patch.mutate({ id: a.id, patch: undoPatch(a, updated) }, { title: moved ? 'Move undone' : 'Length change undone' }),
      },
      ...(moved ? [{ label: 'Notify client', testId: 'toast-notify', onClick: () => notify(a.id) }] : []),
    ],
  });

  const onMove = (a: Appointment, staffId: string, startsAt: string) => {
    setMoveError(null);
    setBlocked(null);
    setPending((p) => new Map(p).set(a.id, { staffId, startMin: minutesInDay(new Date(startsAt), date) }));
    void patch.mutate(
      { id: a.id, patch: { startsAt, ...(staffId !== a.staffId ? { staffId } : {}), version: a.version } },
      afterChange(a, true),
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
    void patch.mutate({ id: a.id, patch: { endsAt, version: a.version } }, afterChange(a, false));
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
      <CalendarControls
        canBook={abilities.book && !!data.locationId}
        onBook={() => setBooking({ staffId: '', startMin: nextQuarter() })}
        showCancelled={showCancelled}
        onShowCancelled={(v) => set({ showCancelled: v })}
        colourMode={colourMode}
        onColourMode={setColourMode}
        zoom={zoom}
        onZoom={(z) => set({ zoom: z })}
        zoomable={view === 'day'}
      />
      {data.locationId && <CalendarLegend entries={legend} mode={colourMode} />}
      {user && data.locationId && !data.loading && (
        <OnlineSinceLastLook
          userId={user.id}
          items={data.items}
          clientNames={data.clientNames}
          onOpen={(a, opener) => setOpen({ id: a.id, opener })}
        />
      )}
      <DateNav
        date={date}
        label={view === 'week' ? weekLabel : undefined}
        onPrev={() => set({ date: addDays(date, -step) })}
        onNext={() => set({ date: addDays(date, step) })}
        onToday={() => set({ date: todayIn() })}
        onPick={(d) => set({ date: d })}
      />
      {view === 'day' && abilities.book && bookable.length > 0 && (
        <label className="appt-next-free-for">
          Next free for{' '}
          <select value={freeService?.id ?? ''} onChange={(e) => setFreeServiceId(e.target.value)} data-testid="next-free-service">
            {bookable.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
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
          items={items}
          colourMode={colourMode}
          staffNames={data.staffNames}
          clientNames={data.clientNames}
          onPickDay={(d) => set({ date: d, view: 'day' })}
          unavailable={data.unavailable}
          workingHours={data.workingHours}
          staffId={weekStaff}
          onPickStaff={setWeekStaff}
          classes={data.classes}
          onOpenClass={openClass}
          onOpen={(a, opener) => setOpen({ id: a.id, opener })}
        />
      ) : (
        <DayView
          date={date}
          items={items}
          pxPerMin={pxPerMinAt(zoom)}
          colourMode={colourMode}
          canBook={abilities.book}
          canChange={abilities.change}
          onCheckout={abilities.checkout ? (a) => navigate(checkoutPath(a.id)) : undefined}
          onOpen={(a, opener) => setOpen({ id: a.id, opener })}
          columnExtra={
            abilities.book && freeService && data.locationId
              ? (staffId) => (
                  <NextFree
                    locationId={data.locationId!}
                    serviceId={freeService.id}
                    serviceName={freeService.name}
                    staffId={staffId}
                    staffName={data.staffNames.get(staffId) ?? 'staff'}
                    date={date}
                    onPick={(d, startMin) => {
                      if (d !== date) set({ date: d });
                      setBooking({ staffId, startMin, date: d, serviceId: freeService.id });
                    }}
                  />
                )
              : undefined
          }
          workingHours={data.workingHours}
          unavailable={data.unavailable}
          staff={data.staff}
          staffNames={data.staffNames}
          clientNames={data.clientNames}
          onEmptySlot={(staffId, startMin) => setBooking({ staffId, startMin })}
          onSelectRange={
            canBlock
              ? (staffId, startMin, endMin) => setBlocking({ staffId, startMin, endMin, date })
              : abilities.book
                ? (staffId, startMin) => setBooking({ staffId, startMin })
                : undefined
          }
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
          canBook={abilities.book}
          canChange={abilities.change}
          locationId={data.locationId}
          from={start}
          to={view === 'week' ? addDays(start, 6) : start}
          staffNames={data.staffNames}
          onBook={(e) => {
            const startMin = e.windowStart ? parseHHMM(e.windowStart) : 9 * 60;
            const day = e.dateFrom < todayIn() ? todayIn() : e.dateFrom;
            if (day !== date) set({ date: day, view: 'day' });
            setBooking({
              staffId: e.staffId ?? '',
              startMin,
              date: day,
              prefill: { client: e.client!, serviceId: e.serviceId, staffId: e.staffId ?? '', date: day, startMin },
            });
          }}
        />
      )}
      {booking && data.locationId && abilities.book && (
        <BookDialog
          locationId={data.locationId}
          date={booking.date ?? date}
          startMin={booking.startMin}
          staffId={booking.staffId}
          staff={data.staff.filter((s) => s.isActive !== false)}
          onClose={() => setBooking(null)}
          initialClient={booking.prefill?.client ?? null}
          initialServiceId={booking.prefill?.serviceId ?? booking.serviceId}
          acknowledged={acknowledged}
          onAcknowledge={acknowledge}
          onBlockTime={
            canBlock && booking.staffId && !booking.prefill && !booking.serviceId
              ? () => {
                  setBlocking({ staffId: booking.staffId, startMin: booking.startMin, date: booking.date ?? date });
                  setBooking(null);
                }
              : undefined
          }
        />
      )}
      {blocking && data.locationId && (
        <BlockTimeDialog
          locationId={data.locationId}
          date={blocking.date}
          staffId={blocking.staffId}
          staffName={data.staffNames.get(blocking.staffId) ?? 'staff'}
          startMin={blocking.startMin}
          endMin={blocking.endMin}
          onClose={() => setBlocking(null)}
        />
      )}
      {open && data.locationId && (
        <AppointmentPanel
          id={open.id}
          opener={open.opener}
          locationId={data.locationId}
          staff={data.staff.filter((s) => s.isActive !== false)}
          staffNames={data.staffNames}
          abilities={abilities}
          acknowledged={acknowledged}
          onAcknowledge={acknowledge}
          onClose={() => setOpen(null)}
          onRebook={(prefill) => {
            setOpen(null);
            setBooking({ staffId: prefill.staffId, startMin: prefill.startMin, date: prefill.date, prefill });
          }}
        />
      )}
    </div>
  );
}

/** The next quarter hour in the salon's zone: where the toolbar's Book starts. */
function nextQuarter(): number {
  const m = minutesInDay(new Date(), todayIn());
  return Math.min(23 * 60 + 45, Math.ceil((m + 1) / 15) * 15);
}
