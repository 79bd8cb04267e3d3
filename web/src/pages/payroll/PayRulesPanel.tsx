import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { asApiError, graphqlErrorMessage } from '../../lib/apollo';
import { fieldErrorsOf } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { toast } from '../../shell/Toaster';
import { todayIn } from '../appointments/time-grid';
import { useStaffOptions } from '../services/staff-options';
import { buildPayRuleInput, formFromTerms, pinProblem, type CategoryRow, type PayRuleForm, type PayRuleTerms } from './pay-rule-form';
import { ADD_PAY_RULE, PAY_RULES, SET_CLOCK_PIN } from './payroll-gql';

/** Labels of the contract's fields, so a refusal names the field the person sees. */
const LABEL: Record<string, string> = {
  effectiveFrom: 'Effective from',
  hourlyRateMinor: 'Hourly rate',
  'serviceCommission.rateBps': 'Service commission',
  productCommissionBps: 'Product commission',
  pin: 'PIN',
};
const labelOf = (field: string) => {
  const m = /^categoryCommissions\.(\d+)\.(\w+)$/.exec(field);
  if (m) return `Category rate ${Number(m[1]) + 1}: ${m[2] === 'rateBps' ? 'commission' : m[2]}`;
  return LABEL[field] ?? field;
};

function FieldError({ id, errors, field }: { id: string; errors: Record<string, string>; field: string }) {
  if (!errors[field]) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {labelOf(field)} {errors[field]}
    </span>
  );
}

/**
 * Pay rules and time-clock PINs on /payroll: pick a person, read their rule versions, save a new
 * version from a date (hourly rate, service and product commission, commission per category, tip
 * handling), and set the PIN they clock in with on a shared screen.
 */
export function PayRulesPanel() {
  const perms = usePermissions();
  const { people } = useStaffOptions();
  const [staffId, setStaffId] = useState('');
  const person = people.find((p) => p.id === staffId) ?? null;
  return (
    <section className="card pay-rules" aria-labelledby="pay-rules-title" data-testid="pay-rules">
      <h2 id="pay-rules-title">Pay rules and PINs</h2>
      <div className="field">
        <label htmlFor="pay-rules-person">Person</label>
        <select id="pay-rules-person" value={staffId} onChange={(e) => setStaffId(e.target.value)}>
          <option value="">Choose a person…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </select>
      </div>
      {person && (
        <div className="pay-rules-body">
          {perms.can(PERMISSIONS.MANAGE_PAYROLL) && <RuleEditor key={person.id} staffId={person.id} name={person.fullName} />}
          {perms.can(PERMISSIONS.MANAGE_TIME_CLOCK) && <PinForm key={`pin-${person.id}`} staffId={person.id} name={person.fullName} />}
        </div>
      )}
    </section>
  );
}

function RuleEditor({ staffId, name }: { staffId: string; name: string }) {
  const rules = useQuery(PAY_RULES, { variables: { staffId }, fetchPolicy: 'cache-and-network' });
  const versions = rules.data?.payRules ?? [];
  const latest: PayRuleTerms | null = versions.at(-1)?.terms ?? null;
  if (rules.loading && !rules.data) return <p className="muted small">Loading {name}&apos;s rules…</p>;
  return (
    <div>
      <h3>{name}&apos;s pay rule</h3>
      {versions.length === 0 ? (
        <p className="muted small">No pay rule yet: hours and sales earn nothing until one is saved.</p>
      ) : (
        <ol className="pay-rule-versions" aria-label={`Pay rule versions of ${name}`}>
          {versions.map((v) => (
            <li key={v.id}>
              <strong>
                v{v.version}, from {formatDate(`${v.effectiveFrom}T12:00:00Z`)}:
              </strong>{' '}
              {v.summary}
            </li>
          ))}
        </ol>
      )}
      <RuleForm key={versions.length} staffId={staffId} latest={latest} onSaved={() => void rules.refetch()} />
    </div>
  );
}

