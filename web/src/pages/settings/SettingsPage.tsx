import { getFullName } from '../../lib/user-display';
import { useSession } from '../../session/session-context';
import { Avatar } from '../../shell/Avatar';
import { BusinessSettingsCard } from './BusinessSettingsCard';
import { ColorPreferencesCard } from './ColorPreferencesCard';

export function SettingsPage() {
  const { user } = useSession();
  return (
    <section className="page" data-testid="settings-page">
      <header className="page-header">
        <div>
          <h1>Profile &amp; Settings</h1>
          <p className="muted">Your profile, your business and how the app looks for you.</p>
        </div>
      </header>
      <section className="card profile-card" aria-labelledby="profile-title">
        <Avatar firstName={user?.firstName} lastName={user?.lastName} picture={user?.profilePicture} size={56} />
        <div>
          <h2 id="profile-title" className="card-title">
            {getFullName(user)}
          </h2>
          <p className="muted">{user?.email}</p>
          <p className="small">
            <span className="badge">{user?.role}</span>{' '}
            {user?.permissionGroups?.map((g) => (
              <span key={g.name} className="chip">
                {g.name}
              </span>
            ))}
          </p>
        </div>
      </section>
      <BusinessSettingsCard />
      <ColorPreferencesCard />
    </section>
  );
}
