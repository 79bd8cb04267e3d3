import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { formatDate } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { AlertIcon, QuickCreateForm, useDebounced } from '../../components/client-picker';
import { draftFromTyped } from '../../components/client-picker/create-client';
import { LOCATION_OPTIONS } from './clients-gql';
import { downloadFile, errorText } from './clients-api';
import { Dialog } from './Dialog';
import {
  LAST_VISIT_OPTIONS,
  PAGE_SIZE,
  SORT_OPTIONS,
  effectiveSort,
  isCapped,
  offsetForPage,
  totalText,
  pageCount,
  pageLabel,
  readListState,
  writeListState,
  type ListState,
} from './list-params';
import { formatPhone } from './phone';
import { useClientList } from './use-client-list';
import '../../styles/clients.css';

const numberFmt = new Intl.NumberFormat('en-US');

/** /clients: search, filters, sorting and paging over the whole client base; new, import, export. */
export function ClientsPage() {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const [searchText, setSearchText] = useState(state.search);
  const search = useDebounced(searchText.trim(), 150);
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const update = (patch: Partial<ListState>) => {
    // A late debounced write after a row was opened (this page stays up while the profile's code
    // loads) must not take the user back to the list.
    if (!/^\/clients\/?$/.test(window.location.pathname)) return;
    const next = { ...state, ...patch };
    if (!('page' in patch)) next.page = 1;
    setParams(writeListState(next), { replace: true });
  };

  // The debounced search text goes to the URL (page back to 1).
  useEffect(() => {
    if (search !== state.search) update({ search });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // Back/forward: the box follows the URL.
  useEffect(() => {
    if (state.search !== search) setSearchText(state.search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.search]);

  // "/" focuses the search box, like most list screens.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === '/' && !e.metaKey && !e.ctrlKey && t && !['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) && !t.isContentEditable) {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const filtersOn = !!(state.search || state.tag || state.locationId || state.lastVisit !== 'any');
  const sort = effectiveSort(state.sort, state.search);
  const offset = (state.page - 1) * PAGE_SIZE;
  const list = useClientList({
    search: state.search,
    tag: state.tag,
    locationId: state.locationId,
    lastVisit: state.lastVisit,
    sort,
    offset,
  });
  const locationsQ = useQuery(LOCATION_OPTIONS, { fetchPolicy: 'cache-first' });
  const { selected: headerLocation } = useLocations();
  const locations = (locationsQ.data?.locations ?? []).filter((l) => l.isActive);
  const tagsInView = useMemo(() => {
    const counts = new Map<string, number>();
    for (const c of list.items) for (const t of c.tags ?? []) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([t]) => t)
      .slice(0, 8);
  }, [list.items]);

  // A page past the end (after deletes or a narrower filter) moves back to the last page.
  useEffect(() => {
    if (!list.loading && !list.fetching && list.total > 0 && offset >= list.total && !isCapped(list.total, filtersOn))
      update({ page: pageCount(list.total) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.total, list.loading, list.fetching, offset]);

  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(format);
    try {
      const name = await downloadFile(`/api/clients/export?format=${format}`, `clients.${format}`);
      toast({ title: 'Export ready', description: `Saved ${name}`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Export failed', description: errorText(e), variant: 'destructive' });
    } finally {
      setExporting(null);
    }
  };

  const capped = isCapped(list.total, filtersOn);
  const lastPage = pageCount(list.total);
  const hasNext = capped ? list.items.length === PAGE_SIZE : offsetForPage(state.page + 1, list.total) > offset;

  return (
    <section className="page" data-testid="clients-page">
      <header className="page-header">
        <div>
          <h1>Clients</h1>
          <p className="muted">
            <span data-testid="client-total" aria-live="polite">
              {list.loading
                ? 'Loading…'
                : `${totalText(list.total, capped)} ${list.total === 1 ? 'client' : 'clients'}${filtersOn ? (list.total === 1 ? ' matches' : ' match') : ''}`}
            </span>
          </p>
        </div>
        <div className="header-actions">
          {can(PERMISSIONS.EXPORT_CLIENTS) && (
            <>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void exportAs('csv')}
                disabled={!!exporting}
                data-testid="export-csv"
              >
                {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void exportAs('json')}
                disabled={!!exporting}
                data-testid="export-json"
              >
                {exporting === 'json' ? 'Exporting…' : 'Export JSON'}
              </button>
            </>
          )}
          {can(PERMISSIONS.IMPORT_CLIENTS) && (
            <Link to="/clients-import" className="btn btn-secondary" data-testid="import-link">
              Import
            </Link>
          )}
          {can(PERMISSIONS.CREATE_CLIENTS) && (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-client-button">
              New client
            </button>
          )}
        </div>
      </header>

      <div className="card">
        <div className="clients-toolbar" role="search" aria-label="Find clients">
          <div className="field clients-search">
            <label htmlFor="client-search">Search</label>
            <div className="search-wrap">
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3m0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8"
                />
              </svg>
              <input
                ref={searchRef}
                id="client-search"
                type="search"
                placeholder="Name, phone or e-mail  ( / )"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && list.items.length === 1) navigate(`/clients/${list.items[0].id}`);
                }}
                autoComplete="off"
                spellCheck={false}
                data-testid="client-search"
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor="client-tag">Tag</label>
            <input
              id="client-tag"
              list="client-tag-options"
              value={state.tag}
              placeholder="Any tag"
              onChange={(e) => update({ tag: e.target.value.trim() })}
              data-testid="client-tag-filter"
            />
            <datalist id="client-tag-options">
              {tagsInView.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="client-location">Preferred location</label>
            <select
              id="client-location"
              value={state.locationId}
              onChange={(e) => update({ locationId: e.target.value })}
              data-testid="client-location-filter"
            >
              <option value="">All locations</option>
              {headerLocation && !locations.some((l) => l.id === headerLocation.id) && (
                <option value={headerLocation.id}>{headerLocation.name}</option>
              )}
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                  {headerLocation?.id === l.id ? ' (current)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="client-last-visit">Last visit</label>
            <select
              id="client-last-visit"
              value={state.lastVisit}
              onChange={(e) => update({ lastVisit: e.target.value as ListState['lastVisit'] })}
              data-testid="client-last-visit-filter"
            >
              {LAST_VISIT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="client-sort">Sort by</label>
            <select
              id="client-sort"
              value={sort}
              onChange={(e) => update({ sort: e.target.value as ListState['sort'] })}
              data-testid="client-sort"
            >
              {SORT_OPTIONS.filter((o) => o.value !== 'relevance' || state.search).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {(tagsInView.length > 0 || filtersOn) && (
          <div className="tag-suggestions" style={{ marginTop: '0.75rem' }}>
            {tagsInView.length > 0 && <span className="muted small">Tags:</span>}
            {tagsInView.map((t) => (
              <button
                key={t}
                type="button"
                className={`chip chip-btn${state.tag === t ? ' is-on' : ''}`}
                aria-pressed={state.tag === t}
                onClick={() => update({ tag: state.tag === t ? '' : t })}
              >
                {t}
              </button>
            ))}
            {filtersOn && (
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => {
                  setSearchText('');
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Clear filters
              </button>
            )}
          </div>
        )}
      </div>

      {list.error && !list.items.length ? (
        <div className="alert alert-error" role="alert">
          {list.error}
        </div>
      ) : list.loading ? (
        <Spinner fullScreen={false} />
      ) : list.items.length === 0 ? (
        <div className="card empty-state">
          <h2>{filtersOn ? 'No clients match' : 'No clients yet'}</h2>
          <p className="muted">
            {filtersOn
              ? 'Try another spelling, fewer filters, or part of a phone number.'
              : 'Add your first client or import your list from another system.'}
          </p>
          {!filtersOn && (
            <div className="row gap">
              {can(PERMISSIONS.CREATE_CLIENTS) && (
                <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                  New client
                </button>
              )}
              {can(PERMISSIONS.IMPORT_CLIENTS) && (
                <Link to="/clients-import" className="btn btn-secondary">
                  Import clients
                </Link>
              )}
            </div>
          )}
        </div>
      ) : (
        <>
          <div className={`card table-card${list.fetching ? ' table-loading' : ''}`} aria-busy={list.fetching}>
            <table className="table clients-table" aria-label="Clients">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Last visit</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((c) => (
                  <tr
                    key={c.id}
                    data-testid={`client-row-${c.id}`}
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest('a, button')) return;
                      navigate(`/clients/${c.id}`);
                    }}
                  >
                    <td>
                      <Link to={`/clients/${c.id}`} className="client-link">
                        {c.fullName || '(no name)'}
                        <AlertIcon alerts={c.alerts ?? []} />
                      </Link>
                      {(c.possibleDuplicateCount ?? 0) > 0 && (
                        <span className="badge badge-warning" style={{ marginLeft: '0.4rem' }}>
                          Possible duplicate
                        </span>
                      )}
                    </td>
                    <td data-label="Phone" className={c.phone ? 'num' : 'cell-empty'}>
                      {c.phone ? <a href={`tel:${c.phone}`}>{formatPhone(c.phone)}</a> : <span className="muted">—</span>}
                    </td>
                    <td data-label="E-mail" className={c.email ? '' : 'cell-empty'}>
                      {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : <span className="muted">—</span>}
                    </td>
                    <td data-label="Tags" className={`cell-tags${c.tags?.length ? '' : ' cell-empty'}`}>
                      {c.tags?.length ? (
                        c.tags.map((t) => (
                          <button
                            key={t}
                            type="button"
                            className="chip chip-btn"
                            onClick={() => update({ tag: t })}
                            aria-label={`Filter by tag ${t}`}
                          >
                            {t}
                          </button>
                        ))
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td data-label="Last visit">{c.lastVisitAt ? formatDate(c.lastVisitAt) : <span className="muted">Never</span>}</td>
                    <td data-label="Created">{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <span className="muted small num" data-testid="client-range">
              {pageLabel(offset, list.items.length, list.total, capped)}
            </span>
            <div className="pager-buttons">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={state.page <= 1}
                onClick={() => update({ page: state.page - 1 })}
                data-testid="page-prev"
              >
                ‹ Previous
              </button>
              <span className="muted small num">
                Page {numberFmt.format(state.page)}
                {capped ? '' : ` of ${numberFmt.format(lastPage)}`}
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={!hasNext}
                onClick={() => update({ page: state.page + 1 })}
                data-testid="page-next"
              >
                Next ›
              </button>
            </div>
          </nav>
        </>
      )}

      {creating && (
        <Dialog title="New client" onClose={() => setCreating(false)} testId="new-client-dialog">
          <QuickCreateForm
            initial={draftFromTyped(searchText)}
            onCancel={() => setCreating(false)}
            onUseExisting={(hit) => navigate(`/clients/${hit.id}`)}
            useExistingLabel="Open"
            onCreated={(c) => {
              toast({ title: `${c.fullName} added`, variant: 'success' });
              navigate(`/clients/${c.id}`);
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
