import { useState } from 'react';
import { getInitials } from '../lib/user-display';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#e5e7eb"/><circle cx="20" cy="16" r="7" fill="#9ca3af"/><path d="M6 38c2-8 8-12 14-12s12 4 14 12" fill="#9ca3af"/></svg>',
  );

interface Props {
  firstName?: string | null;
  lastName?: string | null;
  picture?: string | null;
  size?: number;
}

/** Profile picture, else initials, else a placeholder image. */
export function Avatar({ firstName, lastName, picture, size = 36 }: Props) {
  const [broken, setBroken] = useState(false);
  const initials = getInitials({ firstName, lastName });
  const style = { width: size, height: size, fontSize: size * 0.38 };
  if (picture && !broken) {
    return <img className="avatar" style={style} src={picture} alt="" onError={() => setBroken(true)} data-testid="avatar-image" />;
  }
  if (initials !== '??') {
    return (
      <span className="avatar avatar-initials" style={style} aria-hidden="true" data-testid="avatar-initials">
        {initials}
      </span>
    );
  }
  return <img className="avatar" style={style} src={PLACEHOLDER} alt="??" data-testid="avatar-placeholder" />;
}
