import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { formatCents, formatLongDate, formatTime, greetingFor, DISPLAY_TIME_ZONE } from '../../lib/format';
import { getFullName } from '../../lib/user-display';
import { useLocations } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { flattenMenu } from '../../shell/menu-model';
import { useMenu } from '../../shell/SideMenu';
import { addDays, dayRange, todayIn } from '../appointments/time-grid';
import { DASHBOARD_FIGURES, LOW_STOCK } from '../reports/reports-gql';
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
        {perms.can(PERMISSIONS.VIEW_REPORTS) && <SalesTodayCard locationId={loc.selected?.id} />}
        {perms.can(PERMISSIONS.VIEW_REPORTS) && <NewClientsCard locationId={loc.selected?.id} />}
        {perms.can(PERMISSIONS.VIEW_PRODUCTS) && <LowStockCard locationId={loc.selected?.id} />}
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

/** Figures refresh on their own: a ticket closed at the desk shows here within the poll, without a reload. */
const POLL_MS = 30_000;

function useDashboardFigures(locationId?: string) {
  const { data, error } = useQuery(DASHBOARD_FIGURES, {
    variables: { locationId: locationId ?? null },
    skip: !locationId,
    pollInterval: POLL_MS,
    fetchPolicy: 'cache-and-network',
  });
  return { f: data?.dashboardFigures, error };
}

function SalesTodayCard({ locationId }: { locationId?: string }) {
  const { f, error } = useDashboardFigures(locationId);
  return (
    <article className="card stat-card" data-testid="dashboard-card-sales" aria-labelledby="card-sales">
      <p className="stat-label" id="card-sales">
        Sales today
      </p>
      <p className="stat-value" data-testid="dashboard-sales-today">
        {f ? formatCents(f.salesMinor) : '—'}
      </p>
      <p className="muted small" data-testid="dashboard-sales-detail">
        {error && !f
          ? "Could not load today's sales."
          : f
            ? `${f.tickets} ${f.tickets === 1 ? 'ticket' : 'tickets'} · ${formatCents(f.tipsMinor)} in tips`
            : 'Loading…'}
      </p>
      <Link to="/reports" className="link-sm">
        Open reports
      </Link>
    </article>
  );
}

function NewClientsCard({ locationId }: { locationId?: string }) {
  const { f, error } = useDashboardFigures(locationId);
  return (
    <article className="card stat-card" data-testid="dashboard-card-new-clients" aria-labelledby="card-new-clients">
      <p className="stat-label" id="card-new-clients">
        New clients this week
      </p>
      <p className="stat-value" data-testid="dashboard-new-clients">
        {f ? f.newClientsThisWeek : '—'}
      </p>
      <p className="muted small">{error && !f ? 'Could not load new clients.' : 'Added since Monday'}</p>
      <Link to="/reports" className="link-sm">
        See the clients report
      </Link>
    </article>
  );
}

function LowStockCard({ locationId }: { locationId?: string }) {
  const { data, error } = useQuery(LOW_STOCK, {
    variables: { locationId: locationId ?? null },
    skip: !locationId,
    pollInterval: 60_000,
    fetchPolicy: 'cache-and-network',
  });
  const low = data?.products ?? null;
  const onHand = (p: NonNullable<typeof low>[number]) => p.stock.find((s) => s.locationId === locationId)?.onHand ?? 0;
  return (
    <article className="card stat-card" data-testid="dashboard-card-low-stock" aria-labelledby="card-low-stock">
      <p className="stat-label" id="card-low-stock">
        Low stock
      </p>
      <p className="stat-value" data-testid="dashboard-low-stock-count">
        {low ? low.length : '—'}
      </p>
      {error && !low ? (
        <p className="muted small">Could not load stock.</p>
      ) : low && low.length > 0 ? (
        <ul className="muted small dashboard-list">
          {low.slice(0, 3).map((p) => (
            <li key={p.id}>
              {p.name}: {onHand(p)} left
            </li>
          ))}
          {low.length > 3 && <li>and {low.length - 3} more</li>}
        </ul>
      ) : (
        <p className="muted small">{low ? 'Nothing at or under its threshold.' : 'Loading…'}</p>
      )}
      <Link to="/products" className="link-sm">
        Open products
      </Link>
    </article>
  );
}
