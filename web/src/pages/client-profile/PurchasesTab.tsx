import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { formatCents, formatDate, formatDateTime } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { Spinner } from '../../shell/Spinner';
import { CLIENT_SALES } from './client-purchases-gql';
import { itemsLine, methodLabel, saleState } from './client-purchases';

interface Props {
  client: { id: string; fullName: string; lifetimeSpendMinor: number; lastPurchaseAt: string | null };
}

const STATE_TEXT = { paid: 'Paid', 'partly-refunded': 'Partly refunded', refunded: 'Refunded' } as const;

/**
 * The profile's Purchases tab: the client's closed sales from retail (`salesHistory`, the same
 * rows as GET /api/sales-history?clientId=), newest first, each with its items, total, how it was
 * paid and what was refunded, and a link that opens the ticket in /pos. The lifetime spend on top is
 * the clients service's projection of the same sales (net of refunds).
 */
export function PurchasesTab({ client }: Props) {
  const q = useQuery(CLIENT_SALES, { variables: { clientId: client.id }, fetchPolicy: 'cache-and-network' });
  if (q.loading && !q.data) return <Spinner fullScreen={false} />;
  if (q.error && !q.data)
    return (
      <div className="card" role="alert" data-testid="tab-panel-purchases">
        Purchases could not be loaded: {refusalText(q.error, 'see sales')}
      </div>
    );
  const sales = q.data?.salesHistory ?? [];
  return (
    <div className="profile-visits" data-testid="tab-panel-purchases">
      <section className="card" aria-labelledby="purchases-summary-title">
        <h2 className="card-title" id="purchases-summary-title">
          Spend
        </h2>
        <dl className="details">
          <dt>Lifetime spend</dt>
          <dd data-testid="purchases-lifetime">{formatCents(client.lifetimeSpendMinor)}</dd>
          <dt>Last purchase</dt>
          <dd>{client.lastPurchaseAt ? formatDate(client.lastPurchaseAt) : 'None yet'}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="purchases-list-title" data-testid="purchases">
        <h2 className="card-title" id="purchases-list-title">
          Sales <span className="muted">({sales.length})</span>
        </h2>
        {sales.length === 0 ? (
          <p className="muted" data-testid="purchases-empty">
            No purchases yet. Sales appear here once their ticket is paid in the point of sale.
          </p>
        ) : (
          <ul className="visit-list">
            {sales.map((s) => {
              const state = saleState(s);
              return (
                <li key={s.ticketId} className="visit-row" data-testid="sale-row" data-state={state}>
                  <div className="visit-main">
                    <strong>{itemsLine(s.items)}</strong>
                    <div className="visit-when">
                      {formatDateTime(s.closedAt)} · <span data-testid="sale-total">{formatCents(s.totalMinor)}</span>
                      {s.methods.length > 0 && <span className="muted"> · {s.methods.map(methodLabel).join(' + ')}</span>}
                    </div>
                  </div>
                  <div className="row gap">
                    <span className={`badge ${state === 'paid' ? 'badge-success' : 'badge-warning'}`} data-testid="sale-state">
                      {STATE_TEXT[state]}
                      {state !== 'paid' ? ` ${formatCents(s.refundedMinor)}` : ''}
                    </span>
                    <Link
                      to={`/pos?ticket=${encodeURIComponent(s.ticketId)}`}
                      className="btn btn-ghost btn-sm"
                      aria-label={`Open ticket #${s.number} in the point of sale`}
                    >
                      Ticket #{s.number}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
