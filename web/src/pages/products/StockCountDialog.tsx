import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { StockCountFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { onHandAt } from './product-form';
import { POST_STOCK_COUNT, PRODUCTS, SAVE_STOCK_COUNT_LINES, START_STOCK_COUNT, STOCK_COUNTS } from './products-gql';

/**
 * A stock count at a location: the draft in progress (or a new one), a counted field per product
 * beside what is on hand, the difference, then Post: each difference becomes a counted movement.
 */
export function StockCountDialog({
  locationId,
  locationName,
  onClose,
  onPosted,
}: {
  locationId: string;
  locationName: string;
  onClose(): void;
  onPosted(): void;
}) {
  const counts = useQuery(STOCK_COUNTS, { variables: { locationId }, fetchPolicy: 'network-only' });
  const [find, setFind] = useState('');
  // A shelf at a time: search narrows the sheet (the query cost allows a few hundred products per answer).
  const products = useQuery(PRODUCTS, {
    variables: { search: find.trim() || null, locationId, lowOnly: false, limit: 300 },
    fetchPolicy: 'cache-and-network',
  });
  const [start] = useMutation(START_STOCK_COUNT);
  const [saveLines, saving] = useMutation(SAVE_STOCK_COUNT_LINES);
  const [post, posting] = useMutation(POST_STOCK_COUNT);
  const [count, setCount] = useState<StockCountFieldsFragment | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (count || !counts.data) return;
    const draft = counts.data.stockCounts.find((c) => c.status === 'draft');
    if (draft) {
      setCount(draft);
      setTyped(Object.fromEntries(draft.lines.map((l) => [l.productId, String(l.counted)])));
    } else
      void start({ variables: { locationId } })
        .then((r) => r.data && setCount(r.data.startStockCount))
        .catch((e: unknown) => setProblem(graphqlErrorMessage(e)));
  }, [counts.data, count, locationId, start]);

  const list = products.data?.products ?? [];
  const entered = () =>
    Object.entries(typed)
      .filter(([, v]) => v.trim() !== '')
      .map(([productId, v]) => ({ productId, counted: Number(v) }));
  const save = async (): Promise<StockCountFieldsFragment | null> => {
    if (!count) return null;
    const lines = entered();
    if (lines.some((l) => !Number.isInteger(l.counted) || l.counted < 0)) {
      setProblem('Counted quantities are whole numbers, 0 or more');
      return null;
    }
    if (!lines.length) return count;
    try {
      const res = await saveLines({ variables: { id: count.id, version: count.version, lines } });
      const next = res.data!.saveStockCountLines;
      setCount(next);
      setProblem(null);
      return next;
    } catch (e) {
      setProblem(graphqlErrorMessage(e));
      return null;
    }
  };
  const postCount = async () => {
    const saved = await save();
    if (!saved) return;
    if (!saved.lines.length) return setProblem('Enter at least one counted quantity');
    try {
      await post({ variables: { id: saved.id, version: saved.version } });
      const changed = saved.lines.filter((l) => l.difference !== 0).length;
      toast({ title: `Count posted: ${changed} product${changed === 1 ? '' : 's'} corrected`, variant: 'success' });
      onPosted();
    } catch (e) {
      setProblem(graphqlErrorMessage(e));
    }
  };

  return (
    <Dialog title={`Stock count at ${locationName}`} onClose={onClose} wide testId="count-dialog">
      {problem && (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      )}
      <p className="muted small">
        Type what is on the shelf. Save keeps the count to finish later; Post corrects the stock by each difference.
      </p>
      <label className="visually-hidden" htmlFor="count-search">
        Find products to count
      </label>
      <input
        id="count-search"
        type="search"
        className="pos-input"
        placeholder="Find by name, brand, SKU or barcode"
        value={find}
        onChange={(e) => setFind(e.target.value)}
      />
      <div className="products-count-scroll">
        <table className="table" aria-label="Counted quantities">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                On hand
              </th>
              <th scope="col">Counted</th>
              <th scope="col" className="num">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => {
              const expected = onHandAt(p, locationId);
              const v = typed[p.id] ?? '';
              const diff = v.trim() === '' || !/^\d+$/.test(v.trim()) ? null : Number(v) - expected;
              return (
                <tr key={p.id}>
                  <td>
                    {p.name}
                    {p.sku && <span className="muted small"> · {p.sku}</span>}
                  </td>
                  <td className="num">{expected}</td>
                  <td>
                    <input
                      className="pos-price"
                      inputMode="numeric"
                      aria-label={`${p.name} counted`}
                      value={v}
                      onChange={(e) => setTyped((t) => ({ ...t, [p.id]: e.target.value }))}
                    />
                  </td>
                  <td className={`num${diff ? ' products-diff' : ''}`}>{diff === null ? '' : diff > 0 ? `+${diff}` : diff}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void save()} disabled={!count || saving.loading}>
          Save
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void postCount()}
          disabled={!count || posting.loading}
          data-testid="post-count"
        >
          Post count
        </button>
      </div>
    </Dialog>
  );
}
