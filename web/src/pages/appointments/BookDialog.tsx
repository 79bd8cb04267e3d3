import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientPicker, type PickerClient } from '../../components/client-picker';
import { formatDuration, formatLongDate, formatTime } from '../../lib/format';
import { toast } from '../../shell/toast-store';
import { Dialog } from '../clients/Dialog';
import { bookAppointment, conflictOf, fetchServices, type Alternative, type StaffMember } from './appointments-api';
import { colonHHMM, parseHHMM, zonedToUtc } from './time-grid';

interface Props {
  locationId: string;
  date: string;
  startMin: number;
  staffId: string;
  staff: StaffMember[];
  onClose(): void;
}

/** Book from an empty cell: client (search or create), service, staff and time prefilled. */
export function BookDialog({ locationId, date, startMin, staffId: initialStaff, staff, onClose }: Props) {
  const qc = useQueryClient();
  const [client, setClient] = useState<PickerClient | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [staffId, setStaffId] = useState(initialStaff);
  const [time, setTime] = useState(colonHHMM(startMin));
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const services = useQuery({ queryKey: ['/api/services', locationId], queryFn: () => fetchServices(locationId), staleTime: 60_000 });
  const serviceList = (services.data ?? []).filter((s) => s.active !== false);

  const book = useMutation({
    mutationFn: (v: { startsAt: string; staffId: string }) =>
      bookAppointment({ locationId, clientId: client!.id, serviceId, staffId: v.staffId || null, startsAt: v.startsAt }),
    onSuccess: (a) => {
      toast({ title: 'Appointment booked', description: `${client?.fullName ?? 'Client'} at ${formatTime(a?.startsAt ?? new Date())}`, variant: 'success' });
      qc.invalidateQueries({ queryKey: ['/api/appointments'] });
      onClose();
    },
    onError: (e) => setRefusal(conflictOf(e)),
  });

  const ready = !!client && !!serviceId && /^\d{2}:\d{2}$/.test(time) && !book.isPending;
  const submit = (startsAt: string, staff: string) => {
    setRefusal(null);
    book.mutate({ startsAt, staffId: staff });
  };

  return (
    <Dialog title="New appointment" onClose={onClose} testId="book-dialog" description={formatLongDate(zonedToUtc(date, 12 * 60))}>
      <form
        className="stack appt-book-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) submit(zonedToUtc(date, parseHHMM(time)).toISOString(), staffId);
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
                    disabled={book.isPending}
                    onClick={() => submit(a.startsAt, a.staffId ?? staffId)}
                  >
                    {formatTime(a.startsAt)}
                    {a.staffName ? ` · ${a.staffName}` : ''}
                  </button>
                ))}
              </div>
            )}
          </div>
        )}
        <div className="row gap appt-dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={!ready} data-testid="book-submit">
            {book.isPending ? 'Booking…' : 'Book'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Close</button>
        </div>
      </form>
    </Dialog>
  );
}
