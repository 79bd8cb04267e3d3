import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { fieldErrorsOf } from '../../lib/api-client';
import { asApiError, graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { parseTipPresets, EXPIRY_CHOICES } from './checkout-settings';
import { CHECKOUT_SETTINGS, POS_DAY, SAVE_CHECKOUT_SETTINGS } from './pos-gql';

interface Draft {
  serviceTaxRate: string;
  productTaxRate: string;
  tipPresets: string;
  discountLimitPercent: string;
  giftCardExpiryYears: string;
}

/**
 * The location's checkout settings for those who may change business settings: the tax rates for
 * services and products, the tip presets, the discount a desk may give without a manager, and how
 * long gift cards sold here stay valid. The service checks every value and names what is wrong.
 */
export function CheckoutSettings({ locationId }: { locationId: string }) {
  const q = useQuery(CHECKOUT_SETTINGS, { variables: { locationId }, fetchPolicy: 'cache-and-network' });
  const [save, saving] = useMutation(SAVE_CHECKOUT_SETTINGS, { refetchQueries: [POS_DAY] });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const s = q.data?.posSettings;

  useEffect(() => {
    if (!s) return;
    setDraft({
      serviceTaxRate: String(s.serviceTaxRate),
      productTaxRate: String(s.productTaxRate),
      tipPresets: s.tipPresets.join(', '),
      discountLimitPercent: String(s.discountLimitPercent),
      giftCardExpiryYears: s.giftCardExpiryYears === null || s.giftCardExpiryYears === undefined ? '' : String(s.giftCardExpiryYears),
    });
    setErrors({});
  }, [s]);

  if (!s || !draft) return null;
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const presets = parseTipPresets(draft.tipPresets);
    if (!presets.ok) {
      setErrors({ tipPresets: presets.message });
      return;
    }
    setErrors({});
    try {
      await save({
        variables: {
          locationId,
          input: {
            serviceTaxRate: Number(draft.serviceTaxRate),
            productTaxRate: Number(draft.productTaxRate),
            tipPresets: presets.value,
            discountLimitPercent: Number(draft.discountLimitPercent),
            giftCardExpiryYears: draft.giftCardExpiryYears === '' ? null : Number(draft.giftCardExpiryYears),
            version: s.version,
          },
        },
      });
      toast({ title: 'Checkout settings saved', variant: 'success' });
    } catch (error) {
      const fields = fieldErrorsOf(asApiError(error));
      setErrors(fields);
      toast({ title: 'Settings not saved', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };

  const field = (id: keyof Draft, label: string, input: ReactElement, hint?: string) => (
    <div className="field">
      <label htmlFor={`pos-settings-${id}`}>{label}</label>
      {input}
      {hint && (
        <p className="muted small" id={`pos-settings-${id}-hint`}>
          {hint}
        </p>
      )}
      {errors[id] && (
        <p className="field-error" id={`pos-settings-${id}-error`} role="alert">
          {errors[id]}
        </p>
      )}
    </div>
  );
  const describedBy = (id: keyof Draft, hint = false) =>
    [hint ? `pos-settings-${id}-hint` : null, errors[id] ? `pos-settings-${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const percent = (id: keyof Draft) => (
    <input
      id={`pos-settings-${id}`}
      className="pos-input"
      type="number"
      inputMode="decimal"
      min={0}
      max={100}
      step="any"
      value={draft[id]}
      onChange={set(id)}
      aria-invalid={errors[id] ? true : undefined}
      aria-describedby={describedBy(id)}
      required
    />
  );

  return (
    <section className="card pos-list" aria-labelledby="pos-settings-title" data-testid="checkout-settings">
      <h2 id="pos-settings-title">Checkout settings</h2>
      <form onSubmit={(e) => void submit(e)} className="pos-reader-form" noValidate>
        {field('serviceTaxRate', 'Tax on services (%)', percent('serviceTaxRate'))}
        {field('productTaxRate', 'Tax on products (%)', percent('productTaxRate'))}
        {field(
          'tipPresets',
          'Tip presets (%)',
          <input
            id="pos-settings-tipPresets"
            className="pos-input"
            value={draft.tipPresets}
            onChange={set('tipPresets')}
            aria-invalid={errors.tipPresets ? true : undefined}
            aria-describedby={describedBy('tipPresets', true)}
          />,
          'Comma-separated, e.g. 15, 18, 20, 25',
        )}
        {field('discountLimitPercent', 'Discount without a manager (%)', percent('discountLimitPercent'))}
        {field(
          'giftCardExpiryYears',
          'Gift cards sold here expire',
          <select
            id="pos-settings-giftCardExpiryYears"
            className="pos-input"
            value={draft.giftCardExpiryYears}
            onChange={set('giftCardExpiryYears')}
            aria-invalid={errors.giftCardExpiryYears ? true : undefined}
            aria-describedby={describedBy('giftCardExpiryYears', true)}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>,
          'Cards already sold keep their date. US rules: never less than five years from issue.',
        )}
        <button type="submit" className="btn btn-secondary btn-sm" disabled={saving.loading}>
          Save settings
        </button>
      </form>
    </section>
  );
}
