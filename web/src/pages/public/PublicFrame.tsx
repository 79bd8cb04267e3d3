import type { ReactNode } from 'react';

/** Frame of the public pages: no sidebar, no header, just a slim brand bar. */
export function PublicFrame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="public-screen">
      <div className="public-bar">
        <span className="brand-mark" aria-hidden="true">
          S
        </span>
        <span className="public-bar-name">Online</span>
        <div className="header-spacer" />
        {aside}
      </div>
      <main className="public-main">{children}</main>
    </div>
  );
}
