import { Link, useLocation } from 'react-router-dom';
import { useBusinessSettings } from '../session/business-settings';
import { useLocations } from '../session/location-context';
import { useSession } from '../session/session-context';
import { helpPathFor } from './help-path';
import { LocationSelector } from './LocationSelector';
import { UserMenu } from './UserMenu';

interface Props {
  menuOpen: boolean;
  onToggleMenu(): void;
}

export function Header({ menuOpen, onToggleMenu }: Props) {
  const { user, logout } = useSession();
  const settings = useBusinessSettings();
  const loc = useLocations();
  const { pathname } = useLocation();
  const name = settings.data?.businessName || 'Your business';
  return (
    <header className="app-header" role="banner">
      <button
        type="button"
        className="icon-btn menu-toggle"
        aria-label="Toggle menu"
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        data-testid="menu-toggle"
        onClick={onToggleMenu}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Link to="/dashboard" className="header-logo" aria-label={`${name} – go to dashboard`} data-testid="header-logo">
        {settings.data?.businessLogo ? (
          <img src={settings.data.businessLogo} alt="" className="brand-logo" />
        ) : (
          <span className="brand-mark" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
      </Link>
      <LocationSelector locations={loc.locations} isLoading={loc.isLoading} selected={loc.selected} onSelect={loc.select} />
      <div className="header-spacer" />
      <Link to={helpPathFor(pathname)} className="icon-btn" aria-label="Help" data-testid="help-link">
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </Link>
      <UserMenu user={user} onSignOut={() => void logout()} />
    </header>
  );
}
