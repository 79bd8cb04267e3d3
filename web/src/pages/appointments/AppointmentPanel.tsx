import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { conflictOf } from '../../lib/api-client';
import { formatCents, formatDate, formatDateTime, formatDuration, formatTime } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { toast } from '../../shell/toast-store';
import { Spinner } from '../../shell/Spinner';
import type { PickerClient } from '../../components/client-picker';
import type { AppointmentDetailsQuery } from '../../gql/graphql';
import { Dialog } from '../clients/Dialog';
import type { Alternative, StaffMember } from './appointments-api';
import { APPOINTMENT_DETAILS, BOOKING_SERVICES, UPDATE_APPOINTMENT } from './appointments-gql';
import { changeAuthor, describeChange, newestFirst } from './appointment-changes';
import { ACTION_WORDS, checkoutPath, checkoutReady, type CalendarAbilities } from './calendar-permissions';
import { criticalAlerts, needsAcknowledgement, type AlertLike } from './client-alerts';
import { appointmentParts } from './calendar-items';
import { editFormOf, editPatch, rebookStart, type EditForm } from './panel-rules';
import { FeeAction } from './FeeAction';
import { StatusActions } from './StatusMenu';
import { canReschedule, statusLabel, type AppointmentStatus } from './status';
import { CALENDAR_QUERIES } from './use-calendar-data';

/** What "Rebook" hands the booking dialog: the same client, service and person, N weeks on at the same time. */
export interface RebookPrefill {
  client: PickerClient;
  serviceId: string;
  staffId: string;
  date: string;
  startMin: number;
}

interface Props {
  id: string;
  /** Where focus returns when the panel closes (the block's open button). */
  opener: HTMLElement | null;
  locationId: string;
  staff: StaffMember[];
  staffNames: Map<string, string>;
  abilities: CalendarAbilities;
  /** Critical alerts already acknowledged on this page (by alert id). */
  acknowledged: ReadonlySet<string>;
  onAcknowledge(alertIds: string[]): void;
  onRebook(prefill: RebookPrefill): void;
  onClose(): void;
}

const REBOOK_WEEKS = [1, 2, 3, 4, 5, 6, 8, 10, 12];

/**
 * The appointment's details beside the calendar (click or Enter on a block): the client with phone,
 * alerts (a critical one is acknowledged first), notes and last visits; the services with staff and
 * price; status actions; edit (service, staff, time, notes); rebook; cancel with a reason; the change log.
 */
