import { useEffect, useReducer, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { BookingPolicyInput } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { errorText, fieldErrorsOf } from '../clients/clients-api';
import { useStaffOptions } from '../services/staff-options';
import type { WorkingHoursRow } from './SchedulePage';
import {
  ADD_TIME_OFF,
  BOOKING_POLICY,
  REMOVE_TIME_OFF,
  REPLACE_WORKING_HOURS,
  SAVE_BOOKING_POLICY,
  SAVE_SCHEDULE_EXCEPTION,
  TIME_OFF,
  WORKING_HOURS,
} from './schedule-gql';
import { feeText, parseFee } from './policy-fees';
import { WEEKDAYS, WEEKDAY_NAMES, rangeError, sortIntervals, weekErrors, weekReducer } from './week';
import './schedule.css';

/** A save of this screen: Apollo's mutation with the pending flag and callbacks the forms use. */
function useSave<V = void>(run: (v: V) => Promise<unknown>, on: { onSuccess?(r: unknown): void; onError?(e: unknown): void }) {
  const [isPending, setPending] = useState(false);
  const mutate = (v: V) => {
    setPending(true);
    run(v)
      .then(
        (r) => on.onSuccess?.(r),
        (e: unknown) => on.onError?.(e),
      )
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}

const DAY = 86_400_000;

/** /staff-schedule and /staff-schedule/:id: one person's week, date exceptions and time off. */
export function StaffSchedulePage() {
  const { id: paramId } = useParams();
  const { user } = useSession();
  const { selected } = useLocations();
  const { can } = usePermissions();
  const staffId = paramId ?? user?.id ?? '';
  const locationId = selected?.id;
  const canEdit = can(PERMISSIONS.EDIT_CALENDAR);
  const isAdmin = user?.role === 'admin';
  // The same rule as scheduling's schedule scope: these see (and, with edit_calendar, change) anyone's week.
  const seesEveryone = can({ anyOf: [PERMISSIONS.VIEW_SCHEDULES, PERMISSIONS.VIEW_CALENDAR, PERMISSIONS.EDIT_CALENDAR] });
  const { people } = useStaffOptions(!seesEveryone && !can(PERMISSIONS.VIEW_STAFF) && !paramId);
  const navigate = useNavigate();
  const name = staffId === user?.id ? 'My schedule' : (people.find((p) => p.id === staffId)?.fullName ?? 'Staff schedule');
  return (
    <section className="page" data-testid="staff-schedule-page">
      <header className="page-header">
        <div>
          {paramId && (
            <Link to="/schedule" className="link-sm">
              ← All schedules
            </Link>
          )}
          <h1>{name}</h1>
          <p className="muted">Working hours at {selected?.name ?? 'this location'}.</p>
        </div>
        {seesEveryone && people.length > 0 && (
          <div className="field schedule-person">
            <label htmlFor="schedule-person">Whose schedule</label>
            <select
              id="schedule-person"
              data-testid="schedule-person"
              value={staffId}
              onChange={(e) => navigate(e.target.value === user?.id ? '/staff-schedule' : `/staff-schedule/${e.target.value}`)}
            >
              {!people.some((p) => p.id === staffId) && <option value={staffId}>{name}</option>}
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id === user?.id ? `${p.fullName} (me)` : p.fullName}
                </option>
              ))}
            </select>
          </div>
        )}
      </header>
      {!locationId || !staffId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : (
        <>
          <WeekEditor key={`${staffId}-${locationId}`} staffId={staffId} locationId={locationId} canEdit={canEdit} />
          <div className="schedule-sections">
            {canEdit && <ExceptionForm staffId={staffId} locationId={locationId} />}
            <TimeOffPanel staffId={staffId} locationId={locationId} canEdit={canEdit} />
          </div>
          {isAdmin && <PolicyForm key={locationId} locationId={locationId} />}
        </>
      )}
    </section>
  );
}

