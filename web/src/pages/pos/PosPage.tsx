import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatLongDate, formatTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { todayIn } from '../appointments/time-grid';
import { ticketOfConflict } from './checkout-link';
import { OPEN_TICKET, POS_DAY } from './pos-gql';
import { CardReaders } from './CardReaders';
import { CheckoutSettings } from './CheckoutSettings';
import { TicketEditor } from './TicketEditor';
import '../../styles/clients.css';
import './pos.css';

const STATUS_LABEL: Record<string, string> = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  'checked-in': 'Checked in',
  'in-service': 'In service',
  completed: 'Completed',
};

/**
 * /pos: the desk's day at the selected location. Today's appointments ready for checkout and the
 * open tickets on the left, the ticket being checked out on the right; every total comes from the
 * retail service's answers (GraphQL), the page only displays them.
 */
export function PosPage() {
  const { selected } = useLocations();
  const { can } = usePermissions();
  const canUse = can(PERMISSIONS.USE_POS);
  const locationId = selected?.id;
  const date = todayIn();
  // The ticket on the right is in the address (?ticket=<id>), so a link (a client's Purchases tab) or a
  // reload opens it; ?appointment=<id> (the calendar's Checkout) is turned into it once.
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket');
  const appointmentId = params.get('appointment');
  const setTicketId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('appointment');
          if (id) next.set('ticket', id);
          else next.delete('ticket');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const day = useQuery(POS_DAY, { variables: { locationId: locationId ?? '', date }, skip: !locationId, fetchPolicy: 'cache-and-network' });
  const [openTicket, opening] = useMutation(OPEN_TICKET);

  /** A new ticket (a walk-in, or appointments); with `resume`, an appointment already on a ticket opens that ticket instead. */
  const open = async (appointmentIds: string[], resume = false) => {
    if (!locationId) return;
    try {
      const res = await openTicket({ variables: { input: { locationId, appointmentIds } } });
      if (res.data) setTicketId(res.data.openTicket.id);
      void day.refetch();
    } catch (e) {
      const current = resume ? ticketOfConflict(e) : null;
      if (current) return setTicketId(current);
      if (resume) setTicketId(ticketId);
      toast({ title: 'Could not open the ticket', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  // The calendar's Checkout: the appointment's live ticket (open, or closed to look at), else a new one from it.
  const checkedOut = useRef<string | null>(null);
  useEffect(() => {
    if (!appointmentId || !locationId || checkedOut.current === appointmentId) return;
    checkedOut.current = appointmentId;
    if (!canUse) {
      setTicketId(ticketId);
      toast({
        title: 'Could not open the ticket',
        description: "You don't have permission to check out. Ask an owner.",
        variant: 'destructive',
      });
      return;
    }
    void open([appointmentId], true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointmentId, locationId, canUse]);

  const queue = day.data?.checkoutAppointments ?? [];
  // A family or a group seen together pays once: the desk ticks their appointments and opens one ticket.
  const [together, setTogether] = useState<string[]>([]);
  const ticked = together.filter((id) => queue.some((a) => a.appointmentId === id && !a.ticketId));
  const tick = (id: string, on: boolean) => setTogether((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
  const openTickets = day.data?.openTickets ?? [];
  const closedToday = day.data?.closedToday ?? [];

  return (
    <section className="page pos-page" data-testid="pos-page">
      <header className="page-header">
        <div>
          <h1>Point of sale</h1>
          <p className="muted">
            {formatLongDate(new Date())} · {selected?.name ?? 'No location selected'}
          </p>
        </div>
        {canUse && locationId && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void open([])}
            disabled={opening.loading}
            data-testid="new-walk-in"
          >
            New walk-in ticket
          </button>
        )}
      </header>
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : day.loading && !day.data ? (
        <Spinner fullScreen={false} />
      ) : day.error && !day.data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(day.error)}
        </div>
      ) : (
        <div className="pos-grid">
          <aside className="pos-side" aria-label="Today at the desk">
            <section className="card pos-list" aria-labelledby="pos-queue-title">
              <h2 id="pos-queue-title">Ready for checkout</h2>
              {queue.length === 0 ? (
                <p className="muted small">No appointments to check out today.</p>
              ) : (
                <ul>
                  {queue.map((a) => (
                    <li key={a.appointmentId} className="pos-item" data-testid={`checkout-${a.appointmentId}`}>
                      {canUse && !a.ticketId && queue.filter((q) => !q.ticketId).length > 1 && (
                        <input
                          type="checkbox"
                          checked={ticked.includes(a.appointmentId)}
                          onChange={(e) => tick(a.appointmentId, e.target.checked)}
                          aria-label={`Check out ${a.client?.fullName ?? 'client'} at ${formatTime(a.startsAt)} on one ticket with others`}
                        />
                      )}
                      <div className="pos-item-main">
                        <strong>{formatTime(a.startsAt)}</strong> {a.client?.fullName ?? 'Client'}
                        <div className="muted small">
                          {a.serviceName} · {formatCents(a.priceMinor)} · {STATUS_LABEL[a.status] ?? a.status}
                        </div>
                      </div>
                      {a.ticketStatus === 'closed' ? (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setTicketId(a.ticketId)}>
                          <span className="badge badge-success">Paid</span>
                        </button>
                      ) : a.ticketId ? (
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setTicketId(a.ticketId)}>
                          Resume
                        </button>
                      ) : (
                        canUse && (
                          <button
                            type="button"
                            className="btn btn-primary btn-sm"
                            disabled={opening.loading}
                            onClick={() => void open([a.appointmentId])}
                            aria-label={`Check out ${a.client?.fullName ?? 'client'} at ${formatTime(a.startsAt)}`}
                          >
                            Check out
                          </button>
                        )
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {ticked.length > 1 && (
                <button
                  type="button"
                  className="btn btn-primary btn-sm pos-together"
                  disabled={opening.loading}
                  onClick={() => void open(ticked).then(() => setTogether([]))}
                  data-testid="checkout-together"
                >
                  Check out {ticked.length} together
                </button>
              )}
            </section>
            <TicketList
              title="Open tickets"
              testId="open-tickets"
              items={openTickets}
              onPick={setTicketId}
              current={ticketId}
              empty="No open tickets."
            />
            <TicketList
              title="Closed today"
              testId="closed-tickets"
              items={closedToday.map((t) => ({ ...t, balanceMinor: null }))}
              onPick={setTicketId}
              current={ticketId}
              empty="Nothing closed yet today."
            />
            {can(PERMISSIONS.EDIT_BUSINESS_SETTINGS) && <CardReaders locationId={locationId} />}
            {can(PERMISSIONS.EDIT_BUSINESS_SETTINGS) && <CheckoutSettings key={locationId} locationId={locationId} />}
          </aside>
          <div className="pos-main">
            {ticketId ? (
              <TicketEditor
                key={ticketId}
                ticketId={ticketId}
                settings={day.data?.posSettings ?? null}
                onChanged={() => void day.refetch()}
              />
            ) : (
              <div className="card empty-state">
                <h2>No ticket open</h2>
                <p className="muted">Check out an appointment from the list, or start a walk-in ticket.</p>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

interface ListedTicket {
  id: string;
  number: number;
  totalMinor: number;
  balanceMinor: number | null;
  client?: { fullName: string } | null;
}

function TicketList(props: {
  title: string;
  testId: string;
  items: ListedTicket[];
  onPick(id: string): void;
  current: string | null;
  empty: string;
}) {
  return (
    <section className="card pos-list" aria-label={props.title} data-testid={props.testId}>
      <h2>{props.title}</h2>
      {props.items.length === 0 ? (
        <p className="muted small">{props.empty}</p>
      ) : (
        <ul>
          {props.items.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={`pos-ticket-link${props.current === t.id ? ' is-current' : ''}`}
                aria-current={props.current === t.id ? 'true' : undefined}
                onClick={() => props.onPick(t.id)}
              >
                <span>
                  #{t.number} · {t.client?.fullName ?? 'Walk-in'}
                </span>
                <span className="muted small">
                  {t.balanceMinor !== null ? `${formatCents(t.balanceMinor)} due` : formatCents(t.totalMinor)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
