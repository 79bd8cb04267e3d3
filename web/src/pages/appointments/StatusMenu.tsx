import { useState } from 'react';
import { ACTION_LABEL, allowedTransitions, type AppointmentStatus } from './status';

interface Props {
  status: string;
  busy?: boolean;
  /** False: the user may not change appointments, so no status is offered (Checkout may still be). */
  canChange?: boolean;
  onChange(status: AppointmentStatus, cancelReason?: string): void;
  /** Checkout at the point of sale: offered first when given (POS permission, appointment not paid yet). */
  onCheckout?(): void;
  onClose?(): void;
}

/** Checkout (when offered) and the allowed next statuses of an appointment; cancelling asks for a reason. */
export function StatusActions({ status, busy, canChange = true, onChange, onCheckout, onClose }: Props) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const next = canChange ? allowedTransitions(status) : [];
  if (!next.length && !onCheckout) return <div className="appt-menu-empty muted">No further status changes</div>;
  if (cancelling) {
    return (
      <form
        className="appt-cancel-form"
        onSubmit={(e) => {
          e.preventDefault();
          onChange('cancelled', reason.trim() || undefined);
        }}
      >
        <label>
          Cancel reason
          <input autoFocus value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="cancel-reason" />
        </label>
        <div className="row gap">
          <button type="submit" className="btn btn-danger btn-sm" disabled={busy} data-testid="cancel-confirm">
            Cancel appointment
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => (onClose ? onClose() : setCancelling(false))}>
            Keep
          </button>
        </div>
      </form>
    );
  }
  return (
    <div role="menu" className="appt-menu-items">
      {onCheckout && (
        <button type="button" role="menuitem" className="popover-item" data-testid="appointment-checkout" onClick={onCheckout}>
          Checkout
        </button>
      )}
      {next.map((s) => (
        <button
          key={s}
          type="button"
          role="menuitem"
          className={`popover-item${s === 'cancelled' || s === 'no-show' ? ' danger' : ''}`}
          disabled={busy}
          data-testid={`status-${s}`}
          onClick={() => (s === 'cancelled' ? setCancelling(true) : onChange(s))}
        >
          {ACTION_LABEL[s]}
        </button>
      ))}
    </div>
  );
}
