import { Link } from 'react-router-dom';
import { MODULES, type ModuleKey } from '../../app/modules';

/** Module pages that later work fills: route, guard and menu entry exist; the page says what is coming. */
export function ComingSoonPage({ module }: { module: ModuleKey }) {
  const info = MODULES[module];
  return (
    <section className="page" data-testid={`module-${info.key}`}>
      <header className="page-header">
        <div>
          <h1>{info.title}</h1>
        </div>
      </header>
      <div className="card coming-soon">
        <span className="coming-soon-badge">Coming soon</span>
        <p className="lead">
          <strong>{info.title} is coming:</strong> {info.summary}
        </p>
        <p className="muted">
          This page is where the module will live. Everything else in your workspace — locations, staff, permissions and settings — already
          works.
        </p>
        <div className="row gap">
          <Link to="/dashboard" className="btn btn-secondary">
            Back to dashboard
          </Link>
          {'help' in info && info.help && (
            <Link to={`/help/${info.help}`} className="btn btn-ghost">
              Read the help page
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
