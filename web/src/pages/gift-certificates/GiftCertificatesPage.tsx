import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate, formatDateTime } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import '../../styles/clients.css';
import '../products/products.css';
import { GIFT_CARDS } from './gift-cards-gql';

const STATUS_BADGE: Record<string, string> = { active: 'badge-success', empty: 'badge-muted', expired: 'badge-warning' };
const ENTRY_LABEL: Record<string, string> = {
  issued: 'Issued',
  redeemed: 'Redeemed',
  refunded: 'Refunded to card',
  adjusted: 'Adjusted',
  expired: 'Expired',
};

/**
 * /gift-certificates: every gift certificate and card with its balance and ledger, and the
 * liability (what all active cards still hold). Cards are sold and spent at the POS; every figure
 * is the retail service's.
 */
export function GiftCertificatesPage() {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(GIFT_CARDS, { variables: { search: search.trim() || undefined }, fetchPolicy: 'cache-and-network' });
  const cards = q.data?.giftCards.cards ?? [];

  return (
    <section className="page products-page" data-testid="gift-certificates-page">
      <header className="page-header">
        <div>
          <h1>Gift Certificates &amp; Cards</h1>
          <p className="muted">Sell them on a ticket at the POS; spend them there as a payment, in part or whole.</p>
        </div>
        <div className="card" data-testid="gift-liability">
          <span className="muted small">Outstanding balances</span>
          <div>
            <strong>{q.data ? formatCents(q.data.giftCards.liabilityMinor) : '—'}</strong>
          </div>
        </div>
      </header>
      <div className="card products-filters" role="search">
        <label className="visually-hidden" htmlFor="gift-search">
          Search by code
        </label>
        <input
          id="gift-search"
          type="search"
          className="pos-input"
          placeholder="Search by code (the last four will do)"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {q.loading && !q.data ? (
        <Spinner fullScreen={false} />
      ) : q.error && !q.data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(q.error)}
        </div>
      ) : cards.length === 0 ? (
        <div className="card empty-state">
          <h2>{search ? 'No gift card matches' : 'No gift cards yet'}</h2>
          <p className="muted">Sell one at the POS: Add gift card on any ticket.</p>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label="Gift cards">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Kind</th>
                <th scope="col" className="num">
                  Issued for
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
                <th scope="col">Status</th>
                <th scope="col">Issued</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">History</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.map((c) => (
                <tr key={c.id} data-testid={`gift-card-${c.code}`}>
                  <td>
                    <code>{c.code}</code>
                    {open === c.id && (
                      <ul className="small gift-ledger" aria-label={`History of ${c.code}`}>
                        {c.entries.map((e) => (
                          <li key={e.id}>
                            {formatDateTime(e.createdAt)} · {ENTRY_LABEL[e.kind] ?? e.kind} {formatCents(Math.abs(e.amountMinor))} · balance{' '}
                            {formatCents(e.balanceAfterMinor)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{c.kind === 'certificate' ? 'Certificate' : 'Card'}</td>
                  <td className="num">{formatCents(c.initialMinor)}</td>
                  <td className="num" data-testid={`gift-balance-${c.code}`}>
                    {formatCents(c.balanceMinor)}
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[c.status] ?? 'badge-muted'}`}>
                      {c.status === 'active' ? 'Active' : c.status === 'empty' ? 'Used' : 'Expired'}
                    </span>
                  </td>
                  <td>{formatDate(c.issuedAt)}</td>
                  <td>{c.expiresAt ? formatDate(c.expiresAt) : 'Never'}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {open === c.id ? 'Hide history' : 'History'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
