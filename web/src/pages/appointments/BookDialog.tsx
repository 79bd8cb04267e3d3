import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientPicker, type PickerClient } from '../../components/client-picker';
import { formatDuration, formatLongDate, formatTime } from '../../lib/format';
import { toast } from '../../shell/toast-store';
import { Dialog } from '../clients/Dialog';
import { bookAppointment, conflictOf, fetchServices, type Alternative, type StaffMember } from './appointments-api';
import { ExtraServices } from './ExtraServices';
import { NO_REPEAT, RepeatFields, repeatRule, SeriesPreview, type RepeatState } from './RepeatFields';
import { addToWaitlist, bookVisit, createSeries, previewSeries, type Occurrence, type RepeatRule, type VisitPart } from './series-api';
import { colonHHMM, parseHHMM, zonedToUtc } from './time-grid';
import './booking-extras.css';

interface Props {
  locationId: string;
  date: string;
  startMin: number;
  staffId: string;
  staff: StaffMember[];
  onClose(): void;
}

/**
 * Book from an empty cell: client (search or create), service, staff and time prefilled; more
 * services in sequence ("Add another service"); "Repeat" with every date checked before saving;
 * and, when the time is refused, the client can go on the waitlist for that day.
 */
export function BookDialog({ locationId, date, startMin, staffId: initialStaff, staff, onClose }: Props) {
  const qc = useQueryClient();
  const [client, setClient] = useState<PickerClient | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [staffId, setStaffId] = useState(initialStaff);
  const [time, setTime] = useState(colonHHMM(startMin));
  const [extra, setExtra] = useState<VisitPart[]>([]);
  const [repeat, setRepeatState] = useState<RepeatState>(NO_REPEAT);
  // The preview belongs to the exact request it was made for; any change makes it stale.
  const [preview, setPreview] = useState<{ key: string; occurrences: Occurrence[] } | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const [waitlisted, setWaitlisted] = useState(false);
  const services = useQuery({ queryKey: ['/api/services', locationId], queryFn: () => fetchServices(locationId), staleTime: 60_000 });
  const serviceList = (services.data ?? []).filter((s) => s.active !== false);

  const parts: VisitPart[] = [{ serviceId, staffId: staffId || null }, ...extra.filter((p) => p.serviceId)];
  const rule = repeatRule(repeat);
  const startsAt = /^\d{2}:\d{2}$/.test(time) ? zonedToUtc(date, parseHHMM(time)).toISOString() : '';
  const requestKey = JSON.stringify({ client: client?.id, parts, startsAt, rule });
  const currentPreview = preview?.key === requestKey ? preview.occurrences : null;

  const done = (title: string, description: string) => {
    toast({ title, description, variant: 'success' });
    qc.invalidateQueries({ queryKey: ['/api/appointments'] });
    onClose();
  };

  const book = useMutation({
    mutationFn: (v: { startsAt: string; staffId: string }) =>
      parts.length > 1
        ? bookVisit({ locationId, clientId: client!.id, startsAt: v.startsAt, services: [{ serviceId, staffId: v.staffId || null }, ...parts.slice(1)] })
        : bookAppointment({ locationId, clientId: client!.id, serviceId, staffId: v.staffId || null, startsAt: v.startsAt }),
    onSuccess: (a) => done('Appointment booked', `${client?.fullName ?? 'Client'} at ${formatTime(a?.startsAt ?? new Date())}`),
    onError: (e) => setRefusal(conflictOf(e)),
  });

  const check = useMutation({
    mutationFn: () => previewSeries({ locationId, clientId: client!.id, services: parts, startsAt, ...(rule as RepeatRule) }),
    onSuccess: (r) => setPreview({ key: requestKey, occurrences: r.occurrences }),
    onError: (e) => setRefusal(conflictOf(e)),
  });

  const refusedDates = currentPreview?.filter((o) => !o.ok).length ?? 0;
  const series = useMutation({
    mutationFn: () => createSeries({ locationId, clientId: client!.id, services: parts, startsAt, ...(rule as RepeatRule), skipConflicts: refusedDates > 0 }),
    onSuccess: (r) => done('Series booked', `${r.appointments.length} appointments${r.skipped.length ? `, ${r.skipped.length} dates skipped` : ''}`),
    onError: (e) => {
      setPreview(null);
      setRefusal(conflictOf(e));
    },
  });

  const waitlist = useMutation({
    mutationFn: () => addToWaitlist({ locationId, clientId: client!.id, serviceId, staffId: staffId || null, dateFrom: date, dateTo: date, note: `Wanted ${time}` }),
    onSuccess: () => {
      setWaitlisted(true);
      qc.invalidateQueries({ queryKey: ['/api/waitlist'] });
      toast({ title: 'Added to the waitlist', description: `${client?.fullName ?? 'The client'} will be offered a time if one frees up`, variant: 'success' });
    },
    onError: (e) => setRefusal(conflictOf(e)),
  });

  const busy = book.isPending || check.isPending || series.isPending;
  const ready = !!client && !!serviceId && !!startsAt && !busy && (!repeat.on || typeof rule !== 'string');
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

  const submitLabel = book.isPending || series.isPending
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
        <ClientPicker value={client} onChange={setClient} autoFocus />
        <label className="field">
          <span>Service</span>
          <select value={serviceId} onChange={(e) => setServiceId(e.target.value)} data-testid="book-service" required>
            <option value="">{services.isPending ? 'Loading services…' : 'Choose a service'}</option>
            {serviceList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.durationMin ? ` (${formatDuration(s.durationMin)})` : ''}
              </option>
            ))}
          </select>
        </label>
        {services.error && <p className="error-text">Services could not be loaded: {(services.error as Error).message}</p>}
        <div className="row gap wrap">
          <label className="field">
            <span>Staff</span>
            <select value={staffId} onChange={(e) => setStaffId(e.target.value)} data-testid="book-staff">
              <option value="">Any available</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>{s.fullName}</option>
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
        {repeat.on && typeof rule === 'string' && <p className="muted" data-testid="repeat-hint">{rule}</p>}
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
                <button type="button" className="btn btn-secondary btn-sm" data-testid="add-to-waitlist" disabled={waitlisted || waitlist.isPending} onClick={() => waitlist.mutate()}>
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
          <button type="button" className="btn btn-ghost" onClick={onClose}>Close</button>
        </div>
      </form>
    </Dialog>
  );
}
