import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { formatCents, formatDateTime } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { Spinner } from '../../shell/Spinner';
import type { PickerClient } from '../../components/client-picker/client-picker-gql';
import { statusLabel } from '../appointments/status';
import { CLIENT_APPOINTMENTS } from './client-appointments-gql';
import { splitVisits } from './client-visits';

/** What Book again hands /appointments (router state): the booking dialog opens with these chosen. */
export interface BookAgainState {
  bookAgain: { client: PickerClient; serviceId: string; staffId: string };
}

interface Props {
  client: PickerClient;
  canBook: boolean;
  staffName(id: string): string | null;
}

/** The profile's Appointments tab: upcoming and past visits with service, staff, price and notes; Book again. */
export function AppointmentsTab({ client, canBook, staffName }: Props) {
  const navigate = useNavigate();
  const q = useQuery(CLIENT_APPOINTMENTS, { variables: { clientId: client.id }, fetchPolicy: 'cache-and-network' });
  const { upcoming, past } = useMemo(() => splitVisits(q.data?.clientAppointments ?? [], new Date()), [q.data]);
  if (q.loading && !q.data) return <Spinner fullScreen={false} />;
  if (q.error && !q.data)
    return (
      <div className="card" role="alert" data-testid="tab-panel-appointments">
        Appointments could not be loaded: {refusalText(q.error, 'see appointments')}
      </div>
    );
  const bookAgain = (v: { serviceId: string; staffId: string }) =>
    navigate('/appointments', { state: { bookAgain: { client, serviceId: v.serviceId, staffId: v.staffId } } satisfies BookAgainState });
  const list = (title: string, items: typeof upcoming, testId: string) => (
    <section className="card" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 className="card-title" id={`${testId}-title`}>
        {title} <span className="muted">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="muted">{testId === 'visits-upcoming' ? 'Nothing booked.' : 'No visits yet.'}</p>
      ) : (
        <ul className="visit-list">
          {items.map((v) => (
            <li key={v.id} className="visit-row" data-testid="visit-row" data-status={v.status}>
              <div className="visit-main">
                <strong>{v.serviceName}</strong>
                <span className="muted"> with {staffName(v.staffId) ?? 'a team member'}</span>
                <div className="visit-when">
                  {formatDateTime(v.startsAt)} · <span className="visit-status">{statusLabel(v.status)}</span> ·{' '}
                  <span data-testid="visit-price">{formatCents(v.priceMinor)}</span>
                </div>
                {v.notes && <p className="visit-notes">{v.notes}</p>}
                {v.cancelReason && <p className="visit-notes muted">Cancelled: {v.cancelReason}</p>}
              </div>
              {canBook && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  data-testid="book-again"
                  onClick={() => bookAgain(v)}
                  aria-label={`Book again: ${v.serviceName}`}
                >
                  Book again
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="profile-visits" data-testid="tab-panel-appointments">
      {list('Upcoming', upcoming, 'visits-upcoming')}
      {list('Past visits', past, 'visits-past')}
    </div>
  );
}
