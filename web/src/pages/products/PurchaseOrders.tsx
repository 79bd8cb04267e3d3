import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { PurchaseOrderFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { dollarsToMinor, minorToDollars } from '../services/money';
import { CREATE_PURCHASE_ORDER, MARK_ORDERED, PRODUCTS, PURCHASE_ORDERS, RECEIVE_PURCHASE_ORDER } from './products-gql';

const STATUS: Record<string, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** A location's purchase orders: new ones, placing them and receiving what arrives (in part or whole, with the cost paid). */
export function PurchaseOrders({ locationId, canManage, onReceived }: { locationId: string; canManage: boolean; onReceived(): void }) {
  const orders = useQuery(PURCHASE_ORDERS, { variables: { locationId }, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [receiving, setReceiving] = useState<PurchaseOrderFieldsFragment | null>(null);
  const [markOrdered] = useMutation(MARK_ORDERED);
  const list = orders.data?.purchaseOrders ?? [];
  const place = async (o: PurchaseOrderFieldsFragment) => {
    try {
      await markOrdered({ variables: { id: o.id, version: o.version } });
      void orders.refetch();
    } catch (e) {
      toast({ title: 'Could not place the order', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };
  return (
    <section className="card products-orders" aria-labelledby="orders-title">
      <div className="row between">
        <h2 id="orders-title">Purchase orders</h2>
        {canManage && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCreating(true)} data-testid="new-order">
            New purchase order
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="muted small">No purchase orders at this location yet.</p>
      ) : (
        <table className="table" aria-label="Purchase orders">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Supplier</th>
              <th scope="col">Lines</th>
              <th scope="col" className="num">
                Cost
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.id} data-testid={`order-${o.number}`}>
                <td>
                  #{o.number} <span className="muted small">{formatDate(o.createdAt)}</span>
                </td>
                <td>{o.supplier ?? '—'}</td>
                <td className="small">{o.lines.map((l) => `${l.productName} ${l.received}/${l.quantity}`).join(', ')}</td>
                <td className="num">{formatCents(o.totalCostMinor)}</td>
                <td>{STATUS[o.status] ?? o.status}</td>
                <td className="row gap">
                  {canManage && o.status === 'draft' && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void place(o)}>
                      Place order
                    </button>
                  )}
                  {canManage && ['draft', 'ordered', 'partially_received'].includes(o.status) && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => setReceiving(o)}
                      aria-label={`Receive order #${o.number}`}
                    >
                      Receive
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creating && (
        <NewOrderDialog
          locationId={locationId}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void orders.refetch();
          }}
        />
      )}
      {receiving && (
        <ReceiveDialog
          order={receiving}
          onClose={() => setReceiving(null)}
          onReceived={() => {
            setReceiving(null);
            void orders.refetch();
            onReceived();
          }}
        />
      )}
    </section>
  );
}

interface DraftLine {
  productId: string;
  quantity: string;
  cost: string;
}

