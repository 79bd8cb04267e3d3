import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { ProductFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { onHandAt } from './product-form';
import { ADJUST_STOCK, STOCK_MOVEMENTS, TRANSFER_STOCK } from './products-gql';
import { movementLabel, parseAdjustment, parseTransfer } from './stock-form';

/**
 * One product's stock at a location: adjust it (a signed number of units with a reason), send
 * units to another location, and its history, newest first: every movement with its reason and
 * the on-hand after it (the ledger is the audit trail: movements are never changed or deleted).
 */
export function StockDialog({
  product,
  locationId,
  locationName,
  others,
  onClose,
  onChanged,
}: {
  product: ProductFieldsFragment;
  locationId: string;
  locationName: string;
  others: readonly { id: string; name: string }[];
  onClose(): void;
  onChanged(): void;
}) {
  const history = useQuery(STOCK_MOVEMENTS, { variables: { productId: product.id, locationId }, fetchPolicy: 'network-only' });
  const [adjust, adjusting] = useMutation(ADJUST_STOCK);
  const [transfer, transferring] = useMutation(TRANSFER_STOCK);
  const [onHand, setOnHand] = useState(onHandAt(product, locationId));
  const [qty, setQty] = useState('');
  const [reason, setReason] = useState('');
  const [sendQty, setSendQty] = useState('');
  const [sendTo, setSendTo] = useState(others.length === 1 ? others[0]!.id : '');
  const [sendReason, setSendReason] = useState('');
  const [problem, setProblem] = useState<{ form: 'adjust' | 'transfer'; message: string } | null>(null);

  const done = async (title: string) => {
    toast({ title, variant: 'success' });
    setProblem(null);
    await history.refetch();
    onChanged();
  };

  const submitAdjust = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseAdjustment(qty, reason);
    if (!parsed.ok) return setProblem({ form: 'adjust', message: parsed.message });
    try {
      const res = await adjust({ variables: { input: { productId: product.id, locationId, kind: 'adjusted', ...parsed.value } } });
      if (res.data) setOnHand(res.data.adjustStock.onHandAfter);
      setQty('');
      setReason('');
      await done(`${product.name}: ${parsed.value.quantity > 0 ? '+' : ''}${parsed.value.quantity} at ${locationName}`);
    } catch (error) {
      setProblem({ form: 'adjust', message: graphqlErrorMessage(error) });
    }
  };

  const submitTransfer = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseTransfer(sendQty, sendTo, onHand, sendReason);
    if (!parsed.ok) return setProblem({ form: 'transfer', message: parsed.message });
    try {
      const res = await transfer({
        variables: {
          input: { productId: product.id, fromLocationId: locationId, ...parsed.value, reason: parsed.value.reason ?? undefined },
        },
      });
      const here = res.data?.transferStock.find((m) => m.locationId === locationId);
      if (here) setOnHand(here.onHandAfter);
      setSendQty('');
      setSendReason('');
      await done(
        `Sent ${parsed.value.quantity} ${product.name} to ${others.find((o) => o.id === parsed.value.toLocationId)?.name ?? 'the other location'}`,
      );
    } catch (error) {
      setProblem({ form: 'transfer', message: graphqlErrorMessage(error) });
    }
  };

  const alert = (form: 'adjust' | 'transfer') =>
    problem?.form === form && (
      <div className="alert alert-error" role="alert">
        {problem.message}
      </div>
    );

  return (
    <Dialog title={`Stock of ${product.name}`} onClose={onClose} wide testId="stock-dialog">
      <p className="muted" data-testid="stock-on-hand">
        {onHand} on hand at {locationName}
      </p>
      <form className="form" onSubmit={(e) => void submitAdjust(e)} aria-labelledby="stock-adjust-title">
        <h3 id="stock-adjust-title">Adjust</h3>
        <div className="row gap">
          <div className="field">
            <label htmlFor="stock-adjust-qty">Units (+ to add, − to take off)</label>
            <input
              id="stock-adjust-qty"
              className="pos-input"
              inputMode="numeric"
              value={qty}
              onChange={(e) => setQty(e.target.value)}
              autoFocus
            />
          </div>
          <div className="field">
            <label htmlFor="stock-adjust-reason">Reason</label>
            <input id="stock-adjust-reason" className="pos-input" value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        </div>
        {alert('adjust')}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={adjusting.loading} data-testid="stock-adjust">
            Adjust stock
          </button>
        </div>
      </form>
      {others.length > 0 && (
        <form className="form" onSubmit={(e) => void submitTransfer(e)} aria-labelledby="stock-transfer-title">
          <h3 id="stock-transfer-title">Send to another location</h3>
          <div className="row gap">
            <div className="field">
              <label htmlFor="stock-transfer-to">To</label>
              <select id="stock-transfer-to" className="pos-input" value={sendTo} onChange={(e) => setSendTo(e.target.value)}>
                <option value="">Choose a location</option>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="stock-transfer-qty">Units</label>
              <input
                id="stock-transfer-qty"
                className="pos-input"
                inputMode="numeric"
                value={sendQty}
                onChange={(e) => setSendQty(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="stock-transfer-reason">Note (optional)</label>
              <input id="stock-transfer-reason" className="pos-input" value={sendReason} onChange={(e) => setSendReason(e.target.value)} />
            </div>
          </div>
          {alert('transfer')}
          <div className="form-actions">
            <button type="submit" className="btn btn-secondary" disabled={transferring.loading} data-testid="stock-transfer">
              Send units
            </button>
          </div>
        </form>
      )}
      <h3 id="stock-history-title">History at {locationName}</h3>
      {history.error ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(history.error)}
        </div>
      ) : (
        <table className="table" aria-labelledby="stock-history-title" data-testid="stock-history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col" className="num">
                Units
              </th>
              <th scope="col" className="num">
                On hand after
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {(history.data?.stockMovements ?? []).map((m) => (
              <tr key={m.id}>
                <td className="small">{formatDateTime(m.createdAt)}</td>
                <td>{movementLabel(m.kind)}</td>
                <td className="num">{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</td>
                <td className="num">{m.onHandAfter}</td>
                <td className="small">{m.reason ?? '—'}</td>
              </tr>
            ))}
            {history.data && history.data.stockMovements.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  No movements yet
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
