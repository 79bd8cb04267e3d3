import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ImportProductsMutation, ProductImportMappingInput } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents } from '../../lib/format';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { fileProblem } from '../clients-import/import-logic';
import { IMPORT_PRODUCTS } from './products-gql';

type Result = ImportProductsMutation['importProducts'];

/** The import's fields with their labels, in the order the mapping shows them. */
const FIELDS: [keyof ProductImportMappingInput, string][] = [
  ['name', 'Name'],
  ['price', 'Price'],
  ['cost', 'Cost'],
  ['brand', 'Brand'],
  ['category', 'Category'],
  ['sku', 'SKU'],
  ['barcode', 'Barcode'],
  ['taxClass', 'Tax'],
  ['use', 'Use'],
  ['active', 'Active'],
  ['lowStockThreshold', 'Low stock at'],
  ['photoUrl', 'Photo'],
  ['quantity', 'Quantity on hand'],
];
const ACTION: Record<string, string> = { create: 'New', update: 'Update', skip: 'Skip', reject: 'Rejected' };
/** The server takes about 2 million characters at a time (some 5,000 products). */
const MAX_CHARS = 2_000_000;

/**
 * Import products from CSV: choose the file, see which column the server took for each field (and
 * change it), the first rows with what will happen to each and every rejected row with its
 * problems, then import. The reading, detection and checks are the server's (the same CSV reader as
 * the client import); nothing is written until Import.
 */
export function ImportDialog({
  locationId,
  locationName,
  onClose,
  onImported,
}: {
  locationId: string | undefined;
  locationName: string;
  onClose(): void;
  onImported(): void;
}) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [mapping, setMapping] = useState<ProductImportMappingInput | null>(null);
  const [onDuplicate, setOnDuplicate] = useState<'skip' | 'update'>('skip');
  const [preview, setPreview] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [run, running] = useMutation(IMPORT_PRODUCTS);

  const ask = async (text: string, next: ProductImportMappingInput | null, duplicates: 'skip' | 'update', dryRun: boolean) => {
    setProblem(null);
    try {
      const res = await run({ variables: { input: { csv: text, mapping: next, onDuplicate: duplicates, locationId, dryRun } } });
      return res.data?.importProducts ?? null;
    } catch (e) {
      setProblem(graphqlErrorMessage(e));
      return null;
    }
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const wrong = fileProblem(file);
    if (wrong) return setProblem(wrong.replace('your clients', 'your products'));
    const text = await file.text();
    if (text.length > MAX_CHARS) return setProblem(`${file.name} is too large for one import: split it in parts of about 5,000 products.`);
    setFileName(file.name);
    setCsv(text);
    const result = await ask(text, null, onDuplicate, true);
    if (result) {
      setPreview(result);
      // Apollo adds __typename to the answer; the input type has no such field.
      const detected: ProductImportMappingInput & { __typename?: string } = { ...result.mapping };
      delete detected.__typename;
      setMapping(detected);
    }
  };
  const remap = async (next: ProductImportMappingInput, duplicates = onDuplicate) => {
    setMapping(next);
    if (!csv) return;
    const result = await ask(csv, next, duplicates, true);
    if (result) setPreview(result);
  };
  const importNow = async () => {
    if (!csv || !mapping) return;
    const result = await ask(csv, mapping, onDuplicate, false);
    if (!result) return;
    toast({
      title: `Imported: ${result.created} new, ${result.updated} updated`,
      description: result.rejected || result.skipped ? `${result.rejected} rejected, ${result.skipped} skipped` : undefined,
      variant: 'success',
    });
    onImported();
  };

  return (
    <Dialog title="Import products" onClose={onClose} wide testId="import-dialog">
      <div className="form">
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void choose(e)} />
          <span className="hint">
            A header row, then one product per row. Name and price are needed; a quantity column is received as stock at{' '}
            {locationName || 'the selected location'}.
          </span>
        </div>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        {preview && mapping && (
          <>
            <fieldset className="products-import-mapping">
              <legend>Columns of {fileName}</legend>
              {FIELDS.map(([field, label]) => (
                <div className="field" key={field}>
                  <label htmlFor={`import-map-${field}`}>{label}</label>
                  <select
                    id={`import-map-${field}`}
                    className="pos-input"
                    value={mapping[field] ?? ''}
                    onChange={(e) => void remap({ ...mapping, [field]: e.target.value || null })}
                  >
                    <option value="">(none)</option>
                    {preview.columns.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div className="field">
                <label htmlFor="import-duplicates">Already a product (same SKU or barcode)</label>
                <select
                  id="import-duplicates"
                  className="pos-input"
                  value={onDuplicate}
                  onChange={(e) => {
                    const next = e.target.value as 'skip' | 'update';
                    setOnDuplicate(next);
                    void remap(mapping, next);
                  }}
                >
                  <option value="skip">Skip it</option>
                  <option value="update">Update it from the file</option>
                </select>
              </div>
            </fieldset>
            <p aria-live="polite" data-testid="import-totals">
              {preview.totalRows} rows: {preview.created} new, {preview.updated} to update, {preview.skipped} skipped, {preview.rejected}{' '}
              rejected.
            </p>
            <div className="products-count-scroll">
              <table className="table" aria-label="Rows of the file">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Product</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col">What happens</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>
                        {r.name ?? '—'}
                        {r.sku && <span className="muted small"> · {r.sku}</span>}
                      </td>
                      <td className="num">{r.priceMinor === null || r.priceMinor === undefined ? '' : formatCents(r.priceMinor)}</td>
                      <td>
                        <strong>{ACTION[r.action] ?? r.action}</strong>
                        {r.problems.map((p) => (
                          <div key={p} className="small">
                            {p}
                          </div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!preview || running.loading || preview.created + preview.updated === 0}
            onClick={() => void importNow()}
            data-testid="confirm-import"
          >
            Import {preview ? preview.created + preview.updated : ''} products
          </button>
        </div>
      </div>
    </Dialog>
  );
}
