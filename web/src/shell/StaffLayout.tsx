import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { Spinner } from './Spinner';
import { useIsMobile } from './use-media-query';

/** Signed-in staff frame: side menu, header and the page. */
export function StaffLayout() {
  return <StaffFrame />;
}

export function StaffFrame({ children }: { children?: ReactNode }) {
  const isMobile = useIsMobile();
  // Spec §2: under 768 px the menu starts closed; wider screens start open.
  const [open, setOpen] = useState(() => !isMobile);
  useEffect(() => setOpen(!isMobile), [isMobile]);

  useEffect(() => {
    if (!(isMobile && open)) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMobile, open]);

  return (
    <div className={`staff-shell${open && !isMobile ? ' menu-open' : ''}`} data-testid="staff-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SideMenu open={open} isMobile={isMobile} onNavigate={() => isMobile && setOpen(false)} onClose={() => setOpen(false)} />
      <div className="staff-main">
        <Header menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} />
        <main id="main" className="content" tabIndex={-1}>
          <Suspense fallback={<Spinner fullScreen={false} />}>{children ?? <Outlet />}</Suspense>
        </main>
      </div>
    </div>
  );
}
