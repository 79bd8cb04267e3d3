import { useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { ClientPicker, type PickerClient } from '../../components/client-picker';
import { formatDuration, formatLongDate, formatTime } from '../../lib/format';
import { toast } from '../../shell/toast-store';
import { Dialog } from '../clients/Dialog';
import { refusalText } from '../../lib/permission-refusal';
import { conflictOf, type Alternative, type StaffMember } from './appointments-api';
import { ACTION_WORDS } from './calendar-permissions';
import { criticalAlerts, needsAcknowledgement } from './client-alerts';
import { ADD_TO_WAITLIST, BOOK_APPOINTMENT, BOOKING_SERVICES, CREATE_SERIES, PREVIEW_SERIES } from './appointments-gql';
import { ExtraServices } from './ExtraServices';
import { NO_REPEAT, RepeatFields, repeatRule, SeriesPreview, type RepeatState } from './RepeatFields';
import { seriesInput, visitInput, waitlistInput, type Occurrence, type RepeatRule, type VisitPart } from './series-api';
import { colonHHMM, parseHHMM, zonedToUtc } from './time-grid';
import { CALENDAR_QUERIES } from './use-calendar-data';
import './booking-extras.css';

interface Props {
  locationId: string;
  date: string;
  startMin: number;
  staffId: string;
  staff: StaffMember[];
  onClose(): void;
  /** Rebooking: the client and service already chosen. */
  initialClient?: PickerClient | null;
  initialServiceId?: string;
  /** Critical alerts already acknowledged on this page (by alert id), and where new acknowledgements go. */
  acknowledged?: ReadonlySet<string>;
  onAcknowledge?(alertIds: string[]): void;
  /** From an empty cell, for someone who may edit the calendar: block the time instead of booking it. */
  onBlockTime?(): void;
}

/**
 * Book from an empty cell: client (search or create), service, staff and time prefilled; more
 * services in sequence ("Add another service"); "Repeat" with every date checked before saving;
 * and, when the time is refused, the client can go on the waitlist for that day.
 */
export function BookDialog({
  locationId,
  date,
  startMin,
  staffId: initialStaff,
  staff,
  onClose,
  initialClient = null,
  onBlockTime,
  initialServiceId = '',
  acknowledged = new Set<string>(),
  onAcknowledge,
}: Props) {
  const apollo = useApolloClient();
  const [client, setClient] = useState<PickerClient | null>(initialClient);
  const [serviceId, setServiceId] = useState(initialServiceId);
  // The picked client's critical alerts acknowledged in this dialog (or earlier on the page).
  const [acked, setAcked] = useState<ReadonlySet<string>>(acknowledged);
  const alerts = client?.alerts ?? [];
  const mustAcknowledge = needsAcknowledgement(alerts, acked);
  const [staffId, setStaffId] = useState(initialStaff);
  const [time, setTime] = useState(colonHHMM(startMin));
  const [extra, setExtra] = useState<VisitPart[]>([]);
  const [repeat, setRepeatState] = useState<RepeatState>(NO_REPEAT);
  // The preview belongs to the exact request it was made for; any change makes it stale.
  const [preview, setPreview] = useState<{ key: string; occurrences: Occurrence[] } | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const [waitlisted, setWaitlisted] = useState(false);
  const services = useQuery(BOOKING_SERVICES, { variables: { locationId }, fetchPolicy: 'cache-first' });
  // The bookable catalogue, as before (active, online-bookable services of the location).
  const serviceList = (services.data?.services ?? []).filter((s) => s.active !== false && s.onlineBookable);

  const parts: VisitPart[] = [{ serviceId, staffId: staffId || null }, ...extra.filter((p) => p.serviceId)];
  const rule = repeatRule(repeat);
  const startsAt = /^\d{2}:\d{2}$/.test(time) ? zonedToUtc(date, parseHHMM(time)).toISOString() : '';
  const requestKey = JSON.stringify({ client: client?.id, parts, startsAt, rule });
  const currentPreview = preview?.key === requestKey ? preview.occurrences : null;

  const done = (title: string, description: string) => {
    toast({ title, description, variant: 'success' });
    void apollo.refetchQueries({ include: CALENDAR_QUERIES });
    onClose();
  };

  const [bookMutation, bookState] = useMutation(BOOK_APPOINTMENT);
  const book = {
    isPending: bookState.loading,
    mutate: (v: { startsAt: string; staffId: string }) =>
      void bookMutation({
        variables: {
          input:
            parts.length > 1
              ? visitInput({
                  locationId,
                  clientId: client!.id,
                  startsAt: v.startsAt,
                  services: [{ serviceId, staffId: v.staffId || null }, ...parts.slice(1)],
                })
              : {
                  locationId,
                  clientId: client!.id,
                  serviceId,
                  ...(v.staffId ? { staffId: v.staffId } : {}),
                  startsAt: v.startsAt,
                  source: 'staff',
                },
        },
      }).then(
        (r) =>
          done('Appointment booked', `${client?.fullName ?? 'Client'} at ${formatTime(r.data?.bookAppointment.startsAt ?? new Date())}`),
        (e: unknown) => setRefusal(refusalOf(e)),
      ),
  };

  const [checking, setChecking] = useState(false);
  const check = {
    isPending: checking,
    mutate: () => {
      setChecking(true);
      const input = seriesInput({ locationId, clientId: client!.id, services: parts, startsAt, ...(rule as RepeatRule) });
      void apollo
        .query({ query: PREVIEW_SERIES, variables: { input }, fetchPolicy: 'network-only' })
        .then(
          (r) => setPreview({ key: requestKey, occurrences: r.data?.appointmentSeriesPreview.occurrences ?? [] }),
          (e: unknown) => setRefusal(refusalOf(e)),
        )
        .finally(() => setChecking(false));
    },
  };

  const refusedDates = currentPreview?.filter((o) => !o.ok).length ?? 0;
  const [seriesMutation, seriesState] = useMutation(CREATE_SERIES);
  const series = {
    isPending: seriesState.loading,
    mutate: () =>
      void seriesMutation({
        variables: {
          input: {
            ...seriesInput({ locationId, clientId: client!.id, services: parts, startsAt, ...(rule as RepeatRule) }),
            skipConflicts: refusedDates > 0,
          },
        },
      }).then(
        (r) => {
          const made = r.data!.createAppointmentSeries;
          done(
            'Series booked',
            `${made.appointments.length} appointments${made.skipped.length ? `, ${made.skipped.length} dates skipped` : ''}`,
          );
        },
        (e: unknown) => {
          setPreview(null);
          setRefusal(refusalOf(e));
        },
      ),
  };

  const [waitlistMutation, waitlistState] = useMutation(ADD_TO_WAITLIST, { refetchQueries: ['WaitlistEntries'] });
  const waitlist = {
    isPending: waitlistState.loading,
    mutate: () =>
      void waitlistMutation({
        variables: {
          input: waitlistInput({
            locationId,
            clientId: client!.id,
            serviceId,
            staffId: staffId || null,
            dateFrom: date,
            dateTo: date,
            note: `Wanted ${time}`,
          }),
        },
      }).then(
        () => {
          setWaitlisted(true);
          toast({
            title: 'Added to the waitlist',
            description: `${client?.fullName ?? 'The client'} will be offered a time if one frees up`,
            variant: 'success',
          });
        },
        (e: unknown) => setRefusal(refusalOf(e)),
      ),
  };

  const busy = book.isPending || check.isPending || series.isPending;
  const ready = !!client && !!serviceId && !!startsAt && !busy && !mustAcknowledge && (!repeat.on || typeof rule !== 'string');
  const submit = (at: string, who: string) => {
    setRefusal(null);
    setWaitlisted(false);
    book.mutate({ startsAt: at, staffId: who });
  };
  const onSubmit = () => {
    if (!ready) return;
    setRefusal(null);
    if (!repeat.on) submit(startsAt, staffId);
    else if (!currentPreview) check.mutate();
    else series.mutate();
  };
  const setRepeat = (r: RepeatState) => {
    setRepeatState(r);
    setRefusal(null);
  };

  const submitLabel =
    book.isPending || series.isPending
      ? 'Booking…'
      : check.isPending
        ? 'Checking…'
        : !repeat.on
          ? 'Book'
          : !currentPreview
            ? 'Check dates'
            : refusedDates
              ? `Book ${currentPreview.length - refusedDates} free dates, skip ${refusedDates}`
              : `Book ${currentPreview.length} dates`;

  return (
    <Dialog title="New appointment" onClose={onClose} testId="book-dialog" description={formatLongDate(zonedToUtc(date, 12 * 60))}>
      <form
        className="stack appt-book-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <ClientPicker value={client} onChange={setClient} autoFocus={!initialClient} />
        {alerts.length > 0 && (
          <div
            className={`appt-book-alerts${criticalAlerts(alerts).length ? ' critical' : ''}`}
            role="note"
            aria-label="Client alerts"
            data-testid="book-alerts"
          >
            <ul>
              {alerts.map((x) => (
                <li key={x.id}>
                  <strong>
                    {x.critical ? 'Critical ' : ''}
                    {x.kind}:
                  </strong>{' '}
                  {x.text}
                </li>
              ))}
            </ul>
            {criticalAlerts(alerts).length > 0 && (
              <label className="row gap">
                <input
                  type="checkbox"
                  checked={!mustAcknowledge}
                  data-testid="book-alerts-ack"
                  onChange={(e) => {
                    const ids = criticalAlerts(alerts).map((x) => x.id);
                    const next = new Set(acked);
                    for (const i of ids)
                      if (e.target.checked) next.add(i);
                      else next.delete(i);
                    setAcked(next);
                    if (e.target.checked) onAcknowledge?.(ids);
                  }}
                />
                I have read the critical alert{criticalAlerts(alerts).length > 1 ? 's' : ''}
              </label>
            )}
          </div>
        )}
        <label className="field">
          <span>Service</span>
          <select value={serviceId} onChange={(e) => setServiceId(e.target.value)} data-testid="book-service" required>
            <option value="">{services.loading ? 'Loading services…' : 'Choose a service'}</option>
            {serviceList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.durationMin ? ` (${formatDuration(s.durationMin)})` : ''}
              </option>
            ))}
          </select>
        </label>
        {services.error && <p className="error-text">Services could not be loaded: {services.error.message}</p>}
        <div className="row gap wrap">
          <label className="field">
            <span>Staff</span>
            <select value={staffId} onChange={(e) => setStaffId(e.target.value)} data-testid="book-staff">
              <option value="">Any available</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.fullName}
                </option>
              ))}
              {initialStaff && !staff.some((s) => s.id === initialStaff) && <option value={initialStaff}>Staff member</option>}
            </select>
          </label>
          <label className="field">
            <span>Time</span>
            <input type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} data-testid="book-time" required />
          </label>
        </div>
        <ExtraServices parts={extra} onChange={setExtra} services={serviceList} staff={staff} />
        <RepeatFields value={repeat} onChange={setRepeat} />
        {repeat.on && typeof rule === 'string' && (
          <p className="muted" data-testid="repeat-hint">
            {rule}
          </p>
        )}
        {repeat.on && currentPreview && <SeriesPreview occurrences={currentPreview} />}
        {refusal && (
          <div className="appt-error" role="alert" data-testid="booking-error">
            <p>{refusal.message}</p>
            {refusal.alternatives.length > 0 && (
              <div className="row gap wrap">
                <span className="muted">Try instead:</span>
                {refusal.alternatives.map((a) => (
                  <button
                    key={`${a.startsAt}-${a.staffId ?? ''}`}
                    type="button"
                    className="btn btn-secondary btn-sm"
                    data-testid="booking-alternative"
                    disabled={busy}
                    onClick={() => submit(a.startsAt, a.staffId ?? staffId)}
                  >
                    {formatTime(a.startsAt)}
                    {a.staffName ? ` · ${a.staffName}` : ''}
                  </button>
                ))}
              </div>
            )}
            {!repeat.on && client && serviceId && (
              <div className="row gap">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  data-testid="add-to-waitlist"
                  disabled={waitlisted || waitlist.isPending}
                  onClick={() => waitlist.mutate()}
                >
                  {waitlisted ? 'On the waitlist' : 'Add to waitlist'}
                </button>
                <span className="muted">for {formatLongDate(zonedToUtc(date, 12 * 60))}</span>
              </div>
            )}
          </div>
        )}
        <div className="row gap appt-dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={!ready} data-testid="book-submit">
            {submitLabel}
          </button>
          {onBlockTime && (
            <button type="button" className="btn btn-secondary" onClick={onBlockTime} data-testid="book-block-time">
              Block time instead
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A refusal with the engine's alternatives; a missing permission in words. */
function refusalOf(e: unknown): { message: string; alternatives: Alternative[] } {
  return { message: refusalText(e, ACTION_WORDS.book), alternatives: conflictOf<Alternative>(e).alternatives };
}
