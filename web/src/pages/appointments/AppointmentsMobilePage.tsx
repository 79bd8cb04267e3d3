import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BookDialog } from './BookDialog';
import { formatTime } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import { DateNav } from './DateNav';
import { usePermissions } from '../../session/use-permissions';
import { calendarAbilities, checkoutPath, checkoutReady } from './calendar-permissions';
import { StatusActions } from './StatusMenu';
import { conflictOf, type Appointment } from './appointments-api';
import { statusColor, statusLabel } from './status';
import { addDays, colonHHMM, minutesInDay, parseHHMM, todayIn, zonedToUtc } from './time-grid';
import { readCalendarParams, writeCalendarParams } from './url-state';
import { useCalendarData } from './use-calendar-data';
import { usePatchAppointment } from './use-patch';
import './appointments.css';

/** Groups a day's appointments by start time, in order. Pure. */
export function groupByTime(items: readonly Appointment[]): { time: string; items: Appointment[] }[] {
  const sorted = [...items].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const groups: { time: string; items: Appointment[] }[] = [];
  for (const a of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.time === a.startsAt) last.items.push(a);
    else groups.push({ time: a.startsAt, items: [a] });
  }
  return groups;
}

/** /appointments-mobile: the day as a list for phones; tap an appointment for its status actions. */
export function AppointmentsMobilePage() {
  const [params, setParams] = useSearchParams();
  const { date } = readCalendarParams(params);
  const go = (d: string) => setParams(writeCalendarParams({ date: d, view: 'day' }), { replace: true });
  const data = useCalendarData(date, 1);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const patch = usePatchAppointment((_id, m) => setError(m));
  const { can, isLoading } = usePermissions();
  // Status actions only for those who may change appointments (the same requirement as the server's).
  const canChange = !isLoading && calendarAbilities(can).change;
  const canBook = !isLoading && calendarAbilities(can).book;
  const canCheckout = !isLoading && calendarAbilities(can).checkout;
  const navigate = useNavigate();
  const [booking, setBooking] = useState(false);
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<{ id: string; time: string; staffId: string } | null>(null);
  const staff = data.staff.filter((x) => x.isActive !== false);

  return (
    <div className="page appt-mobile" data-testid="appointments-mobile-page">
      <div className="row between wrap">
        <h1>Appointments</h1>
        <div className="row gap">
          {canBook && data.locationId && (
            <button type="button" className="btn btn-secondary btn-sm" data-testid="mobile-book" onClick={() => setBooking(true)}>
              Book
            </button>
          )}
          {/* The phone layout is chosen by width; someone who wants the grid anyway can have it. */}
          <Link to={`/appointments?desktop=1${date !== todayIn() ? `&date=${date}` : ''}`} className="btn btn-ghost btn-sm">
            Grid
          </Link>
        </div>
      </div>
      <DateNav
        date={date}
        onPrev={() => go(addDays(date, -1))}
        onNext={() => go(addDays(date, 1))}
        onToday={() => go(todayIn())}
        onPick={go}
      />
      {error && (
        <div className="appt-error" role="alert" data-testid="move-error">
          {error}
        </div>
      )}
      {!data.locationId ? (
        <p className="muted">Choose a location in the header.</p>
      ) : data.loading ? (
        <Spinner fullScreen={false} />
      ) : data.error ? (
        <p className="appt-error" role="alert">
          {conflictOf(data.error).message}
        </p>
      ) : data.items.length === 0 ? (
        <p className="muted">No appointments this day.</p>
      ) : (
        groupByTime(data.items).map((g) => (
          <section key={g.time} className="appt-mobile-group">
            <h2 className="appt-mobile-time">{formatTime(g.time)}</h2>
            <ul className="appt-mobile-list">
              {g.items.map((a) => {
                const c = statusColor(a.status);
                return (
                  <li
                    key={a.id}
                    data-testid={`appointment-${a.id}`}
                    className={`appt-mobile-item status-${a.status}`}
                    style={{ borderLeftColor: c.border }}
                  >
                    <button
                      type="button"
                      className="appt-mobile-row"
                      aria-expanded={canChange || (canCheckout && checkoutReady(a)) ? open === a.id : undefined}
                      onClick={() => setOpen(open === a.id ? null : a.id)}
                    >
                      <span>
                        <strong className="appt-client">{data.clientNames.get(a.clientId) ?? 'Client'}</strong>
                        <span className="appt-service"> {a.serviceName}</span>
                        <span className="muted appt-sub">
                          {formatTime(a.startsAt)} – {formatTime(a.endsAt)} · {data.staffNames.get(a.staffId) ?? ''}
                        </span>
                      </span>
                      <span className="appt-status-badge" style={{ background: c.bg, color: c.text, borderColor: c.border }}>
                        {statusLabel(a.status)}
                      </span>
                    </button>
                    {canChange && open === a.id && moving?.id !== a.id && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm appt-mobile-move"
                        data-testid={`mobile-move-${a.id}`}
                        onClick={() =>
                          setMoving({ id: a.id, time: colonHHMM(minutesInDay(new Date(a.startsAt), date)), staffId: a.staffId })
                        }
                      >
                        Move
                      </button>
                    )}
                    {canChange && moving?.id === a.id && (
                      <form
                        className="appt-mobile-move-form"
                        data-testid={`mobile-move-form-${a.id}`}
                        onSubmit={(e) => {
                          e.preventDefault();
                          setError(null);
                          const m = moving;
                          setMoving(null);
                          setOpen(null);
                          void patch.mutate(
                            {
                              id: a.id,
                              patch: {
                                startsAt: zonedToUtc(date, parseHHMM(m.time)).toISOString(),
                                ...(m.staffId !== a.staffId ? { staffId: m.staffId } : {}),
                                version: a.version,
                              },
                            },
                            { title: 'Appointment moved' },
                          );
                        }}
                      >
                        <label>
                          New time
                          <input
                            type="time"
                            step={900}
                            required
                            value={moving.time}
                            onChange={(e) => setMoving({ ...moving, time: e.target.value })}
                            data-testid="mobile-move-time"
                          />
                        </label>
                        <label>
                          With
                          <select value={moving.staffId} onChange={(e) => setMoving({ ...moving, staffId: e.target.value })}>
                            {staff.map((x) => (
                              <option key={x.id} value={x.id}>
                                {data.staffNames.get(x.id) ?? 'Staff member'}
                              </option>
                            ))}
                          </select>
                        </label>
                        <div className="row gap">
                          <button type="submit" className="btn btn-primary btn-sm" data-testid="mobile-move-save">
                            Move
                          </button>
                          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMoving(null)}>
                            Keep it
                          </button>
                        </div>
                      </form>
                    )}
                    {(canChange || (canCheckout && checkoutReady(a))) && open === a.id && (
                      <StatusActions
                        status={a.status}
                        busy={patch.isPending}
                        canChange={canChange}
                        onCheckout={canCheckout && checkoutReady(a) ? () => navigate(checkoutPath(a.id)) : undefined}
                        onClose={() => setOpen(null)}
                        onChange={(s, reason) => {
                          setError(null);
                          setOpen(null);
                          void patch.mutate({
                            id: a.id,
                            patch: { status: s, ...(s === 'cancelled' ? { cancelReason: reason ?? null } : {}), version: a.version },
                          });
                        }}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      {booking && data.locationId && (
        <BookDialog
          locationId={data.locationId}
          date={date}
          startMin={nextQuarter(date)}
          staffId=""
          staff={staff}
          onClose={() => setBooking(false)}
          acknowledged={acknowledged}
          onAcknowledge={(ids) => setAcknowledged((prev) => new Set([...prev, ...ids]))}
        />
      )}
    </div>
  );
}

/** Where Book starts: the next quarter hour today, 9 AM another day. */
function nextQuarter(date: string): number {
  if (date !== todayIn()) return 9 * 60;
  const m = minutesInDay(new Date(), date);
  return Math.min(23 * 60 + 45, Math.ceil((m + 1) / 15) * 15);
}
