import { Link, useParams } from 'react-router-dom';
import { HELP_CONTENT, HELP_TOPICS, isHelpTopic } from '../../app/modules';
import { NotFound } from '../../shell/NotFound';

export function HelpIndexPage() {
  return (
    <section className="page" data-testid="help-index">
      <header className="page-header">
        <div>
          <h1>Help</h1>
          <p className="muted">Guides for every part of your workspace.</p>
        </div>
      </header>
      <ul className="help-grid">
        {HELP_TOPICS.map((t) => (
          <li key={t}>
            <Link to={`/help/${t}`} className="card help-card">
              <span className="help-card-title">{HELP_CONTENT[t].title}</span>
              <span className="muted small">{HELP_CONTENT[t].body.slice(0, 90)}…</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HelpTopicPage() {
  const { topic } = useParams();
  if (!isHelpTopic(topic)) return <NotFound />;
  const c = HELP_CONTENT[topic];
  return (
    <section className="page narrow" data-testid={`help-${topic}`}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/help">Help</Link> <span aria-hidden="true">/</span> <span>{c.title}</span>
      </nav>
      <header className="page-header">
        <h1>{c.title}</h1>
      </header>
      <div className="card prose">
        {[...c.body.split('\n\n'), ...(c.more ?? [])].map((para, i) => (
          <p key={i}>{para}</p>
        ))}
        <p>
          <Link to={c.path} className="btn btn-secondary">
            Open {c.title}
          </Link>
        </p>
      </div>
    </section>
  );
}
