import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents } from '../../lib/format';
import { toast } from '../../shell/toast-store';
import { CANCELLATION_FEE, CHARGE_CANCELLATION_FEE } from './appointments-gql';
import { feeActionLabel, feeCardNote, mayCarryFee } from './fee-action';

/**
 * "Charge no-show fee $X" / "Charge late-cancel fee $X" (issue 11): for a no-show or a late
 * cancellation, staff with `charge_fees` charge the booking policy's fee to the client's card on
 * file in one click (retail makes a closed ticket with one fee line; a second click charges nothing
 * more). A decline or a card asking for authentication is said here; nothing is charged then.
 */
export function FeeAction({ appointmentId, status, allowed }: { appointmentId: string; status: string; allowed: boolean }) {
  const wanted = allowed && mayCarryFee(status);
  const q = useQuery(CANCELLATION_FEE, { variables: { appointmentId }, skip: !wanted });
  const [charge, state] = useMutation(CHARGE_CANCELLATION_FEE);
  const [problem, setProblem] = useState<string | null>(null);
  const fee = q.data?.cancellationFee;
  if (!wanted || !fee || fee.status === 'not_applicable') return null;

  if (fee.status === 'charged')
    return (
      <p className="muted" data-testid="fee-charged">
        Fee charged: {formatCents(fee.amountMinor ?? 0)}. {fee.reason}
      </p>
    );

  const label = feeActionLabel(fee);
  if (!label) return null;
  const shownProblem = problem ?? fee.failureReason;
  return (
    <div className="appt-fee" data-testid="fee-action">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={state.loading || !fee.card}
        onClick={async () => {
          setProblem(null);
          try {
            const res = await charge({ variables: { appointmentId } });
            const done = res.data?.chargeCancellationFee;
            if (done?.status === 'charged') toast({ title: `Fee charged: ${formatCents(done.amountMinor ?? 0)}`, variant: 'success' });
            await q.refetch();
          } catch (e) {
            setProblem(graphqlErrorMessage(e));
            await q.refetch().catch(() => undefined);
          }
        }}
      >
        {state.loading ? 'Charging…' : label}
      </button>
      <p className="muted small">{feeCardNote(fee)}</p>
      {shownProblem && (
        <p role="alert" className="alert alert-error" data-testid="fee-problem">
          {shownProblem}
        </p>
      )}
    </div>
  );
}
