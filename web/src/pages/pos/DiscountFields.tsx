import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { TicketDiscountInput } from '../../gql/graphql';
import { usePermissions } from '../../session/use-permissions';
import { discountFromForm, discountOverLimit, readableRefusal, type DiscountForm } from './ticket-edits';

/**
 * An amount or a percentage with its reason, for the whole ticket or one line: the same fields and
 * the same rules in both places. Above the location's limit without the "Discount above the limit"
 * permission, Apply is disabled and says why (the server refuses it too); a refusal the server
 * answers anyway is shown here, in the form, in the desk's words.
 */
export function DiscountFields({
  idPrefix,
  label,
  ofMinor,
  limit,
  onApply,
  onCancel,
  autoFocus,
}: {
  idPrefix: string;
  /** The form's accessible name, such as "Discount the ticket". */
  label: string;
  /** What an amount is measured against (the limit is a percentage). */
  ofMinor: number;
  limit: number | null;
  /** Null when applied; else the server's refusal. */
  onApply(input: TicketDiscountInput): Promise<string | null>;
  onCancel?(): void;
  autoFocus?: boolean;
}) {
  const { can } = usePermissions();
  const canExceed = can(PERMISSIONS.APPLY_LARGE_DISCOUNTS);
  const [form, setForm] = useState<DiscountForm>({ type: 'percent', value: '', reason: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = form.value.trim() ? discountFromForm({ ...form, reason: form.reason || '-' }) : null;
  const overLimit = typed?.ok ? discountOverLimit(typed.input, ofMinor, limit, canExceed) : null;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = discountFromForm(form);
    if (!parsed.ok) return setProblem(parsed.message);
    const over = discountOverLimit(parsed.input, ofMinor, limit, canExceed);
    if (over) return setProblem(over);
    setProblem(null);
    setBusy(true);
    try {
      const refused = await onApply(parsed.input);
      if (refused) setProblem(`Not applied: ${readableRefusal(refused)}`);
      else setForm({ type: form.type, value: '', reason: '' });
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };
  const hintId = `${idPrefix}-hint`;
  return (
    <form className="pos-add-row pos-discount-form" onSubmit={(e) => void apply(e)} onKeyDown={onKeyDown} aria-label={label}>
      <label className="visually-hidden" htmlFor={`${idPrefix}-type`}>
        Discount type
      </label>
      <select
        id={`${idPrefix}-type`}
        className="pos-input"
        value={form.type}
        onChange={(e) => setForm({ ...form, type: e.target.value as 'amount' | 'percent' })}
      >
        <option value="percent">%</option>
        <option value="amount">$</option>
      </select>
      <label className="visually-hidden" htmlFor={`${idPrefix}-value`}>
        Discount
      </label>
      <input
        id={`${idPrefix}-value`}
        className="pos-price"
        inputMode="decimal"
        placeholder={form.type === 'percent' ? '10' : '5.00'}
        value={form.value}
        aria-describedby={hintId}
        onChange={(e) => setForm({ ...form, value: e.target.value })}
        autoFocus={autoFocus}
      />
      <label className="visually-hidden" htmlFor={`${idPrefix}-reason`}>
        Reason
      </label>
      <input
        id={`${idPrefix}-reason`}
        className="pos-input"
        placeholder="Reason"
        value={form.reason}
        onChange={(e) => setForm({ ...form, reason: e.target.value })}
      />
      <button type="submit" className="btn btn-secondary btn-sm" disabled={busy || overLimit !== null}>
        Apply
      </button>
      {onCancel && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      )}
      <p id={hintId} className="hint pos-discount-hint" aria-live="polite">
        {overLimit ?? (!canExceed && limit !== null ? `Above ${limit}% needs a manager.` : '')}
      </p>
      {problem && (
        <p className="field-error pos-discount-hint" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
