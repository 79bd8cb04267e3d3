import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { formatLongDate, formatTime, greetingFor, DISPLAY_TIME_ZONE } from '../../lib/format';
import { getFullName } from '../../lib/user-display';
import { useLocations } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { flattenMenu } from '../../shell/menu-model';
import { useMenu } from '../../shell/SideMenu';
import { addDays, dayRange, todayIn } from '../appointments/time-grid';
import { todaySummary } from './today-summary';

const VIEWER = graphql(`
  query DashboardViewer {
    viewer {
      id
      firstName
      lastName
      fullName
      role
      permissionGroups {
        id
        name
      }
    }
  }
`);

function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

const TODAY = graphql(`
  query DashboardToday($locationId: ID, $from: String!, $to: String!) {
    appointments(locationId: $locationId, from: $from, to: $to) {
      id
      status
      startsAt
      client {
        id
        fullName
      }
    }
  }
`);

const CLIENT_COUNTS = graphql(`
  query DashboardClients($since: String!) {
    all: clients(limit: 1) {
      total
    }
    recent: clients(lastVisitAfter: $since, limit: 1) {
      total
    }
  }
`);

/** Not built yet: the card says so, and nothing else on the dashboard claims a missing module. */
const COMING = [
  {
    id: 'sales',
    title: 'Sales',
    module: 'Retail',
    text: "Today's takings, tips and retail sales arrive with the point-of-sale module.",
  },
];

