import { Link, useLocation } from 'react-router-dom';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="page empty-state" data-testid="not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p className="muted">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <Link className="btn btn-primary" to="/dashboard">
        Back to dashboard
      </Link>
    </section>
  );
}
