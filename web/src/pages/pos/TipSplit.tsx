import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { TicketFieldsFragment, UpdateTicketInput } from '../../gql/graphql';
import { formatCents } from '../../lib/format';
import { dollarsToMinor, minorToDollars } from '../services/money';
import { handSplit, readableRefusal, tipPeople, tipWithSplit } from './ticket-edits';

type Ticket = TicketFieldsFragment;

/**
 * The tip shared by hand: a share per person (the visit's performers, and anyone who has one now),
 * what is left to assign shown as it is typed, and nothing sent until the shares add up to the tip
 * to the cent (the server checks it again).
 */
export function TipSplitForm({
  ticket,
  onSave,
  onClose,
}: {
  ticket: Ticket & { tip: NonNullable<Ticket['tip']> };
  /** Null when saved; else the server's refusal. */
  onSave(c: Omit<UpdateTicketInput, 'version'>): Promise<string | null>;
  onClose(): void;
}) {
  const people = tipPeople(ticket);
  const [texts, setTexts] = useState(() => people.map((p) => minorToDollars(p.amountMinor)));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tipMinor = ticket.tip.amountMinor;
  const outcome = handSplit(
    tipMinor,
    people.map((p, i) => ({ ...p, text: texts[i] ?? '' })),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!outcome.ok) return setProblem(outcome.message);
    setProblem(null);
    setBusy(true);
    try {
      const refused = await onSave({ tip: tipWithSplit(ticket.tip, outcome.split) });
      if (refused) setProblem(`Not saved: ${readableRefusal(refused)}`);
      else onClose();
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };
  const left = outcome.leftMinor;
  return (
    <form className="pos-tip-split" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} aria-label="Split the tip by hand">
      {people.map((p, i) => (
        <div key={p.staffId ?? 'unassigned'} className="pos-tip-share">
          <label htmlFor={`pos-tip-share-${i}`}>{p.name}</label>
          <input
            id={`pos-tip-share-${i}`}
            className="pos-price"
            inputMode="decimal"
            value={texts[i] ?? ''}
            autoFocus={i === 0}
            onChange={(e) => setTexts(texts.map((t, j) => (j === i ? e.target.value : t)))}
          />
          {left > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setTexts(texts.map((t, j) => (j === i ? minorToDollars((dollarsToMinor(t) ?? 0) + left) : t)))}
            >
              Give the rest
              <span className="visually-hidden">
                {' '}
                ({formatCents(left)}) to {p.name}
              </span>
            </button>
          )}
        </div>
      ))}
      <p className={`small ${left === 0 ? '' : 'pos-tip-left'}`} aria-live="polite" data-testid="tip-left">
        {left === 0
          ? `All ${formatCents(tipMinor)} assigned`
          : left > 0
            ? `${formatCents(left)} left to assign of ${formatCents(tipMinor)}`
            : `${formatCents(-left)} too much: the tip is ${formatCents(tipMinor)}`}
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="pos-add-row">
        <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
          Save split
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
