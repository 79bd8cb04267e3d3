import { useMutation, useQuery } from '@apollo/client/react';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { toast } from '../../shell/toast-store';
import { ACTION_WORDS } from './calendar-permissions';
import { conflictOf } from './appointments-api';
import { ACCEPT_WAITLIST_OFFER, CANCEL_WAITLIST_ENTRY, WAITLIST_ENTRIES } from './appointments-gql';
import { zonedToUtc } from './time-grid';
import type { WaitlistEntry } from './series-api';
import { CALENDAR_QUERIES } from './use-calendar-data';
import './booking-extras.css';

interface Props {
  locationId: string;
  /** Local dates (inclusive) of the calendar on screen. */
  from: string;
  to: string;
  staffNames: Map<string, string>;
  /** Book an offer (create_appointments) and cancel an entry (edit or update appointments): hidden without. */
  canBook?: boolean;
  /** Book a waiting client now: the booking dialog with their client, service, person and first wished day. */
  onBook?(entry: WaitlistEntry): void;
  canChange?: boolean;
}

/** The waitlist for the location and the days on screen: who waits, who has an offer, who got booked. */
export function WaitlistPanel({ locationId, from, to, staffNames, canBook = true, canChange = true, onBook }: Props) {
  const list = useQuery(WAITLIST_ENTRIES, { variables: { locationId, from, to }, pollInterval: 30_000, errorPolicy: 'all' });
  // Either way the list and the calendar are re-read (an offer that lapsed meanwhile shows as it is now).
  const refetchQueries = ['WaitlistEntries', ...CALENDAR_QUERIES];
  const fail = (e: unknown) => toast({ title: 'Waitlist', description: refusalText(e, ACTION_WORDS.change), variant: 'destructive' });
  const [cancelEntry, cancelState] = useMutation(CANCEL_WAITLIST_ENTRY, { refetchQueries });
  const [acceptOffer, acceptState] = useMutation(ACCEPT_WAITLIST_OFFER, { refetchQueries });
  const cancel = { isPending: cancelState.loading, mutate: (id: string) => void cancelEntry({ variables: { id } }).catch(fail) };
  const accept = {
    isPending: acceptState.loading,
    mutate: (id: string) =>
      void acceptOffer({ variables: { id } }).then(
        (r) =>
          toast({
            title: 'Booked from the waitlist',
            description: formatDateTime(r.data!.acceptWaitlistOffer.appointment.startsAt),
            variant: 'success',
          }),
        (e: unknown) => {
          fail(e);
          void list.refetch().catch(() => undefined);
        },
      ),
  };
  // GraphQL types status as String; the values are the contract's WaitlistStatus.
  const entries = (list.data?.waitlistEntries ?? []) as WaitlistEntry[];
  const waiting = entries.filter((e) => e.status === 'waiting' || e.status === 'offered').length;

  return (
    <details className="appt-waitlist" data-testid="waitlist-panel" open={waiting > 0}>
      <summary>
        Waitlist{' '}
        <span className="muted">
          ({waiting} waiting{entries.length > waiting ? `, ${entries.length - waiting} done` : ''})
        </span>
      </summary>
      {list.loading && !list.data ? (
        <p className="muted">Loading…</p>
      ) : list.error && !list.data ? (
        <p className="appt-error" role="alert">
          The waitlist could not be loaded: {conflictOf(list.error).message}
        </p>
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
                <td>{e.client?.fullName ?? 'Client'}</td>
                <td>
                  {e.serviceName}
                  {e.staffId ? <span className="muted"> · {staffNames.get(e.staffId) ?? 'Staff member'}</span> : null}
                </td>
                <td>{wishText(e)}</td>
                <td>
                  <span className={`appt-wl-status ${e.status}`} data-testid="waitlist-status">
                    {e.status}
                  </span>
                  {e.status === 'offered' && e.offer && (
                    <div className="muted">
                      {formatDateTime(e.offer.startsAt)}, until {formatTime(e.offer.expiresAt)}
                    </div>
                  )}
                </td>
                <td className="row gap">
                  {canBook && e.status === 'offered' && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-xs"
                      disabled={accept.isPending}
                      onClick={() => accept.mutate(e.id)}
                      data-testid="waitlist-accept"
                    >
                      Book offer
                    </button>
                  )}
                  {canBook && onBook && e.status === 'waiting' && e.client && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-xs"
                      onClick={() => onBook(e)}
                      data-testid="waitlist-book"
                      aria-label={`Book ${e.client.fullName}`}
                    >
                      Book
                    </button>
                  )}
                  {canChange && (e.status === 'waiting' || e.status === 'offered') && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(e.id)}
                      data-testid="waitlist-cancel"
                    >
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