export function AppointmentPanel({
  id,
  opener,
  locationId,
  staff,
  staffNames,
  abilities,
  acknowledged,
  onAcknowledge,
  onRebook,
  onClose,
}: Props) {
  const navigate = useNavigate();
  const details = useQuery(APPOINTMENT_DETAILS, { variables: { id }, errorPolicy: 'all', fetchPolicy: 'cache-and-network' });
  const a = details.data?.appointment ?? null;
  const client = a?.client ?? null;
  const alerts = client?.alerts ?? [];
  const [update, updateState] = useMutation(UPDATE_APPOINTMENT, {
    refetchQueries: ['AppointmentDetails', ...CALENDAR_QUERIES],
    awaitRefetchQueries: true,
  });
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const [editing, setEditing] = useState(false);
  const [weeks, setWeeks] = useState(4);
  // After a change the button pressed may be gone: focus stays in the panel, on the status.
  const statusRef = useRef<HTMLSpanElement>(null);
  const title = client?.fullName ?? (a ? 'Appointment' : 'Appointment details');

  const run = async (patch: Record<string, unknown>, done: string) => {
    if (!a) return false;
    setRefusal(null);
    try {
      await update({ variables: { id: a.id, input: { ...patch, version: a.version } } });
      toast({ title: done, variant: 'success' });
      statusRef.current?.focus();
      return true;
    } catch (e) {
      const c = conflictOf<Alternative>(e);
      setRefusal({ message: refusalText(e, ACTION_WORDS.change), alternatives: c.alternatives });
      return false;
    }
  };

  const gate = a && needsAcknowledgement(alerts, acknowledged);
  return (
    <Dialog title={title} onClose={onClose} placement="side" returnFocus={opener} testId="appointment-panel">
      {details.loading && !a ? (
        <Spinner fullScreen={false} />
      ) : !a ? (
        <p className="appt-error" role="alert">
          The appointment could not be loaded: {details.error ? refusalText(details.error, ACTION_WORDS.see) : 'not found'}
        </p>
      ) : gate ? (
        <CriticalGate
          alerts={criticalAlerts(alerts)}
          client={client?.fullName ?? 'This client'}
          onAcknowledge={onAcknowledge}
          onClose={onClose}
        />
      ) : (
        <div className="appt-panel stack">
          <section aria-label="Client" className="appt-panel-client">
            <p className="row gap wrap">
              <span ref={statusRef} tabIndex={-1} className={`appt-badge status-pill status-${a.status}`} data-testid="panel-status">
                {statusLabel(a.status)}
              </span>
              {client ? (
                <>
                  <Link to={`/clients/${client.id}`}>Client profile</Link>
                  {client.phone && (
                    <a href={`tel:${client.phone}`} data-testid="panel-phone">
                      {client.phone}
                    </a>
                  )}
                </>
              ) : (
                <span className="muted">Client details are not available to you</span>
              )}
            </p>
            {alerts.length > 0 && (
              <ul className="appt-panel-alerts" aria-label="Alerts" data-testid="panel-alerts">
                {alerts.map((x) => (
                  <li key={x.id} className={x.critical ? 'critical' : undefined}>
                    <strong>
                      {x.critical ? 'Critical ' : ''}
                      {x.kind}:
                    </strong>{' '}
                    {x.text}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={`${id}-svc`}>
            <h3 id={`${id}-svc`}>Services</h3>
            <ul className="appt-panel-list" data-testid="panel-services">
              {appointmentParts({ ...a, segments: a.segments }).map((p) => (
                <li key={p.id}>
                  <strong>{p.serviceName}</strong> with {staffNames.get(p.staffId) ?? 'a staff member'}
                  <span className="muted">
                    {' '}
                    · {formatDate(p.startsAt)}, {formatTime(p.startsAt)} – {formatTime(p.endsAt)}
                  </span>
                </li>
              ))}
            </ul>
            <p>
              Price <strong data-testid="panel-price">{formatCents(a.priceMinor)}</strong>
              {a.lateCancel && <span className="muted"> · late cancellation</span>}
            </p>
            {a.cancelReason && <p className="muted">Cancel reason: {a.cancelReason}</p>}
          </section>

          {refusal && (
            <div className="appt-error" role="alert" data-testid="panel-error">
              <p>{refusal.message}</p>
              {refusal.alternatives.length > 0 && abilities.change && (
                <div className="row gap wrap">
                  <span className="muted">Try instead:</span>
                  {refusal.alternatives.map((alt) => (
                    <button
                      key={`${alt.startsAt}-${alt.staffId ?? ''}`}
                      type="button"
                      className="btn btn-secondary btn-sm"
                      data-testid="panel-alternative"
                      disabled={updateState.loading}
                      onClick={() =>
                        void run(
                          { startsAt: alt.startsAt, ...(alt.staffId && alt.staffId !== a.staffId ? { staffId: alt.staffId } : {}) },
                          'Appointment moved',
                        )
                      }
                    >
                      {formatTime(alt.startsAt)}
                      {alt.staffName ? ` · ${alt.staffName}` : ''}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}

          {(abilities.change || (abilities.checkout && checkoutReady(a))) && (
            <section aria-labelledby={`${id}-status`}>
              <h3 id={`${id}-status`}>Status</h3>
              <StatusActions
                status={a.status}
                busy={updateState.loading}
                canChange={abilities.change}
                onCheckout={abilities.checkout && checkoutReady(a) ? () => navigate(checkoutPath(a.id)) : undefined}
                onChange={(s: AppointmentStatus, reason?: string) =>
                  void run(
                    { status: s, ...(s === 'cancelled' ? { cancelReason: reason ?? null } : {}) },
                    `Appointment ${statusLabel(s).toLowerCase()}`,
                  )
                }
              />
            </section>
          )}
          <FeeAction appointmentId={a.id} status={a.status} allowed={!!abilities.chargeFees} />

          {abilities.change &&
            (editing ? (
              <EditAppointment
                appointment={a}
                locationId={locationId}
                staff={staff}
                busy={updateState.loading}
                onCancel={() => setEditing(false)}
                onSave={async (patch) => {
                  if (!Object.keys(patch).length) return setEditing(false);
                  if (await run(patch, 'Appointment changed')) setEditing(false);
                }}
              />
            ) : (
              <div className="row gap wrap">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)} data-testid="panel-edit">
                  Edit
                </button>
              </div>
            ))}

          {abilities.book && client && (
            <section aria-labelledby={`${id}-rebook`} className="appt-panel-rebook">
              <h3 id={`${id}-rebook`}>Rebook</h3>
              <div className="row gap wrap">
                <label className="row gap appt-control">
                  <span>In</span>
                  <select value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} data-testid="rebook-weeks">
                    {REBOOK_WEEKS.map((w) => (
                      <option key={w} value={w}>
                        {w} {w === 1 ? 'week' : 'weeks'}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  data-testid="panel-rebook"
                  onClick={() => {
                    const at = rebookStart(a.startsAt, weeks);
                    const [firstName, ...rest] = client.fullName.split(' ');
                    onRebook({
                      client: {
                        id: client.id,
                        firstName: firstName ?? client.fullName,
                        lastName: rest.join(' ') || null,
                        fullName: client.fullName,
                        phone: client.phone ?? null,
                        email: client.email ?? null,
                        alerts,
                      },
                      serviceId: a.serviceId,
                      staffId: a.staffId,
                      date: at.date,
                      startMin: at.startMin,
                    });
                  }}
                >
                  Rebook {a.serviceName}
                </button>
              </div>
            </section>
          )}

          <section aria-labelledby={`${id}-notes`}>
            <h3 id={`${id}-notes`}>Notes</h3>
            {a.notes ? <p data-testid="panel-notes">{a.notes}</p> : <p className="muted">No notes on this appointment.</p>}
            {(client?.notes ?? []).length > 0 && (
              <ul className="appt-panel-list" aria-label="Client notes">
                {[...(client?.notes ?? [])]
                  .sort((x, y) => Number(y.pinned) - Number(x.pinned) || y.createdAt.localeCompare(x.createdAt))
                  .slice(0, 3)
                  .map((n) => (
                    <li key={n.id}>
                      {n.pinned && <strong>Pinned · </strong>}
                      {n.body ?? n.templateName ?? 'Structured note'}
                      <span className="muted">
                        {' '}
                        · {n.authorName ?? 'Staff'}, {formatDate(n.createdAt)}
                      </span>
                    </li>
                  ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={`${id}-history`}>
            <h3 id={`${id}-history`}>Last visits</h3>
            {a.clientHistory.length ? (
              <ul className="appt-panel-list" data-testid="panel-history">
                {a.clientHistory.map((h) => (
                  <li key={h.id}>
                    {formatDate(h.startsAt)} · {h.serviceName} with {staffNames.get(h.staffId) ?? 'a staff member'}
                    <span className="muted">
                      {' '}
                      · {statusLabel(h.status)} · {formatCents(h.priceMinor)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted" data-testid="panel-history">
                No earlier visits{client?.lastVisitAt ? `; last visit ${formatDate(client.lastVisitAt)}` : ''}.
              </p>
            )}
          </section>

          <section aria-labelledby={`${id}-log`}>
            <h3 id={`${id}-log`}>Change log</h3>
            <ol className="appt-panel-log" data-testid="panel-changes">
              {newestFirst(a.changes).map((c, i) => (
                <li key={`${c.at}-${i}`}>
                  <span>{describeChange(c, staffNames)}</span>
                  <span className="muted">
                    {changeAuthor(c)} · <time dateTime={c.at}>{formatDateTime(c.at)}</time>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Dialog>
  );
}

/** A critical alert stands between the desk and the appointment until someone says they have read it. */
function CriticalGate({
  alerts,
  client,
  onAcknowledge,
  onClose,
}: {
  alerts: AlertLike[];
  client: string;
  onAcknowledge(ids: string[]): void;
  onClose(): void;
}) {
  return (
    <div className="appt-critical" role="group" aria-labelledby="critical-gate-title" data-testid="critical-gate">
      <h3 id="critical-gate-title">Critical alert for {client}</h3>
      <ul>
        {alerts.map((x) => (
          <li key={x.id}>
            <strong>{x.kind}:</strong> {x.text}
          </li>
        ))}
      </ul>
      <div className="row gap">
        <button
          type="button"
          className="btn btn-danger"
          autoFocus
          onClick={() => onAcknowledge(alerts.map((x) => x.id))}
          data-testid="critical-ack"
        >
          I have read this
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

type PanelAppointment = AppointmentDetailsQuery['appointment'];

/** Service, staff, date and time, notes: saved through updateAppointment as what changed only. */
function EditAppointment({
  appointment: a,
  locationId,
  staff,
  busy,
  onSave,
  onCancel,
}: {
  appointment: NonNullable<PanelAppointment>;
  locationId: string;
  staff: StaffMember[];
  busy: boolean;
  onSave(patch: Record<string, unknown>): void | Promise<void>;
  onCancel(): void;
}) {
  const services = useQuery(BOOKING_SERVICES, { variables: { locationId }, fetchPolicy: 'cache-first' });
  const initial = useMemo<EditForm>(() => editFormOf(a), [a]);
  const [form, setForm] = useState<EditForm>(initial);
  const multi = (a.segments?.length ?? 0) > 1;
  const movable = canReschedule(a.status) && !multi;
  const set = (k: keyof EditForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const list = (services.data?.services ?? []).filter((s) => s.active !== false || s.id === a.serviceId);
  return (
    <form
      className="stack appt-panel-edit"
      aria-label="Edit appointment"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(editPatch(initial, form));
      }}
    >
      {!movable && (
        <p className="muted">
          {multi
            ? 'A visit of several services keeps its times; cancel and book again to change them.'
            : `A ${statusLabel(a.status).toLowerCase()} appointment keeps its time.`}
        </p>
      )}
      <label className="field">
        <span>Service</span>
        <select value={form.serviceId} onChange={set('serviceId')} disabled={!movable} data-testid="edit-service">
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.durationMin ? ` (${formatDuration(s.durationMin)})` : ''}
            </option>
          ))}
          {!list.some((s) => s.id === a.serviceId) && <option value={a.serviceId}>{a.serviceName}</option>}
        </select>
      </label>
      <label className="field">
        <span>Staff</span>
        <select value={form.staffId} onChange={set('staffId')} disabled={!movable} data-testid="edit-staff">
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.fullName}
            </option>
          ))}
          {!staff.some((s) => s.id === a.staffId) && <option value={a.staffId}>Current staff member</option>}
        </select>
      </label>
      <div className="row gap wrap">
        <label className="field">
          <span>Date</span>
          <input type="date" value={form.date} onChange={set('date')} disabled={!movable} required data-testid="edit-date" />
        </label>
        <label className="field">
          <span>Time</span>
          <input type="time" step={900} value={form.time} onChange={set('time')} disabled={!movable} required data-testid="edit-time" />
        </label>
      </div>
      <label className="field">
        <span>Notes</span>
        <textarea value={form.notes} onChange={set('notes')} maxLength={2000} rows={3} data-testid="edit-notes" />
      </label>
      <div className="row gap">
        <button type="submit" className="btn btn-secondary btn-sm" disabled={busy} data-testid="edit-save">
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel edit
        </button>
      </div>
    </form>
  );
}