function NewOrderDialog({ locationId, onClose, onCreated }: { locationId: string; onClose(): void; onCreated(): void }) {
  const products = useQuery(PRODUCTS, { variables: { search: null, locationId, lowOnly: false, limit: 300 } });
  const [supplier, setSupplier] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([{ productId: '', quantity: '1', cost: '' }]);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, saving] = useMutation(CREATE_PURCHASE_ORDER);
  const catalogue = products.data?.products ?? [];
  const setLine = (i: number, change: Partial<DraftLine>) =>
    setLines((ls) =>
      ls.map((l, j) => {
        if (j !== i) return l;
        const next = { ...l, ...change };
        if (change.productId && !l.cost) next.cost = minorToDollars(catalogue.find((p) => p.id === change.productId)?.costMinor ?? 0);
        return next;
      }),
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = lines.filter((l) => l.productId);
    if (!input.length) return setProblem('Choose at least one product');
    const parsed = input.map((l) => ({
      productId: l.productId,
      quantity: Number(l.quantity),
      unitCostMinor: l.cost.trim() ? dollarsToMinor(l.cost) : undefined,
    }));
    if (parsed.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1))
      return setProblem('Quantities are whole numbers of at least 1');
    if (parsed.some((l) => l.unitCostMinor === null)) return setProblem('Enter unit costs in dollars, such as 8 or 8.50');
    try {
      await create({
        variables: {
          input: {
            locationId,
            supplier: supplier.trim() || null,
            lines: parsed.map((l) => ({ ...l, unitCostMinor: l.unitCostMinor ?? undefined })),
          },
        },
      });
      toast({ title: 'Purchase order saved', variant: 'success' });
      onCreated();
    } catch (error) {
      setProblem(graphqlErrorMessage(error));
    }
  };
  return (
    <Dialog title="New purchase order" onClose={onClose} wide testId="order-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <div className="field">
          <label htmlFor="order-supplier">Supplier</label>
          <input id="order-supplier" className="pos-input" value={supplier} onChange={(e) => setSupplier(e.target.value)} />
        </div>
        {lines.map((l, i) => (
          <fieldset key={i} className="products-order-line">
            <legend className="visually-hidden">Line {i + 1}</legend>
            <div className="field">
              <label htmlFor={`order-product-${i}`}>Product</label>
              <select
                id={`order-product-${i}`}
                className="pos-input"
                value={l.productId}
                onChange={(e) => setLine(i, { productId: e.target.value })}
              >
                <option value="">Choose…</option>
                {catalogue.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                    {p.sku ? ` (${p.sku})` : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`order-quantity-${i}`}>Quantity</label>
              <input
                id={`order-quantity-${i}`}
                className="pos-price"
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`order-cost-${i}`}>Unit cost ($)</label>
              <input
                id={`order-cost-${i}`}
                className="pos-price"
                inputMode="decimal"
                value={l.cost}
                onChange={(e) => setLine(i, { cost: e.target.value })}
              />
            </div>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setLines((ls) => [...ls, { productId: '', quantity: '1', cost: '' }])}
        >
          Add a line
        </button>
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving.loading} data-testid="save-order">
            Save order
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ReceiveDialog({ order, onClose, onReceived }: { order: PurchaseOrderFieldsFragment; onClose(): void; onReceived(): void }) {
  const open = order.lines.filter((l) => l.received < l.quantity);
  const [rows, setRows] = useState(() =>
    open.map((l) => ({ lineId: l.id, quantity: String(l.quantity - l.received), cost: minorToDollars(l.unitCostMinor) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [receive, receiving] = useMutation(RECEIVE_PURCHASE_ORDER);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = rows
      .filter((r) => r.quantity.trim() !== '' && r.quantity.trim() !== '0')
      .map((r) => ({ lineId: r.lineId, quantity: Number(r.quantity), unitCostMinor: dollarsToMinor(r.cost) }));
    if (!lines.length) return setProblem('Enter what arrived');
    if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) return setProblem('Quantities are whole numbers');
    if (lines.some((l) => l.unitCostMinor === null)) return setProblem('Enter unit costs in dollars');
    try {
      const res = await receive({
        variables: {
          id: order.id,
          input: { version: order.version, lines: lines.map((l) => ({ ...l, unitCostMinor: l.unitCostMinor! })) },
        },
      });
      const status = res.data?.receivePurchaseOrder.status;
      toast({
        title: status === 'received' ? `Order #${order.number} received` : `Part of order #${order.number} received`,
        variant: 'success',
      });
      onReceived();
    } catch (error) {
      setProblem(graphqlErrorMessage(error));
    }
  };
  return (
    <Dialog title={`Receive order #${order.number}`} onClose={onClose} wide testId="receive-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <table className="table" aria-label="What arrived">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Waiting
              </th>
              <th scope="col">Arrived</th>
              <th scope="col">Unit cost ($)</th>
            </tr>
          </thead>
          <tbody>
            {open.map((l, i) => (
              <tr key={l.id}>
                <td>{l.productName}</td>
                <td className="num">{l.quantity - l.received}</td>
                <td>
                  <input
                    className="pos-price"
                    inputMode="numeric"
                    aria-label={`${l.productName} arrived`}
                    value={rows[i]!.quantity}
                    onChange={(e) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, quantity: e.target.value } : r)))}
                  />
                </td>
                <td>
                  <input
                    className="pos-price"
                    inputMode="decimal"
                    aria-label={`${l.productName} unit cost`}
                    value={rows[i]!.cost}
                    onChange={(e) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, cost: e.target.value } : r)))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={receiving.loading} data-testid="confirm-receive">
            Receive
          </button>
        </div>
      </form>
    </Dialog>
  );
}
