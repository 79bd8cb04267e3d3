import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getFullName } from '../lib/user-display';
import { STORAGE_KEYS, storage } from '../session/storage-keys';
import type { User } from '@salon/contracts';
import { Avatar } from './Avatar';

interface Props {
  user: User | null;
  onSignOut(): void;
}

/** Header user menu (spec §2): avatar, full name or 'Unknown User', e-mail, Profile & Settings, Sign out. */
export function UserMenu({ user, onSignOut }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const picture = user?.profilePicture ?? storage.get(STORAGE_KEYS.profilePicture);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu-button"
        onClick={() => setOpen((o) => !o)}
      >
        {/* Named by its text, not aria-label: a label that leaves out the visible initials fails WCAG 2.5.3. */}
        <Avatar firstName={user?.firstName} lastName={user?.lastName} picture={picture} />
        <span className="visually-hidden">User menu</span>
      </button>
      {open && (
        <div className="popover user-popover" id={menuId} role="menu" aria-label="User menu" data-testid="user-menu">
          <div className="user-popover-head">
            <p className="user-popover-name" data-testid="user-menu-name">
              {getFullName(user)}
            </p>
            <p className="user-popover-email muted" data-testid="user-menu-email">
              {user?.email}
            </p>
          </div>
          <Link role="menuitem" className="popover-item" to="/settings" onClick={() => setOpen(false)}>
            Profile &amp; Settings
          </Link>
          <button
            type="button"
            role="menuitem"
            className="popover-item danger"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
