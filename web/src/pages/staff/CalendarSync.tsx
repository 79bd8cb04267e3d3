import { useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { CALENDAR_FEED, CREATE_CALENDAR_FEED, REVOKE_CALENDAR_FEED } from './staff-gql';

/** The feed's address as a calendar app needs it: absolute, and as webcal:// for Apple's one-click subscribe. */
export function feedAddresses(path: string, origin: string): { https: string; webcal: string } {
  const https = new URL(path, origin).toString();
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

/**
 * Subscribe to one's appointments from Google or Apple Calendar: a secret link, shown once when it
 * is made (only its hash is kept), replaced or revoked here. Events name the service and place, never the client.
 */
export function CalendarSync({ staffId, name, isSelf }: { staffId: string; name: string; isSelf: boolean }) {
  const id = useId();
  const feed = useQuery(CALENDAR_FEED, { variables: { staffId }, fetchPolicy: 'cache-and-network' });
  const [create, creating] = useMutation(CREATE_CALENDAR_FEED, { refetchQueries: ['CalendarFeed'] });
  const [revoke, revoking] = useMutation(REVOKE_CALENDAR_FEED, { refetchQueries: ['CalendarFeed'] });
  const [link, setLink] = useState<{ https: string; webcal: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = feed.data?.calendarFeed;
  const whose = isSelf ? 'your' : `${name}'s`;

  const make = async () => {
    setError(null);
    try {
      const res = await create({ variables: { staffId } });
      if (res.data) setLink(feedAddresses(res.data.createCalendarFeed.path, window.location.origin));
    } catch (e) {
      setError(graphqlErrorMessage(e));
    }
  };
  const stop = async () => {
    setError(null);
    try {
      await revoke({ variables: { staffId } });
      setLink(null);
      toast({ title: 'Calendar link turned off', description: 'Calendars subscribed to it stop updating.', variant: 'success' });
    } catch (e) {
      setError(graphqlErrorMessage(e));
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Link copied', variant: 'success' });
    } catch {
      setError('Copying was not allowed: select the link and copy it by hand.');
    }
  };

  return (
    <section className="staff-profile-section" aria-labelledby={`${id}-sync`} data-testid="calendar-sync">
      <h3 id={`${id}-sync`}>Calendar sync</h3>
      <p className="muted small">
        See {whose} appointments in Google or Apple Calendar. The link is secret: anyone who has it sees the times, services and places
        (never the clients).
      </p>
      {feed.loading && !status ? (
        <p className="muted">Loading…</p>
      ) : link ? (
        <div className="stack" data-testid="calendar-sync-link">
          <label htmlFor={`${id}-url`}>Subscription link (shown this once)</label>
          <input id={`${id}-url`} readOnly value={link.https} onFocus={(e) => e.currentTarget.select()} data-testid="calendar-sync-url" />
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void copy(link.https)}>
              Copy link
            </button>
            <a className="btn btn-secondary" href={link.webcal}>
              Open in Apple Calendar
            </a>
          </div>
          <p className="muted small">
            Google Calendar: Other calendars → + → From URL, and paste the link. Updates arrive every few hours.
          </p>
        </div>
      ) : status?.active ? (
        <p data-testid="calendar-sync-status">
          A link is on
          {status.lastReadAt ? `, last read by a calendar ${formatDateTime(status.lastReadAt)}` : ', not read by a calendar yet'}. Its
          address is not shown again: a new link replaces it (calendars on the old one stop updating).
        </p>
      ) : (
        <p className="muted" data-testid="calendar-sync-status">
          No link yet.
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void make()}
          disabled={creating.loading}
          data-testid="calendar-sync-create"
        >
          {status?.active || link ? 'Make a new link' : 'Get a calendar link'}
        </button>
        {(status?.active || link) && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void stop()}
            disabled={revoking.loading}
            data-testid="calendar-sync-revoke"
          >
            Turn off
          </button>
        )}
      </div>
    </section>
  );
}
