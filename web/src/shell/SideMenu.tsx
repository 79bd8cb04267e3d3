import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { usePermissions } from '../session/use-permissions';
import { useBusinessSettings } from '../session/business-settings';
import { buildMenu, groupOfPath, linkMatches, type MenuLink } from './menu-model';
import { MenuIcon } from './menu-icons';

interface Props {
  open: boolean;
  isMobile: boolean;
  onNavigate(): void;
  onClose(): void;
}

export function useMenu() {
  const { user } = useSession();
  const perms = usePermissions();
  const groups = useMemo(() => {
    const byName = new Map<string, { name: string }>();
    for (const g of [...(user?.permissionGroups ?? []), ...perms.groups]) byName.set(g.name, g);
    return [...byName.values()];
  }, [user?.permissionGroups, perms.groups]);
  const menu = useMemo(
    () => (user ? buildMenu({ role: user.role, permissions: perms.permissions, groups }) : []),
    [user, perms.permissions, groups],
  );
  return { menu, isLoading: perms.isLoading };
}

/** The side menu (spec §2): groups, auto-open, manual toggle, mobile overlay, user block. */
export function SideMenu({ open, isMobile, onNavigate, onClose }: Props) {
  const { user } = useSession();
  const settings = useBusinessSettings();
  const { menu, isLoading } = useMenu();
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set());

  const currentGroup = groupOfPath(menu, pathname);
  // Spec §2: the group of the current route opens on every route change (also after it was
  // closed by hand while on another of its routes).
  useEffect(() => {
    if (currentGroup) setOpenGroups((s) => (s.has(currentGroup) ? s : new Set(s).add(currentGroup)));
  }, [currentGroup, pathname]);

  const toggle = (id: string) =>
    setOpenGroups((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const link = (l: MenuLink, nested: boolean) => (
    <li key={l.id}>
      <Link
        to={l.path}
        className={`menu-link${nested ? ' nested' : ''}${linkMatches(l, pathname) ? ' active' : ''}`}
        aria-current={linkMatches(l, pathname) ? 'page' : undefined}
        data-testid={`menu-link-${l.id}`}
        onClick={onNavigate}
      >
        {!nested && <MenuIcon id={l.id} />}
        <span>{l.label}</span>
      </Link>
    </li>
  );

  const businessName = settings.data?.businessName || 'Your business';
  return (
    <>
      {isMobile && open && <div className="menu-backdrop" data-testid="menu-backdrop" aria-hidden="true" onClick={onClose} />}
      <aside
        id="side-menu"
        className={`side-menu${open ? ' is-open' : ''}${isMobile ? ' is-mobile' : ''}`}
        aria-hidden={!open}
        inert={!open}
      >
        <div className="side-menu-brand">
          <Link to="/dashboard" className="brand-link" onClick={onNavigate}>
            {settings.data?.businessLogo ? (
              <img src={settings.data.businessLogo} alt="" className="brand-logo" />
            ) : (
              <span className="brand-mark" aria-hidden="true">
                {businessName.charAt(0).toUpperCase()}
              </span>
            )}
            <span className="brand-name">{businessName}</span>
          </Link>
          {isMobile && (
            <button type="button" className="icon-btn" aria-label="Close menu" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <nav role="navigation" aria-label="Main menu" className="side-menu-nav" data-testid="side-menu">
          {isLoading && menu.length === 0 ? null : (
            <ul className="menu-list">
              {menu.map((e) => {
                if (e.kind === 'link') return link(e, false);
                const expanded = openGroups.has(e.id);
                const active = currentGroup === e.id;
                return (
                  <li key={e.id} className="menu-group" data-testid={`menu-group-${e.id}`}>
                    <button
                      type="button"
                      className={`menu-link menu-group-toggle${active ? ' has-active' : ''}`}
                      aria-expanded={expanded}
                      aria-controls={`menu-group-${e.id}-items`}
                      data-testid={`menu-group-toggle-${e.id}`}
                      onClick={() => toggle(e.id)}
                    >
                      <MenuIcon id={e.id} />
                      <span>{e.label}</span>
                      <svg className="icon chevron" viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                    </button>
                    <ul id={`menu-group-${e.id}-items`} className="menu-sublist" hidden={!expanded} role="list">
                      {e.children.map((c) => link(c, true))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        <div className="side-menu-user" data-testid="menu-user">
          <span className="menu-user-first" data-testid="menu-user-first-name">
            {user?.firstName ?? ''}
          </span>{' '}
          <span className="menu-user-last" data-testid="menu-user-last-name">
            {user?.lastName ?? ''}
          </span>
          <span className="menu-user-email muted" data-testid="menu-user-email">
            {user?.email}
          </span>
        </div>
      </aside>
    </>
  );
}
