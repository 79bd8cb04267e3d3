import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_ACTIONS, PERMISSIONS, POS_PERMISSIONS } from '@salon/contracts/permissions';
import { ApiError } from '../../lib/api-client';
import { formatCents, formatDate, formatDateTime } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { errorText } from '../clients/clients-api';
import { formatPhone } from '../clients/phone';
import { AppointmentsTab } from './AppointmentsTab';
import { DetailsCard } from './DetailsCard';
import { ConsentCard } from './ConsentCard';
import { DangerZone, DuplicatesPanel } from './DuplicatesPanel';
import { FormsPanel } from './FormsPanel';
import { NotesPanel, useNotes } from './NotesPanel';
import { PurchasesTab } from './PurchasesTab';
import { SavedCardsCard } from './SavedCardsCard';
import { AlertsCard, TagsCard } from './TagsAlertsCards';
import { useClient, useNames, useRebasingUpdate } from './use-client';
import { CallClientButton } from '../phone/CallClientButton';
import '../../styles/clients.css';

const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'notes', label: 'Notes' },
  { key: 'appointments', label: 'Appointments' },
  { key: 'purchases', label: 'Purchases' },
  { key: 'forms', label: 'Forms' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function initials(first: string, last: string | null): string {
  return `${first.trim().charAt(0)}${(last ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}

/** /clients/:clientId — alerts on top, details with edit in place, tags, consent, notes, duplicates. */
export function ClientProfilePage() {
  const { clientId = '' } = useParams();
  // A fresh page per client: no edit state carries over when one profile links to another.
  return <ClientProfile key={clientId} clientId={clientId} />;
}

function ClientProfile({ clientId }: { clientId: string }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some((t) => t.key === params.get('tab')) ? params.get('tab') : 'profile') as TabKey;
  const { can } = usePermissions();
  const q = useClient(clientId);
  const notes = useNotes(clientId);
  const names = useNames();
  const update = useRebasingUpdate(clientId);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const canEdit = can(PERMISSIONS.EDIT_CLIENTS);
  const canDelete = can(PERMISSIONS.DELETE_CLIENTS);

  const selectTab = (key: TabKey) => {
    const next = new URLSearchParams(params);
    if (key === 'profile') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };
  const onTabKey = (e: KeyboardEvent, i: number) => {
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = TABS.length - 1;
    if (j < 0) return;
    e.preventDefault();
    selectTab(TABS[j].key);
    tabRefs.current[j]?.focus();
  };

  if (q.isPending) return <Spinner fullScreen={false} />;
  if (q.error || !q.data) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <section className="page" data-testid="client-profile">
        <div className="card empty-state">
          <h1>{notFound ? 'Client not found' : 'Could not load this client'}</h1>
          <p className="muted">{notFound ? 'The client may have been deleted or merged into another profile.' : errorText(q.error)}</p>
          <Link to="/clients" className="btn btn-secondary">
            Back to clients
          </Link>
        </div>
      </section>
    );
  }
  const c = q.data;
  const noteCount = notes.data?.length ?? 0;

  return (
    <section className="page" data-testid="client-profile">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/clients">Clients</Link> / {c.fullName}
      </nav>
      {c.alerts.length > 0 && (
        <div className="client-alerts" role="alert" data-testid="client-alerts">
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M8.26 2.99a2 2 0 0 1 3.48 0l6.02 10.5A2 2 0 0 1 16.02 16.5H3.98a2 2 0 0 1-1.74-3.01zM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1m0 6.25a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2"
            />
          </svg>
          <div>
            <span className="visually-hidden">Alerts for {c.fullName}:</span>
            <ul>
              {c.alerts.map((a) => (
                <li key={a.id}>
                  <strong>{a.kind}:</strong> {a.text}
                  {a.critical && <strong className="client-alert-critical"> (critical)</strong>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <header className="profile-header">
        <div className="profile-title">
          <span className="profile-avatar" aria-hidden="true">
            {initials(c.firstName, c.lastName)}
          </span>
          <div>
            <h1>{c.fullName}</h1>
            <div className="profile-meta">
              {c.phone && <a href={`tel:${c.phone}`}>{formatPhone(c.phone)}</a>}
              {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}
              <span>Client since {formatDate(c.createdAt)}</span>
              <span>{c.lastVisitAt ? `Last visit ${formatDate(c.lastVisitAt)}` : 'No visits yet'}</span>
              <span data-testid="client-spend">
                Lifetime spend {formatCents(c.lifetimeSpendMinor)}
                {c.lastPurchaseAt ? ` · last purchase ${formatDate(c.lastPurchaseAt)}` : ''}
              </span>
            </div>
            {c.phone && <CallClientButton clientId={c.id} clientName={c.fullName} />}
            {c.tags.length > 0 && (
              <div style={{ marginTop: '0.35rem' }}>
                {c.tags.map((t) => (
                  <span key={t} className="chip">
                    {t}
                  </span>
                ))}
              </div>
            )}
          </div>
        </div>
        {c.possibleDuplicateCount > 0 && (
          <span className="badge badge-warning">
            {c.possibleDuplicateCount} possible duplicate{c.possibleDuplicateCount === 1 ? '' : 's'}
          </span>
        )}
      </header>

      <div role="tablist" aria-label="Client sections" className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            className="tab"
            onClick={() => selectTab(t.key)}
            onKeyDown={(e) => onTabKey(e, i)}
            data-testid={`tab-${t.key}`}
          >
            {t.label}
            {t.key === 'notes' && noteCount > 0 && <span className="tab-count">{noteCount}</span>}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'profile' && (
          <div className="profile-grid">
            <div className="profile-col">
              <DetailsCard client={c} canEdit={canEdit} names={names} />
              <TagsCard client={c} canEdit={canEdit} update={update} />
              <AlertsCard client={c} canEdit={canEdit} update={update} />
              <NotesPanel clientId={c.id} canEdit={canEdit} compact />
            </div>
            <div className="profile-col">
              <ConsentCard client={c} canEdit={canEdit} update={update} nameOf={names.person} />
              {can({ anyOf: [...POS_PERMISSIONS] }) && <SavedCardsCard clientId={c.id} canUse={can(PERMISSIONS.USE_POS)} />}
              <DuplicatesPanel client={c} canMerge={canDelete} />
              <section className="card">
                <h2 className="card-title">Record</h2>
                <dl className="details">
                  <dt>Created</dt>
                  <dd>
                    {formatDateTime(c.createdAt)}
                    {c.createdBy ? ` by ${names.person(c.createdBy) ?? 'a team member'}` : ''}
                  </dd>
                  <dt>Updated</dt>
                  <dd>
                    {formatDateTime(c.updatedAt)}
                    {c.updatedBy ? ` by ${names.person(c.updatedBy) ?? 'a team member'}` : ''}
                  </dd>
                </dl>
              </section>
              {canDelete && <DangerZone client={c} />}
            </div>
          </div>
        )}
        {tab === 'notes' && <NotesPanel clientId={c.id} canEdit={canEdit} />}
        {tab === 'forms' && <FormsPanel clientId={c.id} />}
        {tab === 'appointments' &&
          (can({ anyOf: [...APPOINTMENT_ACTIONS.seeAll.anyOf, PERMISSIONS.VIEW_OWN_SCHEDULE] }) ? (
            <AppointmentsTab client={c} canBook={can(APPOINTMENT_ACTIONS.book)} staffName={names.person} />
          ) : (
            <div className="card" data-testid="tab-panel-appointments">
              <p className="muted">Your role does not show appointments.</p>
            </div>
          ))}
        {tab === 'purchases' &&
          (can({ anyOf: [...POS_PERMISSIONS] }) ? (
            <PurchasesTab client={c} />
          ) : (
            <div className="card" data-testid="tab-panel-purchases">
              <p className="muted">Your role does not show sales.</p>
            </div>
          ))}
      </div>
    </section>
  );
}
