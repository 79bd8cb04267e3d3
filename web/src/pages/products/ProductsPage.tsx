import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { ProductFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { downloadFile } from '../clients/clients-api';
import { ImportDialog } from './ImportDialog';
import { ProductDialog } from './ProductDialog';
import { isLowAt, onHandAt } from './product-form';
import { PRODUCTS } from './products-gql';
import { PurchaseOrders } from './PurchaseOrders';
import { StockCountDialog } from './StockCountDialog';
import { StockDialog } from './StockDialog';
import '../../styles/clients.css';
import './products.css';

/** Products per page (the gateway's query cost counts each with its stock levels). */
const PAGE = 100;

/**
 * /products: the catalogue with what is on hand at the selected location (and elsewhere), low
 * stock, the edit dialog, purchase orders to receive and stock counts. Every figure is the retail
 * service's (GraphQL); on-hand is its ledger's balance.
 */
export function ProductsPage() {
  const { selected, locations } = useLocations();
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_PRODUCTS);
  const canStock = can(PERMISSIONS.MANAGE_STOCK);
  const locationId = selected?.id;
  const [search, setSearch] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [editing, setEditing] = useState<ProductFieldsFragment | 'new' | null>(null);
  const [counting, setCounting] = useState(false);
  const [stockOf, setStockOf] = useState<ProductFieldsFragment | null>(null);
  const [importing, setImporting] = useState(false);
  const exportCsv = async () => {
    try {
      const name = await downloadFile('/api/products/export', 'products.csv');
      toast({ title: 'Export ready', description: `Saved ${name}`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Export failed', description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    }
  };
  const [offset, setOffset] = useState(0);
  // One more than a page, to know whether there is a next one.
  const list = useQuery(PRODUCTS, {
    variables: { search: search.trim() || null, locationId: locationId ?? null, lowOnly: lowOnly && !!locationId, limit: PAGE + 1, offset },
    fetchPolicy: 'cache-and-network',
  });
  const products = (list.data?.products ?? []).slice(0, PAGE);
  const hasNext = (list.data?.products.length ?? 0) > PAGE;
  const others = locations.filter((l) => l.id !== locationId);
  const nameOf = (id: string) => locations.find((l) => l.id === id)?.name ?? 'Another location';
  const refresh = () => void list.refetch();

  return (
    <section className="page products-page" data-testid="products-page">
      <header className="page-header">
        <div>
          <h1>Products</h1>
          <p className="muted">What you sell and use, with the stock at {selected?.name ?? 'each location'}.</p>
        </div>
        <div className="row gap">
          {canStock && locationId && (
            <button type="button" className="btn btn-secondary" onClick={() => setCounting(true)} data-testid="start-count">
              Stock count
            </button>
          )}
          {canEdit && (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()}>
                Export CSV
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)} data-testid="import-products">
                Import CSV
              </button>
            </>
          )}
          {canEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="new-product">
              New product
            </button>
          )}
        </div>
      </header>
      <div className="card products-filters" role="search">
        <label className="visually-hidden" htmlFor="products-search">
          Search products
        </label>
        <input
          id="products-search"
          type="search"
          className="pos-input"
          placeholder="Search by name, brand, SKU or barcode"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={lowOnly}
            onChange={(e) => {
              setLowOnly(e.target.checked);
              setOffset(0);
            }}
            disabled={!locationId}
            data-testid="low-only"
          />
          Low stock only
        </label>
        <span className="muted small" aria-live="polite">
          {list.loading && !list.data
            ? ''
            : products.length === 0
              ? 'No products'
              : `Products ${offset + 1}–${offset + products.length}${hasNext ? '' : ` of ${offset + products.length}`}`}
        </span>
      </div>
      {list.loading && !list.data ? (
        <Spinner fullScreen={false} />
      ) : list.error && !list.data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(list.error)}
        </div>
      ) : products.length === 0 ? (
        <div className="card empty-state">
          <h2>{search || lowOnly ? 'No product matches' : 'No products yet'}</h2>
          <p className="muted">{canEdit && !search && !lowOnly ? 'Add your first product with New product.' : 'Try another search.'}</p>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label="Products">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU / barcode</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Cost
                </th>
                <th scope="col" className="num">
                  On hand{selected ? ` at ${selected.name}` : ''}
                </th>
                {others.length > 0 && <th scope="col">Elsewhere</th>}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => {
                const low = isLowAt(p, locationId);
                const elsewhere = p.stock.filter((s) => s.locationId !== locationId && s.onHand > 0);
                return (
                  <tr key={p.id} data-testid={`product-${p.id}`}>
                    <td>
                      <strong>{p.name}</strong>
                      {p.brand && <span className="muted"> · {p.brand}</span>}
                      <div className="row gap">
                        {p.category && <span className="chip">{p.category}</span>}
                        {p.use === 'professional' && <span className="badge badge-muted">Back-bar</span>}
                        {!p.active && <span className="badge badge-muted">Inactive</span>}
                      </div>
                    </td>
                    <td className="small">
                      {p.sku ?? '—'}
                      {p.barcode && <div className="muted">{p.barcode}</div>}
                    </td>
                    <td className="num">{formatCents(p.priceMinor)}</td>
                    <td className="num">{formatCents(p.costMinor)}</td>
                    <td className="num" data-testid={`on-hand-${p.id}`}>
                      {onHandAt(p, locationId)}
                      {low && (
                        <span className="badge badge-warning products-low" title={`At or under ${p.lowStockThreshold}`}>
                          Low
                        </span>
                      )}
                    </td>
                    {others.length > 0 && (
                      <td className="small">
                        {elsewhere.length ? elsewhere.map((s) => `${nameOf(s.locationId)}: ${s.onHand}`).join(', ') : '—'}
                      </td>
                    )}
                    <td className="row gap">
                      {canStock && locationId && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setStockOf(p)}
                          aria-label={`Stock of ${p.name}`}
                          data-testid={`stock-${p.id}`}
                        >
                          Stock
                        </button>
                      )}
                      {canEdit && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                          Edit
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {(offset > 0 || hasNext) && (
            <nav className="row gap products-pager" aria-label="Pages of products">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </button>
              <button type="button" className="btn btn-ghost btn-sm" disabled={!hasNext} onClick={() => setOffset(offset + PAGE)}>
                Next
              </button>
            </nav>
          )}
        </div>
      )}
      {locationId && <PurchaseOrders locationId={locationId} canManage={canStock} onReceived={refresh} />}
      {stockOf && locationId && (
        <StockDialog
          product={stockOf}
          locationId={locationId}
          locationName={selected?.name ?? ''}
          others={others}
          onClose={() => setStockOf(null)}
          onChanged={refresh}
        />
      )}
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          locationId={locationId}
          locationName={selected?.name ?? ''}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            refresh();
          }}
        />
      )}
      {counting && locationId && (
        <StockCountDialog
          locationId={locationId}
          locationName={selected?.name ?? ''}
          onClose={() => setCounting(false)}
          onPosted={() => {
            setCounting(false);
            refresh();
          }}
        />
      )}
    </section>
  );
}
