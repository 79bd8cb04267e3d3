import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { NotFound } from '../../shell/NotFound';
import { HELP_GUIDES, isHelpTopic, searchHelp } from './help-content';

export function HelpIndexPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const hits = useMemo(() => searchHelp(query), [query]);
  return (
    <section className="page" data-testid="help-index">
      <header className="page-header">
        <div>
          <h1>Help</h1>
          <p className="muted">Guides for every part of your workspace.</p>
        </div>
      </header>
      <div className="help-search" role="search">
        <label htmlFor="help-search-input">Search help</label>
        <input
          id="help-search-input"
          type="search"
          value={query}
          placeholder="e.g. refund, late cancel, tips"
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        />
      </div>
      <p className="muted small" aria-live="polite" data-testid="help-result-count">
        {query ? `${hits.length} ${hits.length === 1 ? 'guide mentions' : 'guides mention'} “${query}”` : `${hits.length} guides`}
      </p>
      <ul className="help-grid">
        {hits.map(({ guide, excerpt }) => (
          <li key={guide.topic}>
            <Link to={`/help/${guide.topic}`} className="card help-card">
              <span className="help-card-title">{guide.title}</span>
              <span className="muted small">{excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

// Links inside a guide that point into the app stay in the app (no reload, session kept).
const GUIDE_COMPONENTS: Components = {
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ),
};

export function HelpTopicPage() {
  const { topic } = useParams();
  if (!isHelpTopic(topic)) return <NotFound />;
  const guide = HELP_GUIDES[topic];
  return (
    <section className="page narrow" data-testid={`help-${topic}`}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/help">Help</Link> <span aria-hidden="true">/</span> <span>{guide.title}</span>
      </nav>
      <header className="page-header">
        <h1>{guide.title}</h1>
      </header>
      <article className="card prose help-guide">
        <Markdown components={GUIDE_COMPONENTS}>{guide.markdown}</Markdown>
        <p>
          <Link to={guide.path} className="btn btn-secondary">
            Open {guide.title}
          </Link>
        </p>
      </article>
    </section>
  );
}