export function DashboardPage() {
  const { user } = useSession();
  const perms = usePermissions();
  const loc = useLocations();
  const { menu } = useMenu();
  const { data } = useQuery(VIEWER);
  const now = useNow();
  const viewer = data?.viewer;
  const firstName = viewer?.firstName ?? user?.firstName ?? null;
  const role = viewer?.role ?? user?.role ?? 'staff';
  const groups = viewer?.permissionGroups ?? user?.permissionGroups ?? perms.groups;
  const links = flattenMenu(menu).filter((l) => l.path !== '/dashboard');

  return (
    <section className="page" data-testid="dashboard">
      <header className="page-header">
        <div>
          <p className="eyebrow" data-testid="dashboard-date">
            {formatLongDate(now)}
          </p>
          <h1 data-testid="dashboard-greeting">
            {greetingFor(now)}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          <p className="muted">Here is your business at a glance. Times are shown in {DISPLAY_TIME_ZONE.replace('_', ' ')}.</p>
        </div>
      </header>

      <div className="grid grid-3">
        {perms.can(PERMISSIONS.VIEW_CALENDAR) && (
          <TodayCard locationId={loc.selected?.id} timeZone={loc.selected?.timeZone ?? DISPLAY_TIME_ZONE} now={now} />
        )}
        {perms.can(PERMISSIONS.VIEW_CLIENTS) && <ClientsCard timeZone={loc.selected?.timeZone ?? DISPLAY_TIME_ZONE} now={now} />}
        {COMING.map((c) => (
          <article key={c.id} className="card stat-card" data-testid={`dashboard-card-${c.id}`} aria-labelledby={`card-${c.id}`}>
            <p className="stat-label" id={`card-${c.id}`}>
              {c.title}
            </p>
            <p className="stat-value" aria-hidden="true">
              —
            </p>
            <p className="muted small">{c.text}</p>
            <span className="chip">Arrives with the {c.module} module</span>
          </article>
        ))}
      </div>

      <div className="grid grid-2">
        <article className="card" data-testid="dashboard-location" aria-labelledby="dash-location">
          <h2 id="dash-location" className="card-title">
            Your location
          </h2>
          {loc.isLoading ? (
            <p className="muted">Loading locations...</p>
          ) : loc.selected ? (
            <dl className="details">
              <dt>Name</dt>
              <dd>
                {loc.selected.name} {loc.selected.isDefault && <span className="badge badge-primary">Default</span>}
              </dd>
              <dt>Time zone</dt>
              <dd>{loc.selected.timeZone ?? DISPLAY_TIME_ZONE}</dd>
              <dt>Address</dt>
              <dd>{loc.selected.address || <span className="muted">No address yet</span>}</dd>
              {loc.selected.phone && (
                <>
                  <dt>Phone</dt>
                  <dd>{loc.selected.phone}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="muted">No locations available. {role === 'admin' && <Link to="/locations">Add your first location</Link>}</p>
          )}
        </article>

        <article className="card" data-testid="dashboard-access" aria-labelledby="dash-access">
          <h2 id="dash-access" className="card-title">
            Your access
          </h2>
          <dl className="details">
            <dt>Signed in as</dt>
            <dd>{viewer?.fullName || getFullName(user)}</dd>
            <dt>Role</dt>
            <dd>
              <span className="badge" data-testid="dashboard-role">
                {role}
              </span>
            </dd>
            <dt>Permission groups</dt>
            <dd data-testid="dashboard-groups">
              {groups.length ? (
                groups.map((g) => (
                  <span key={g.name} className="chip">
                    {g.name}
                  </span>
                ))
              ) : (
                <span className="muted">{role === 'admin' ? 'Admins can do everything' : 'None'}</span>
              )}
            </dd>
          </dl>
        </article>
      </div>

      <article className="card" aria-labelledby="dash-links">
        <h2 id="dash-links" className="card-title">
          Go to
        </h2>
        <ul className="quick-links" data-testid="dashboard-links">
          {links.map((l) => (
            <li key={l.id}>
              <Link to={l.path} className="quick-link">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </article>
    </section>
  );
}

function TodayCard({ locationId, timeZone, now }: { locationId?: string; timeZone: string; now: Date }) {
  const today = todayIn(timeZone, now);
  const { from, to } = dayRange(today, 1, timeZone);
  const { data, error } = useQuery(TODAY, {
    variables: { locationId, from: from.toISOString(), to: to.toISOString() },
    skip: !locationId,
    pollInterval: 60_000,
  });
  const summary = data?.appointments
    ? todaySummary(
        data.appointments.map((a) => ({ id: a.id, status: a.status, startsAt: a.startsAt, clientName: a.client?.fullName ?? null })),
        now,
      )
    : null;
  return (
    <article className="card stat-card" data-testid="dashboard-card-appointments" aria-labelledby="card-appointments">
      <p className="stat-label" id="card-appointments">
        Appointments today
      </p>
      <p className="stat-value" data-testid="dashboard-today-count">
        {summary ? summary.booked : '—'}
      </p>
      {error && !data ? (
        <p className="muted small">Could not load today's appointments.</p>
      ) : summary ? (
        <p className="muted small">
          {summary.arrived} arrived · {summary.stillToCome} still to come
          {summary.next && (
            <>
              {' '}
              · next: {summary.next.clientName ?? 'a client'} at {formatTime(summary.next.startsAt)}
            </>
          )}
        </p>
      ) : (
        <p className="muted small">Loading…</p>
      )}
      <Link to="/appointments" className="link-sm">
        Open the calendar
      </Link>
    </article>
  );
}

function ClientsCard({ timeZone, now }: { timeZone: string; now: Date }) {
  const since = dayRange(addDays(todayIn(timeZone, now), -30), 1, timeZone).from.toISOString();
  const { data, error } = useQuery(CLIENT_COUNTS, { variables: { since } });
  return (
    <article className="card stat-card" data-testid="dashboard-card-clients" aria-labelledby="card-clients">
      <p className="stat-label" id="card-clients">
        Clients
      </p>
      <p className="stat-value" data-testid="dashboard-clients-total">
        {data?.all ? data.all.total : '—'}
      </p>
      <p className="muted small">
        {error && !data ? 'Could not load clients.' : data?.recent ? `${data.recent.total} visited in the last 30 days` : 'Loading…'}
      </p>
      <Link to="/clients" className="link-sm">
        Open clients
      </Link>
    </article>
  );
}