function RuleForm({ staffId, latest, onSaved }: { staffId: string; latest: PayRuleTerms | null; onSaved(): void }) {
  const [form, setForm] = useState<PayRuleForm>(() => formFromTerms(latest, todayIn()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useMutation(ADD_PAY_RULE);
  const set = (patch: Partial<PayRuleForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRow = (i: number, patch: Partial<CategoryRow>) =>
    set({ categories: form.categories.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const described = (field: string) => (errors[field] ? { 'aria-describedby': `err-${field}`, 'aria-invalid': true } : {});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { input, errors: problems } = buildPayRuleInput(form, latest);
    setErrors(problems);
    if (!input) return;
    try {
      const res = await save({ variables: { staffId, input } });
      toast({ title: `Pay rule v${res.data?.addPayRule.version ?? ''} saved` });
      onSaved();
    } catch (err) {
      const byField = fieldErrorsOf(asApiError(err));
      setErrors(byField);
      toast({ title: 'Pay rule not saved', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <form className="pay-rule-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New pay rule version">
      <div className="pay-rule-grid">
        <div className="field">
          <label htmlFor="rule-from">Effective from</label>
          <input
            id="rule-from"
            type="date"
            value={form.effectiveFrom}
            onChange={(e) => set({ effectiveFrom: e.target.value })}
            {...described('effectiveFrom')}
          />
          <FieldError id="err-effectiveFrom" errors={errors} field="effectiveFrom" />
        </div>
        <div className="field">
          <label htmlFor="rule-hourly">Hourly rate ($)</label>
          <input
            id="rule-hourly"
            inputMode="decimal"
            value={form.hourlyRate}
            onChange={(e) => set({ hourlyRate: e.target.value })}
            {...described('hourlyRateMinor')}
          />
          <FieldError id="err-hourlyRateMinor" errors={errors} field="hourlyRateMinor" />
        </div>
        <div className="field">
          <label htmlFor="rule-service">Service commission (%)</label>
          <input
            id="rule-service"
            inputMode="decimal"
            value={form.servicePercent}
            onChange={(e) => set({ servicePercent: e.target.value })}
            {...described('serviceCommission.rateBps')}
          />
          <FieldError id="err-serviceCommission.rateBps" errors={errors} field="serviceCommission.rateBps" />
        </div>
        <div className="field">
          <label htmlFor="rule-product">Product commission (%)</label>
          <input
            id="rule-product"
            inputMode="decimal"
            value={form.productPercent}
            onChange={(e) => set({ productPercent: e.target.value })}
            {...described('productCommissionBps')}
          />
          <FieldError id="err-productCommissionBps" errors={errors} field="productCommissionBps" />
        </div>
        <div className="field">
          <label htmlFor="rule-tips">Tips</label>
          <select id="rule-tips" value={form.tips} onChange={(e) => set({ tips: e.target.value as PayRuleForm['tips'] })}>
            <option value="full">Paid in full</option>
            <option value="less_card_fee">Paid less the card fee</option>
            <option value="not_paid">Not paid through payroll</option>
          </select>
        </div>
      </div>
      <fieldset className="pay-rule-categories">
        <legend>Commission by category</legend>
        <p className="muted small">A category&apos;s rate takes the place of the service or product rate for its lines.</p>
        {form.categories.map((c, i) => (
          <div key={i} className="pay-rule-category" data-testid="category-rate">
            <div className="field">
              <label htmlFor={`cat-kind-${i}`}>Kind</label>
              <select id={`cat-kind-${i}`} value={c.kind} onChange={(e) => setRow(i, { kind: e.target.value as CategoryRow['kind'] })}>
                <option value="service">Service</option>
                <option value="product">Product</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={`cat-name-${i}`}>Category</label>
              <input
                id={`cat-name-${i}`}
                value={c.category}
                onChange={(e) => setRow(i, { category: e.target.value })}
                {...described(`categoryCommissions.${i}.category`)}
              />
              <FieldError id={`err-categoryCommissions.${i}.category`} errors={errors} field={`categoryCommissions.${i}.category`} />
            </div>
            <div className="field">
              <label htmlFor={`cat-rate-${i}`}>Commission (%)</label>
              <input
                id={`cat-rate-${i}`}
                inputMode="decimal"
                value={c.percent}
                onChange={(e) => setRow(i, { percent: e.target.value })}
                {...described(`categoryCommissions.${i}.rateBps`)}
              />
              <FieldError id={`err-categoryCommissions.${i}.rateBps`} errors={errors} field={`categoryCommissions.${i}.rateBps`} />
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => set({ categories: form.categories.filter((_, j) => j !== i) })}
            >
              Remove<span className="visually-hidden"> category rate {i + 1}</span>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => set({ categories: [...form.categories, { kind: 'service', category: '', percent: '' }] })}
        >
          Add a category rate
        </button>
      </fieldset>
      <div className="field">
        <label htmlFor="rule-note">Note (optional)</label>
        <input id="rule-note" value={form.note} onChange={(e) => set({ note: e.target.value })} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={saving.loading}>
        Save as a new version
      </button>
    </form>
  );
}

function PinForm({ staffId, name }: { staffId: string; name: string }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useMutation(SET_CLOCK_PIN);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = pinProblem(pin);
    setError(problem);
    if (problem) return;
    try {
      await save({ variables: { staffId, pin } });
      setPin('');
      toast({ title: `PIN set for ${name}` });
    } catch (err) {
      setError(fieldErrorsOf(asApiError(err)).pin ?? graphqlErrorMessage(err));
    }
  };
  return (
    <form className="pay-rule-pin" onSubmit={(e) => void submit(e)} noValidate aria-label={`Time clock PIN of ${name}`}>
      <h3>Time clock PIN</h3>
      <p className="muted small">{name} types it on a shared front-desk screen to clock in and out.</p>
      <div className="field">
        <label htmlFor="pin-value">New PIN (4 to 8 digits)</label>
        <input
          id="pin-value"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'err-pin' : undefined}
        />
        {error && (
          <span id="err-pin" className="field-error" role="alert">
            PIN {error}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn-secondary" disabled={saving.loading}>
        Set PIN
      </button>
    </form>
  );
}
