import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import '../../styles/clients.css';
import '../products/products.css';
import '../pos/pos.css';
import './memberships.css';
import { PREPAID_PLANS } from '../pos/prepaid-gql';
import { CHANGE_MEMBERSHIP_PLAN, CLIENT_PREPAIDS, CREATE_PREPAID_PLAN, MEMBERSHIP_ACTION } from './memberships-gql';
import { emptyPlanForm, planInputOf, type PlanForm } from './plan-form';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
  used_up: 'Used up',
};

/**
 * /memberships: the plans the desk sells (memberships with included services each month or year,
 * packages of sessions) and what clients hold, with their credits left and the actions a
 * membership's state allows. Sold and spent at the POS.
 */
export function MembershipsPage() {
  const { can } = usePermissions();
  const canPlan = can(PERMISSIONS.EDIT_BUSINESS_SETTINGS);
  const canAct = can(PERMISSIONS.USE_POS);
  const plans = useQuery(PREPAID_PLANS);
  const held = useQuery(CLIENT_PREPAIDS, { fetchPolicy: 'cache-and-network' });
  const [act] = useMutation(MEMBERSHIP_ACTION);

  const run = async (id: string, action: 'pause' | 'resume' | 'cancel', when?: 'now' | 'period_end') => {
    try {
      await act({ variables: { id, input: { action, ...(when ? { when } : {}) } } });
      toast({
        title:
          action === 'cancel'
            ? when === 'now'
              ? 'Cancelled'
              : 'Ends at the end of its period'
            : action === 'pause'
              ? 'Paused'
              : 'Resumed',
        variant: 'success',
      });
      void held.refetch();
    } catch (error) {
      toast({ title: 'Not changed', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };

  const rows = held.data?.clientPrepaids ?? [];
  return (
    <section className="page products-page" data-testid="memberships-page">
      <header className="page-header">
        <div>
          <h1>Memberships</h1>
          <p className="muted">Memberships and packages: sell them at the POS, then their credits pay for visits.</p>
        </div>
      </header>

      <section className="card table-card memberships-section" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        {plans.loading && !plans.data ? (
          <Spinner fullScreen={false} />
        ) : (
          <table className="table" aria-label="Plans">
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Kind</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Includes</th>
              </tr>
            </thead>
            <tbody>
              {(plans.data?.prepaidPlans ?? []).map((p) => (
                <tr key={p.id}>
                  <td>
                    <strong>{p.name}</strong>
                  </td>
                  <td>{p.kind === 'membership' ? 'Membership' : 'Package'}</td>
                  <td className="num">
                    {formatCents(p.priceMinor)}
                    {p.period ? ` a ${p.period}` : ''}
                  </td>
                  <td>
                    {p.kind === 'membership' ? `${p.credits} service${p.credits === 1 ? '' : 's'} a ${p.period}` : `${p.credits} sessions`}
                    {p.serviceIds.length ? ' (selected services)' : ''}
                    {p.validityDays ? `, valid ${p.validityDays} days` : ''}
                    {p.priorityBookingDays ? `, books online ${p.priorityBookingDays} days ahead of others` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canPlan && <NewPlan onCreated={() => void plans.refetch()} />}
      </section>

      <section className="card table-card memberships-section" aria-labelledby="members-title">
        <h2 id="members-title">Members and packages</h2>
        {held.loading && !held.data ? (
          <Spinner fullScreen={false} />
        ) : held.error && !held.data ? (
          <div className="alert alert-error" role="alert">
            {graphqlErrorMessage(held.error)}
          </div>
        ) : rows.length === 0 ? (
          <p className="muted">Nobody holds a membership or package yet.</p>
        ) : (
          <table className="table" aria-label="Members and packages">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Credits left
                </th>
                <th scope="col">Period ends / expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((h) => (
                <tr key={h.id} data-testid={`held-${h.id}`}>
                  <td>{h.client?.fullName ?? 'Client'}</td>
                  <td>{h.planName}</td>
                  <td>
                    {STATUS_LABEL[h.status] ?? h.status}
                    {h.cancelAtPeriodEnd && <span className="muted small"> · ends at period end</span>}
                    {h.kind === 'membership' && h.status !== 'cancelled' && (
                      <span className="muted small">
                        {' '}
                        · {h.billing === 'stripe' ? 'renews on the card on file' : 'renewed at the desk'}
                      </span>
                    )}
                  </td>
                  <td className="num" data-testid={`credits-${h.id}`}>
                    {h.creditsLeft} of {h.creditsPerPeriod}
                  </td>
                  <td>{h.periodEnd ? formatDate(h.periodEnd) : 'Never'}</td>
                  <td>
                    <div className="member-actions">
                      {canAct && h.kind === 'membership' && h.status === 'active' && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void run(h.id, 'pause')}>
                          Pause
                        </button>
                      )}
                      {canAct && h.kind === 'membership' && h.status === 'paused' && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void run(h.id, 'resume')}>
                          Resume
                        </button>
                      )}
                      {canAct && h.kind === 'membership' && (h.status === 'active' || h.status === 'paused') && (
                        <ChangePlan held={h} plans={plans.data?.prepaidPlans ?? []} onChanged={() => void held.refetch()} />
                      )}
                      {canAct && h.kind === 'membership' && h.status !== 'cancelled' && !h.cancelAtPeriodEnd && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void run(h.id, 'cancel', 'period_end')}>
                          Cancel at period end
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

/**
 * Moves a membership to another active membership plan of the same period (the server prorates a
 * card-billed one at Stripe and refuses with the card's words when it is declined).
 */
function ChangePlan({
  held,
  plans,
  onChanged,
}: {
  held: { id: string; planId: string; planName: string; client?: { fullName: string } | null };
  plans: readonly { id: string; kind: string; name: string; period?: string | null; active: boolean }[];
  onChanged(): void;
}) {
  const [change, changing] = useMutation(CHANGE_MEMBERSHIP_PLAN);
  const [planId, setPlanId] = useState('');
  const period = plans.find((p) => p.id === held.planId)?.period;
  const choices = plans.filter((p) => p.kind === 'membership' && p.active && p.id !== held.planId && p.period === period);
  if (!choices.length) return null;
  const submit = async () => {
    if (!planId) return;
    try {
      const res = await change({ variables: { id: held.id, input: { planId } } });
      toast({ title: `Now on ${res.data?.changeMembershipPlan.planName ?? 'the new plan'}`, variant: 'success' });
      setPlanId('');
      onChanged();
    } catch (error) {
      toast({ title: 'Plan not changed', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };
  const selectId = `change-plan-${held.id}`;
  return (
    <>
      <label className="visually-hidden" htmlFor={selectId}>
        New plan for {held.client?.fullName ?? 'the client'} (now {held.planName})
      </label>
      <select id={selectId} className="pos-input" value={planId} onChange={(e) => setPlanId(e.target.value)}>
        <option value="">Change plan…</option>
        {choices.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!planId || changing.loading} onClick={() => void submit()}>
        Change plan
      </button>
    </>
  );
}

function NewPlan({ onCreated }: { onCreated(): void }) {
  const [create, creating] = useMutation(CREATE_PREPAID_PLAN);
  const [form, setForm] = useState<PlanForm>(emptyPlanForm);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = planInputOf(form);
    if (!checked.ok) {
      toast({ title: checked.message, variant: 'destructive' });
      return;
    }
    try {
      await create({ variables: { input: checked.input } });
      toast({ title: `${checked.input.name} added`, variant: 'success' });
      setForm({ ...form, name: '', price: '', priorityDays: '' });
      onCreated();
    } catch (error) {
      toast({ title: 'Plan not added', description: graphqlErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <form className="plan-form" onSubmit={(e) => void submit(e)} aria-label="New plan">
      <label className="visually-hidden" htmlFor="plan-kind">
        Kind
      </label>
      <select
        id="plan-kind"
        className="pos-input"
        value={form.kind}
        onChange={(e) => setForm({ ...form, kind: e.target.value as 'membership' | 'package' })}
      >
        <option value="membership">Membership</option>
        <option value="package">Package</option>
      </select>
      <label className="visually-hidden" htmlFor="plan-name">
        Plan name
      </label>
      <input
        id="plan-name"
        className="pos-input"
        placeholder="Plan name"
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <label className="visually-hidden" htmlFor="plan-price">
        Price
      </label>
      <input
        id="plan-price"
        className="pos-price"
        placeholder="Price $"
        inputMode="decimal"
        value={form.price}
        onChange={(e) => setForm({ ...form, price: e.target.value })}
      />
      <label className="visually-hidden" htmlFor="plan-credits">
        {form.kind === 'membership' ? 'Included services per period' : 'Sessions'}
      </label>
      <input
        id="plan-credits"
        className="pos-price"
        inputMode="numeric"
        value={form.credits}
        onChange={(e) => setForm({ ...form, credits: e.target.value })}
        title={form.kind === 'membership' ? 'Included services per period' : 'Sessions'}
      />
      {form.kind === 'membership' && (
        <>
          <label className="visually-hidden" htmlFor="plan-period">
            Billed every
          </label>
          <select
            id="plan-period"
            className="pos-input"
            value={form.period}
            onChange={(e) => setForm({ ...form, period: e.target.value as PlanForm['period'] })}
          >
            <option value="month">Month</option>
            <option value="year">Year</option>
          </select>
          <label className="visually-hidden" htmlFor="plan-priority">
            Priority booking days
          </label>
          <input
            id="plan-priority"
            className="pos-price"
            inputMode="numeric"
            placeholder="Priority days"
            value={form.priorityDays}
            onChange={(e) => setForm({ ...form, priorityDays: e.target.value })}
            aria-describedby="plan-priority-help"
          />
          <span id="plan-priority-help" className="muted small plan-form-help">
            Priority days: how many days beyond everyone else members can book online (empty: none)
          </span>
        </>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={creating.loading}>
        Add plan
      </button>
    </form>
  );
}
