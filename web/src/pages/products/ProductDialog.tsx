import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ProductFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { EMPTY_FORM, formOf, inputOf, type FormErrors, type ProductForm } from './product-form';
import { CREATE_PRODUCT, UPDATE_PRODUCT } from './products-gql';

/** New product, or edit one (with the version read: a change made meanwhile is refused and shown). */
export function ProductDialog({ product, onClose, onSaved }: { product: ProductFieldsFragment | null; onClose(): void; onSaved(): void }) {
  const [form, setForm] = useState<ProductForm>(product ? formOf(product) : EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useMutation(CREATE_PRODUCT);
  const [update, updating] = useMutation(UPDATE_PRODUCT);
  const set = <K extends keyof ProductForm>(k: K, v: ProductForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = inputOf(form);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    try {
      if (product) await update({ variables: { id: product.id, input: { ...r.input, version: product.version } } });
      else await create({ variables: { input: r.input } });
      toast({ title: product ? `Saved ${r.input.name}` : `Added ${r.input.name}`, variant: 'success' });
      onSaved();
    } catch (error) {
      setProblem(graphqlErrorMessage(error));
    }
  };

  const text = (
    k: 'name' | 'brand' | 'category' | 'sku' | 'barcode' | 'cost' | 'price' | 'photoUrl' | 'lowStockThreshold',
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric'; hint?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={`product-${k}`}>{label}</label>
      <input
        id={`product-${k}`}
        className="pos-input"
        value={form[k]}
        inputMode={extra.inputMode}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `product-${k}-error` : undefined}
      />
      {extra.hint && !errors[k] && <span className="hint">{extra.hint}</span>}
      {errors[k] && (
        <span className="field-error" id={`product-${k}-error`}>
          {errors[k]}
        </span>
      )}
    </div>
  );

  return (
    <Dialog title={product ? `Edit ${product.name}` : 'New product'} onClose={onClose} wide testId="product-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <div className="form-grid-2">
          {text('name', 'Name')}
          {text('brand', 'Brand')}
          {text('category', 'Category')}
          {text('photoUrl', 'Photo address', { hint: 'An https:// link to the picture' })}
          {text('sku', 'SKU')}
          {text('barcode', 'Barcode')}
          {text('price', 'Price ($)', { inputMode: 'decimal' })}
          {text('cost', 'Cost ($)', { inputMode: 'decimal', hint: 'What you pay the supplier' })}
          {text('lowStockThreshold', 'Low stock at', { inputMode: 'numeric', hint: 'Units; empty: never low' })}
          <div className="field">
            <label htmlFor="product-taxClass">Tax</label>
            <select
              id="product-taxClass"
              className="pos-input"
              value={form.taxClass}
              onChange={(e) => set('taxClass', e.target.value as ProductForm['taxClass'])}
            >
              <option value="product">Product rate</option>
              <option value="service">Service rate</option>
              <option value="none">Not taxed</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="product-use">Use</label>
            <select
              id="product-use"
              className="pos-input"
              value={form.use}
              onChange={(e) => set('use', e.target.value as ProductForm['use'])}
            >
              <option value="retail">Retail: sold at the desk</option>
              <option value="professional">Professional: used in services (back-bar)</option>
            </select>
          </div>
          <label className="checkbox-row">
            <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
            Active (offered at the desk)
          </label>
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={creating.loading || updating.loading} data-testid="save-product">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