function WeekEditor({ staffId, locationId, canEdit }: { staffId: string; locationId: string; canEdit: boolean }) {
  const hoursQ = useQuery(WORKING_HOURS, { variables: { locationId, staffId } });
  // GraphQL types kind as String; the values are work | break.
  const q = {
    data: hoursQ.data?.workingHours as WorkingHoursRow[] | undefined,
    isPending: hoursQ.loading && !hoursQ.data,
    error: hoursQ.data ? null : hoursQ.error,
  };
  const [replaceHours] = useMutation(REPLACE_WORKING_HOURS, { refetchQueries: ['WorkingHours'] });
  const [week, dispatch] = useReducer(weekReducer, []);
  const [serverError, setServerError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (q.data) dispatch({ type: 'reset', intervals: sortIntervals(q.data) });
  }, [q.data]);
  const errors = weekErrors(week);
  const intervals = () => week.map((i) => ({ weekday: i.weekday, start: i.start, end: i.end, kind: i.kind, label: i.label || null }));
  const save = useSave(() => replaceHours({ variables: { input: { staffId, locationId, intervals: intervals() } } }), {
    onSuccess: (r) => {
      const rows = (r as { data?: { replaceWorkingHours?: WorkingHoursRow[] } }).data?.replaceWorkingHours;
      setServerError(null);
      setTouched(false);
      if (Array.isArray(rows)) dispatch({ type: 'reset', intervals: sortIntervals(rows) });
      toast({ title: 'Week saved', variant: 'success' });
    },
    onError: (e) => {
      const f = fieldErrorsOf(e);
      setServerError(
        Object.keys(f).length
          ? Object.entries(f)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')
          : errorText(e),
      );
    },
  });
  const act: typeof dispatch = (a) => {
    setTouched(true);
    dispatch(a);
  };
  if (q.isPending) return <Spinner fullScreen={false} />;
  if (q.error)
    return (
      <div className="alert alert-error" role="alert">
        {errorText(q.error)}
      </div>
    );
  return (
    <div className="card">
      <div className="row between">
        <h2 className="card-title">Weekly hours</h2>
        {canEdit && (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="save-week"
            disabled={save.isPending || Object.keys(errors).length > 0}
            onClick={() => save.mutate()}
          >
            {save.isPending ? 'Saving…' : touched ? 'Save week' : 'Save week'}
          </button>
        )}
      </div>
      {serverError && (
        <div className="alert alert-error" role="alert">
          {serverError}
        </div>
      )}
      <div className="week-editor">
        {WEEKDAYS.map((d) => {
          const items = week.map((i, n) => ({ i, n })).filter(({ i }) => i.weekday === d);
          return (
            <div key={d} className="weekday-row" data-testid={`weekday-${d}`}>
              <div>
                <strong>{WEEKDAY_NAMES[d]}</strong>
                {items.length === 0 && <div className="schedule-off">Day off</div>}
              </div>
              <div>
                {items.map(({ i, n }) => (
                  <div key={n}>
                    <div className="range-row">
                      <span className="range-kind">{i.kind === 'break' ? 'Break' : 'Work'}</span>
                      <input
                        type="time"
                        aria-label={`${WEEKDAY_NAMES[d]} ${i.kind} start`}
                        value={i.start}
                        disabled={!canEdit}
                        onChange={(e) => act({ type: 'update', index: n, patch: { start: e.target.value } })}
                      />
                      <span>–</span>
                      <input
                        type="time"
                        aria-label={`${WEEKDAY_NAMES[d]} ${i.kind} end`}
                        value={i.end === '24:00' ? '23:59' : i.end}
                        disabled={!canEdit}
                        onChange={(e) => act({ type: 'update', index: n, patch: { end: e.target.value } })}
                      />
                      {canEdit && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`Remove ${WEEKDAY_NAMES[d]} ${i.kind}`}
                          onClick={() => act({ type: 'remove', index: n })}
                        >
                          Remove
                        </button>
                      )}
                    </div>
                    {errors[n] && (
                      <span className="field-error" role="alert">
                        {errors[n]}
                      </span>
                    )}
                  </div>
                ))}
                {canEdit && (
                  <div className="row gap">
                    <button
                      type="button"
                      className="btn btn-secondary btn-xs"
                      onClick={() => act({ type: 'add', weekday: d, kind: 'work' })}
                    >
                      Add hours
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={!items.some(({ i }) => i.kind === 'work')}
                      onClick={() => act({ type: 'add', weekday: d, kind: 'break' })}
                    >
                      Add break
                    </button>
                    {items.length > 0 && (
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => act({ type: 'copy-to-all', weekday: d })}>
                        Copy to all days
                      </button>
                    )}
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function ExceptionForm({ staffId, locationId }: { staffId: string; locationId: string }) {
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(true);
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('14:00');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveException] = useMutation(SAVE_SCHEDULE_EXCEPTION);
  const save = useSave(
    () =>
      saveException({
        variables: { input: { staffId, locationId, date, hours: closed ? [] : [{ start, end }], label: label.trim() || null } },
      }),
    {
      onSuccess: () => {
        setErrors({});
        toast({ title: `Hours for ${date} saved`, variant: 'success' });
        setDate('');
        setLabel('');
      },
      onError: (e) => setErrors({ ...fieldErrorsOf(e), _form: errorText(e) }),
    },
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errs.date = 'Pick a date';
    const r = closed ? null : rangeError(start, end);
    if (r) errs.hours = r;
    setErrors(errs);
    if (!Object.keys(errs).length) save.mutate();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h2 className="card-title">Date exception</h2>
      <p className="hint">Close a single day or work special hours on it.</p>
      {errors._form && (
        <div className="alert alert-error" role="alert">
          {errors._form}
        </div>
      )}
      <div className="field">
        <label htmlFor="exc-date">Date</label>
        <input id="exc-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        {errors.date && <span className="field-error">{errors.date}</span>}
      </div>
      <div className="row gap">
        <label className="checkbox-row">
          <input type="radio" name="exc-kind" checked={closed} onChange={() => setClosed(true)} /> Closed
        </label>
        <label className="checkbox-row">
          <input type="radio" name="exc-kind" checked={!closed} onChange={() => setClosed(false)} /> Special hours
        </label>
      </div>
      {!closed && (
        <div className="range-row">
          <input type="time" aria-label="Special hours start" value={start} onChange={(e) => setStart(e.target.value)} />
          <span>–</span>
          <input type="time" aria-label="Special hours end" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
      )}
      {(errors.hours || errors['hours.0.end'] || errors['hours.0.start']) && (
        <span className="field-error">{errors.hours || errors['hours.0.end'] || errors['hours.0.start']}</span>
      )}
      <div className="field">
        <label htmlFor="exc-label">Label</label>
        <input id="exc-label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} placeholder="e.g. Holiday" />
        {errors.label && <span className="field-error">{errors.label}</span>}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
          Save exception
        </button>
      </div>
    </form>
  );
}

function TimeOffPanel({ staffId, locationId, canEdit }: { staffId: string; locationId: string; canEdit: boolean }) {
  const [range] = useState(() => ({
    from: new Date(Date.now() - 30 * DAY).toISOString(),
    to: new Date(Date.now() + 365 * DAY).toISOString(),
  }));
  const listQ = useQuery(TIME_OFF, { variables: { staffId, locationId, ...range } });
  const q = { data: listQ.data?.timeOff, isPending: listQ.loading && !listQ.data, error: listQ.data ? null : listQ.error };
  const [addTimeOff] = useMutation(ADD_TIME_OFF, { refetchQueries: ['TimeOff'] });
  const [removeTimeOff] = useMutation(REMOVE_TIME_OFF, { refetchQueries: ['TimeOff'] });
  const [label, setLabel] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useSave(
    () =>
      addTimeOff({
        variables: {
          input: {
            staffId,
            locationId,
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(endsAt).toISOString(),
            label: label.trim() || null,
          },
        },
      }),
    {
      onSuccess: () => {
        setErrors({});
        setLabel('');
        setStartsAt('');
        setEndsAt('');
        toast({ title: 'Time off added', variant: 'success' });
      },
      onError: (e) => setErrors({ ...fieldErrorsOf(e), _form: errorText(e) }),
    },
  );
  const remove = useSave((id: string) => removeTimeOff({ variables: { id } }), {
    onError: (e) => toast({ title: 'Could not delete', description: errorText(e), variant: 'destructive' }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!startsAt || Number.isNaN(new Date(startsAt).getTime())) errs.startsAt = 'Pick a start';
    if (!endsAt || Number.isNaN(new Date(endsAt).getTime())) errs.endsAt = 'Pick an end';
    else if (startsAt && new Date(endsAt) <= new Date(startsAt)) errs.endsAt = 'End must be after start';
    setErrors(errs);
    if (!Object.keys(errs).length) add.mutate();
  };
  const items = q.data ?? [];
  return (
    <div className="card">
      <h2 className="card-title">Time off</h2>
      {q.isPending ? (
        <Spinner fullScreen={false} />
      ) : q.error ? (
        <div className="alert alert-error">{errorText(q.error)}</div>
      ) : (
        <ul className="list" data-testid="time-off-list" aria-label="Time off">
          {items.length === 0 && <li className="muted small">No time off booked.</li>}
          {items.map((t) => (
            <li key={t.id} className="row between" data-testid={`time-off-${t.id}`}>
              <div>
                <strong>{t.label || (t.kind === 'blocked' ? 'Blocked' : 'Time off')}</strong>
                <div className="muted small">
                  {formatDateTime(t.startsAt)} – {formatDateTime(t.endsAt)}
                </div>
              </div>
              {canEdit && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={remove.isPending}
                  onClick={() => window.confirm('Delete this time off?') && remove.mutate(t.id)}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form className="form" onSubmit={submit} noValidate>
          {errors._form && (
            <div className="alert alert-error" role="alert">
              {errors._form}
            </div>
          )}
          <div className="field">
            <label htmlFor="to-label">Label</label>
            <input id="to-label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={120} placeholder="e.g. Vacation" />
            {errors.label && <span className="field-error">{errors.label}</span>}
          </div>
          <div className="field">
            <label htmlFor="to-start">Starts</label>
            <input id="to-start" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
            {errors.startsAt && <span className="field-error">{errors.startsAt}</span>}
          </div>
          <div className="field">
            <label htmlFor="to-end">Ends</label>
            <input id="to-end" type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
            {errors.endsAt && <span className="field-error">{errors.endsAt}</span>}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" data-testid="add-time-off" disabled={add.isPending}>
              Add time off
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function PolicyForm({ locationId }: { locationId: string }) {
  const policyQ = useQuery(BOOKING_POLICY, { variables: { locationId } });
  const q = {
    data: policyQ.data?.bookingPolicy,
    isPending: policyQ.loading && !policyQ.data,
    error: policyQ.data ? null : policyQ.error,
    refetch: policyQ.refetch,
  };
  const [savePolicy] = useMutation(SAVE_BOOKING_POLICY);
  const [form, setForm] = useState<Record<
    'slotIntervalMin' | 'minNoticeMin' | 'maxAdvanceDays' | 'lateCancelHours' | 'noShowFee' | 'lateCancelFee',
    string
  > | null>(null);
  const [requireCard, setRequireCard] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data)
      setForm({
        slotIntervalMin: String(q.data.slotIntervalMin),
        minNoticeMin: String(q.data.minNoticeMin),
        maxAdvanceDays: String(q.data.maxAdvanceDays),
        lateCancelHours: String(q.data.lateCancelHours),
        noShowFee: feeText(q.data.noShowFeeMinor),
        lateCancelFee: feeText(q.data.lateCancelFeeMinor),
      });
    if (q.data) setRequireCard(q.data.requireCardOnline);
  }, [q.data]);
  const save = useSave((input: BookingPolicyInput) => savePolicy({ variables: { locationId, input } }), {
    onSuccess: () => {
      setErrors({});
      void q.refetch();
      toast({ title: 'Booking policy saved', variant: 'success' });
    },
    onError: (e) => setErrors({ ...fieldErrorsOf(e), _form: errorText(e) }),
  });
  if (q.isPending || !form) return q.error ? <div className="alert alert-error">{errorText(q.error)}</div> : null;
  const fields = [
    ['slotIntervalMin', 'Slot interval (min)', 5, 240],
    ['minNoticeMin', 'Minimum notice (min)', 0, 100000],
    ['maxAdvanceDays', 'Book up to (days ahead)', 1, 730],
    ['lateCancelHours', 'Late cancel window (hours)', 0, 720],
  ] as const;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const openingHours = q.data!.openingHours?.map(({ weekday, start, end }) => ({ weekday, start, end })) ?? null;
    const body: BookingPolicyInput = { timeZone: q.data!.timeZone, openingHours, requireCardOnline: requireCard };
    for (const [k, , min, max] of fields) {
      const v = Number(form[k]);
      if (!/^\d+$/.test(form[k].trim()) || v < min || v > max) errs[k] = `Must be ${min}–${max}`;
      body[k] = v;
    }
    for (const [k, field] of [
      ['noShowFee', 'noShowFeeMinor'],
      ['lateCancelFee', 'lateCancelFeeMinor'],
    ] as const) {
      const fee = parseFee(form[k]);
      if (fee.ok) body[field] = fee.minor;
      else errs[k] = fee.error;
    }
    setErrors(errs);
    if (!Object.keys(errs).length) save.mutate(body);
  };
  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="booking-policy">
      <h2 className="card-title">Booking policy for this location</h2>
      {errors._form && (
        <div className="alert alert-error" role="alert">
          {errors._form}
        </div>
      )}
      <div className="schedule-sections">
        {fields.map(([k, label]) => (
          <div className="field" key={k}>
            <label htmlFor={`pol-${k}`}>{label}</label>
            <input id={`pol-${k}`} inputMode="numeric" value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
            {errors[k] && <span className="field-error">{errors[k]}</span>}
          </div>
        ))}
      </div>
      <h3>Cancellation fees</h3>
      <p className="muted small">
        Staff with “Charge fees” can charge these to the client’s card on file from the appointment, once, for a no-show or a cancellation
        inside the late-cancel window. Leave empty for no fee.
      </p>
      <div className="schedule-sections">
        {(
          [
            ['noShowFee', 'No-show fee ($)', 'noShowFeeMinor'],
            ['lateCancelFee', 'Late-cancel fee ($)', 'lateCancelFeeMinor'],
          ] as const
        ).map(([k, label, field]) => (
          <div className="field" key={k}>
            <label htmlFor={`pol-${k}`}>{label}</label>
            <input
              id={`pol-${k}`}
              inputMode="decimal"
              placeholder="No fee"
              value={form[k]}
              onChange={(e) => setForm({ ...form, [k]: e.target.value })}
              data-testid={`pol-${k}`}
            />
            {(errors[k] ?? errors[field]) && <span className="field-error">{errors[k] ?? errors[field]}</span>}
          </div>
        ))}
      </div>
      <label className="row gap">
        <input type="checkbox" checked={requireCard} onChange={(e) => setRequireCard(e.target.checked)} data-testid="pol-requireCard" />
        Require a card on file for online booking (a booking that takes a deposit already saves one)
      </label>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save policy
        </button>
      </div>
    </form>
  );
}
