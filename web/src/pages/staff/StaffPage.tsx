import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { Avatar } from '../../shell/Avatar';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { InviteStaffForm } from './InviteStaffForm';
import { SET_USER_ACTIVE, STAFF_USERS, type StaffUser } from './staff-gql';
import { StaffProfile } from './StaffProfile';
import './staff.css';

export function StaffPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { can } = usePermissions();
  // A row links to the person's hours, exceptions and time off for whoever may see everyone's schedule.
  const seesSchedules = can({ anyOf: [PERMISSIONS.VIEW_SCHEDULES, PERMISSIONS.VIEW_CALENDAR, PERMISSIONS.EDIT_CALENDAR] });
  // scheduling's `services` query: the profile lists what the person performs for whoever may read the catalogue.
  const seesServices = can({
    anyOf: [
      PERMISSIONS.VIEW_SERVICES,
      PERMISSIONS.VIEW_CALENDAR,
      PERMISSIONS.EDIT_CALENDAR,
      PERMISSIONS.EDIT_BUSINESS_SETTINGS,
      PERMISSIONS.VIEW_BUSINESS_SETTINGS,
    ],
  });
  const seesOwnSchedule = can(PERMISSIONS.VIEW_OWN_SCHEDULE);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [inviting, setInviting] = useState(false);
  const { data, previousData, loading, error, refetch } = useQuery(STAFF_USERS, {
    variables: { search: deferred || null, includeInactive: isAdmin ? true : null },
  });
  const [setActive, activeState] = useMutation(SET_USER_ACTIVE);
  const shown = data ?? previousData;
  const people = [...(shown?.admins ?? []), ...(shown?.staff ?? [])].sort((a, b) =>
    (a.fullName || a.email).localeCompare(b.fullName || b.email),
  );

  const profile = profileId ? people.find((p) => p.id === profileId) : undefined;
  const hasActions = isAdmin || seesSchedules;

  const toggleActive = async (p: StaffUser) => {
    try {
      await setActive({ variables: { id: p.id, isActive: !p.isActive } });
      await refetch();
      toast({ title: p.isActive ? `${p.fullName || p.email} deactivated` : `${p.fullName || p.email} reactivated`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Could not change status', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <section className="page" data-testid="staff-page">
      <header className="page-header">
        <div>
          <h1>Staff</h1>
          <p className="muted">Everyone on your team, their contact details and access.</p>
        </div>
        {isAdmin && !inviting && (
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invite staff
          </button>
        )}
      </header>
      {inviting && <InviteStaffForm onDone={() => void refetch()} onClose={() => setInviting(false)} />}
      <div className="toolbar">
        <label htmlFor="staff-search" className="visually-hidden">
          Search staff
        </label>
        <input
          id="staff-search"
          type="search"
          className="search-input"
          placeholder="Search by name, e-mail or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="muted small" aria-live="polite">
          {shown ? `${people.length} ${people.length === 1 ? 'person' : 'people'}` : ''}
        </span>
      </div>
      {error && !shown ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : loading && !shown ? (
        <Spinner fullScreen={false} />
      ) : people.length === 0 ? (
        <div className="card empty-state">
          <h2>No one found</h2>
          <p className="muted">{deferred ? `Nobody matches “${deferred}”.` : 'Invite your first team member to get started.'}</p>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label="Staff">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Role</th>
                <th scope="col">Groups</th>
                <th scope="col">Status</th>
                {hasActions && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id} className={p.isActive ? '' : 'is-inactive'} data-testid={`staff-row-${p.id}`}>
                  <td>
                    <span className="person">
                      <Avatar firstName={p.firstName} lastName={p.lastName} picture={p.profilePicture} size={32} />
                      <button
                        type="button"
                        className="staff-name-button"
                        onClick={() => setProfileId(p.id)}
                        aria-label={`${p.fullName || p.email}: profile`}
                        aria-haspopup="dialog"
                      >
                        {p.fullName || p.email}
                      </button>
                    </span>
                  </td>
                  <td>
                    <a href={`mailto:${p.email}`}>{p.email}</a>
                  </td>
                  <td>{p.phone || <span className="muted">—</span>}</td>
                  <td>
                    <span className={`badge${p.role === 'admin' ? ' badge-primary' : ''}`}>{p.role}</span>
                  </td>
                  <td>
                    {p.permissionGroups.length ? (
                      p.permissionGroups.map((g) => (
                        <span key={g.id} className="chip">
                          {g.name}
                        </span>
                      ))
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    <span className={`badge ${p.isActive ? 'badge-success' : 'badge-muted'}`}>{p.isActive ? 'Active' : 'Inactive'}</span>
                  </td>
                  {hasActions && (
                    <td className="cell-actions">
                      {seesSchedules && p.role !== 'client' && (
                        <Link
                          to={`/staff-schedule/${p.id}`}
                          className="btn btn-ghost btn-sm"
                          aria-label={`${p.fullName || p.email}: hours and time off`}
                        >
                          Hours
                        </Link>
                      )}
                      {isAdmin && p.id !== user?.id && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          disabled={activeState.loading}
                          onClick={() => void toggleActive(p)}
                          aria-label={`${p.isActive ? 'Deactivate' : 'Reactivate'} ${p.fullName || p.email}`}
                        >
                          {p.isActive ? 'Deactivate' : 'Reactivate'}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {profile && (
        <StaffProfile
          key={profile.id}
          person={profile}
          onClose={() => setProfileId(null)}
          canEditBio={isAdmin || profile.id === user?.id}
          seesSchedule={seesSchedules || (profile.id === user?.id && seesOwnSchedule)}
          seesServices={seesServices}
          isSelf={profile.id === user?.id}
          managesFeed={profile.id === user?.id ? isAdmin || seesSchedules || seesOwnSchedule : isAdmin || can(PERMISSIONS.EDIT_CALENDAR)}
          seesPay={profile.id === user?.id || isAdmin || can(PERMISSIONS.MANAGE_PAYROLL)}
          managesPay={isAdmin || can(PERMISSIONS.MANAGE_PAYROLL)}
        />
      )}
    </section>
  );
}
