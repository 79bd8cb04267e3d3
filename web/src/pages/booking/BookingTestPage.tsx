import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { bookingApi } from './booking-api';
import { BookingFlow, designStyle } from './BookingFlow';
import './booking.css';

/** /booking-test (Client Booking): the online flow exactly as clients see it, booking for a client staff pick. */
export function BookingTestPage() {
  const { can } = usePermissions();
  const { selected } = useLocations();
  const info = useQuery({ queryKey: ['online-booking-info'], queryFn: bookingApi.info, staleTime: 60_000 });
  return (
    <div className="page stack" data-testid="booking-test-page">
      <div className="page-header">
        <div>
          <h1>Client booking</h1>
          <p className="muted">
            The online booking flow as your clients see it at{' '}
            <a href="/booking" target="_blank" rel="noreferrer">
              /booking
            </a>
            ; here you book on a client's behalf.
          </p>
        </div>
        {(can('view_business_settings') || can('edit_business_settings')) && (
          <Link to="/booking-design" className="btn btn-ghost">
            Booking design
          </Link>
        )}
      </div>
      {info.isLoading && <p className="muted">Loading…</p>}
      {info.isError && (
        <p className="form-error" role="alert">
          {(info.error as Error).message}
        </p>
      )}
      {info.data && (
        <section className="card bk-card bk-preview" style={designStyle(info.data.design)}>
          <BookingFlow key={selected?.id ?? 'none'} mode="staff" info={info.data} initialLocationId={selected?.id} />
        </section>
      )}
    </div>
  );
}
