import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { toast } from '../../shell/toast-store';
import { conflictOf, fetchClientName } from './appointments-api';
import { zonedToUtc } from './time-grid';
import { acceptWaitlistOffer, cancelWaitlistEntry, fetchWaitlist, waitlistKey, type WaitlistEntry } from './series-api';
import './booking-extras.css';

interface Props {
  locationId: string;
  /** Local dates (inclusive) of the calendar on screen. */
  from: string;
  to: string;
  staffNames: Map<string, string>;
}

/** The waitlist for the location and the days on screen: who waits, who has an offer, who got booked. */
export function WaitlistPanel({ locationId, from, to, staffNames }: Props) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: waitlistKey(locationId, from, to), queryFn: () => fetchWaitlist(locationId, from, to), refetchInterval: 30_000 });
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['/api/waitlist'] });
    qc.invalidateQueries({ queryKey: ['/api/appointments'] });
  };
  const fail = (e: unknown) => toast({ title: 'Waitlist', description: conflictOf(e).message, variant: 'destructive' });
  const cancel = useMutation({ mutationFn: cancelWaitlistEntry, onSuccess: refresh, onError: fail });
  const accept = useMutation({
    mutationFn: acceptWaitlistOffer,
    onSuccess: (r) => {
      toast({ title: 'Booked from the waitlist', description: formatDateTime(r.appointment.startsAt), variant: 'success' });
      refresh();
    },
    onError: (e) => {
      fail(e);
      refresh();
    },
  });
  const entries = list.data ?? [];
  const waiting = entries.filter((e) => e.status === 'waiting' || e.status === 'offered').length;

  return (
    <details className="appt-waitlist" data-testid="waitlist-panel" open={waiting > 0}>
      <summary>
        Waitlist <span className="muted">({waiting} waiting{entries.length > waiting ? `, ${entries.length - waiting} done` : ''})</span>
      </summary>
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.error ? (
        <p className="appt-error" role="alert">The waitlist could not be loaded: {conflictOf(list.error).message}</p>
      ) : entries.length === 0 ? (
        <p className="muted">No one is waiting for these days.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Client</th>
              <th>Service</th>
              <th>When</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid={`waitlist-entry-${e.id}`}>
                <td><ClientName id={e.clientId} /></td>
                <td>
                  {e.serviceName}
                  {e.staffId ? <span className="muted"> · {staffNames.get(e.staffId) ?? 'Staff member'}</span> : null}
                </td>
                <td>{wishText(e)}</td>
                <td>
                  <span className={`appt-wl-status ${e.status}`} data-testid="waitlist-status">{e.status}</span>
                  {e.status === 'offered' && e.offer && (
                    <div className="muted">
                      {formatDateTime(e.offer.startsAt)}, until {formatTime(e.offer.expiresAt)}
                    </div>
                  )}
                </td>
                <td className="row gap">
                  {e.status === 'offered' && (
                    <button type="button" className="btn btn-secondary btn-xs" disabled={accept.isPending} onClick={() => accept.mutate(e.id)} data-testid="waitlist-accept">
                      Book offer
                    </button>
                  )}
                  {(e.status === 'waiting' || e.status === 'offered') && (
                    <button type="button" className="btn btn-ghost btn-xs" disabled={cancel.isPending} onClick={() => cancel.mutate(e.id)} data-testid="waitlist-cancel">
                      Cancel
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

function wishText(e: WaitlistEntry): string {
  const day = (d: string) => formatDate(zonedToUtc(d, 12 * 60));
  const days = e.dateFrom === e.dateTo ? day(e.dateFrom) : `${day(e.dateFrom)} – ${day(e.dateTo)}`;
  return e.windowStart && e.windowEnd ? `${days}, ${e.windowStart}–${e.windowEnd}` : days;
}

function ClientName({ id }: { id: string }) {
  const name = useQuery({ queryKey: ['/api/clients', id, 'name'], queryFn: () => fetchClientName(id), staleTime: 300_000 });
  return <>{name.data ?? 'Client'}</>;
}
