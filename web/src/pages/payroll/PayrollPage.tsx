import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { PayrollRunFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { todayIn } from '../appointments/time-grid';
import { downloadFile } from '../clients/clients-api';
import { hours, lastTwoWeeks } from '../time-clock/time-clock-format';
import { PayRulesPanel } from './PayRulesPanel';
import { DRAFT_RUN, FINALISE_RUN, PAY_RULES, PAYROLL_LINES, PAYROLL_RUNS } from './payroll-gql';
import '../../styles/clients.css';
import '../time-clock/time-clock.css';
import './payroll.css';

const KIND_LABEL: Record<string, string> = {
  regular_hours: 'Hours',
  overtime_hours: 'Overtime',
  salary: 'Salary',
  service_commission: 'Service commission',
  product_commission: 'Product commission',
  tip: 'Tip',
  booth_rent: 'Booth rent',
  adjustment: 'Adjustment',
};

/**
 * /payroll: draft a pay period's run from approved time sheets and the period's sales, review
 * each person's totals, open a person's lines (each names its source, rule version and
 * arithmetic), finalise, export CSV.
 */
export function PayrollPage() {
  const runs = useQuery(PAYROLL_RUNS, { fetchPolicy: 'cache-and-network' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [period, setPeriod] = useState(() => {
    const p = lastTwoWeeks(todayIn());
    return { start: p.from, end: p.to };
  });
  const [draft, drafting] = useMutation(DRAFT_RUN);
  const list = runs.data?.payrollRuns ?? [];
  const selected = list.find((r) => r.id === selectedId) ?? list[0] ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await draft({ variables: { input: { periodStart: period.start, periodEnd: period.end } } });
      setSelectedId(res.data?.draftPayrollRun.id ?? null);
      await runs.refetch();
      toast({ title: 'Payroll run drafted' });
    } catch (err) {
      toast({ title: 'Not drafted', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <section className="page payroll-page" data-testid="payroll-page">
      <header className="page-header">
        <div>
          <h1>Payroll</h1>
          <p className="muted">
            Runs drafted from approved time sheets and the period&apos;s sales; every line shows the rule that made it.
          </p>
        </div>
      </header>
      <form className="card payroll-draft" onSubmit={(e) => void submit(e)} aria-label="Draft a payroll run">
        <div className="field">
          <label htmlFor="period-start">Period start</label>
          <input
            id="period-start"
            type="date"
            value={period.start}
            onChange={(e) => setPeriod((p) => ({ ...p, start: e.target.value }))}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="period-end">Period end</label>
          <input
            id="period-end"
            type="date"
            value={period.end}
            onChange={(e) => setPeriod((p) => ({ ...p, end: e.target.value }))}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={drafting.loading}>
          Run payroll
        </button>
      </form>
      {runs.loading && !runs.data ? (
        <Spinner fullScreen={false} />
      ) : runs.error && !runs.data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(runs.error)}
        </div>
      ) : (
        <div className="payroll-grid">
          <nav className="card payroll-runs" aria-label="Payroll runs">
            <h2>Runs</h2>
            {list.length === 0 ? (
              <p className="muted small">No runs yet.</p>
            ) : (
              <ul>
                {list.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      className={`payroll-run-link${selected?.id === r.id ? ' is-current' : ''}`}
                      aria-current={selected?.id === r.id ? 'true' : undefined}
                      onClick={() => setSelectedId(r.id)}
                    >
                      <span>
                        {formatDate(`${r.periodStart}T12:00:00Z`)} – {formatDate(`${r.periodEnd}T12:00:00Z`)}
                      </span>
                      <span className="muted small">
                        {r.status === 'finalised' ? 'Finalised' : 'Draft'} · {formatCents(r.totalMinor)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          {selected && <RunDetail key={selected.id} run={selected} onChanged={() => void runs.refetch()} />}
        </div>
      )}
      <PayRulesPanel />
    </section>
  );
}

function RunDetail({ run, onChanged }: { run: PayrollRunFieldsFragment; onChanged(): void }) {
  const [staffId, setStaffId] = useState<string | null>(null);
  const [finalise, finalising] = useMutation(FINALISE_RUN);
  const exportCsv = async (by: 'person' | 'line') => {
    try {
      await downloadFile(`/api/payroll/runs/${run.id}/export?by=${by}`, `payroll-${run.periodStart}-${run.periodEnd}-by-${by}.csv`);
    } catch (err) {
      toast({ title: 'Export failed', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };
  const doFinalise = async () => {
    try {
      await finalise({ variables: { id: run.id } });
      toast({ title: 'Payroll run finalised' });
      onChanged();
    } catch (err) {
      toast({ title: 'Not finalised', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };
  const person = run.staff.find((s) => s.staffId === staffId);
  return (
    <section className="card payroll-run" aria-labelledby="run-title" data-testid="payroll-run">
      <div className="payroll-run-head">
        <h2 id="run-title">
          {formatDate(`${run.periodStart}T12:00:00Z`)} – {formatDate(`${run.periodEnd}T12:00:00Z`)}{' '}
          <span className={`badge ${run.status === 'finalised' ? 'badge-success' : 'badge-warning'}`}>
            {run.status === 'finalised' ? 'Finalised' : 'Draft'}
          </span>
        </h2>
        <div className="clock-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void exportCsv('person')}>
            Export CSV (per person)
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void exportCsv('line')}>
            Export CSV (per line)
          </button>
          {run.status === 'draft' && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={finalising.loading || run.unapprovedStaffIds.length > 0}
              onClick={() => void doFinalise()}
            >
              Finalise
            </button>
          )}
        </div>
      </div>
      {run.unapprovedStaffIds.length > 0 && (
        <p className="alert alert-warning" role="note">
          {run.unapprovedStaffIds.length} time sheet(s) of this period are not approved: their hours are left out. Approve them on the time
          clock and run payroll again.
        </p>
      )}
      <table className="table" aria-label="Totals per person">
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Hours</th>
            <th scope="col">Hours &amp; salary</th>
            <th scope="col">Commission</th>
            <th scope="col">Tips</th>
            <th scope="col">Other</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {run.staff.map((s) => (
            <tr key={s.staffId} className={s.staffId === staffId ? 'is-current' : undefined}>
              <th scope="row">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setStaffId(s.staffId === staffId ? null : s.staffId)}
                  aria-expanded={s.staffId === staffId}
                >
                  {s.staffName ?? 'Unknown person'}
                </button>
              </th>
              <td>
                {hours(s.regularMinutes)}
                {s.overtimeMinutes > 0 && ` + ${hours(s.overtimeMinutes)} OT`}
              </td>
              <td>{formatCents(s.hoursMinor)}</td>
              <td>{formatCents(s.commissionMinor)}</td>
              <td>{formatCents(s.tipsMinor)}</td>
              <td>{formatCents(s.otherMinor)}</td>
              <td>
                <strong>{formatCents(s.totalMinor)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              Total
            </th>
            <td>
              <strong>{formatCents(run.totalMinor)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {person && <PersonLines runId={run.id} staffId={person.staffId} name={person.staffName ?? 'Unknown person'} />}
    </section>
  );
}

function PersonLines({ runId, staffId, name }: { runId: string; staffId: string; name: string }) {
  const lines = useQuery(PAYROLL_LINES, { variables: { runId, staffId } });
  const rules = useQuery(PAY_RULES, { variables: { staffId } });
  const [open, setOpen] = useState<string | null>(null);
  if (lines.loading && !lines.data) return <Spinner fullScreen={false} />;
  const ruleOf = (version: number | null | undefined) => rules.data?.payRules.find((r) => r.version === version) ?? null;
  return (
    <section className="payroll-lines" aria-label={`Lines of ${name}`} data-testid="payroll-lines">
      <h3>{name}: every line</h3>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Kind</th>
            <th scope="col">Source</th>
            <th scope="col">Rule</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {(lines.data?.payrollLines ?? []).map((l) => {
            const rule = ruleOf(l.ruleVersion);
            return <LineRows key={l.id} open={open === l.id} onToggle={() => setOpen(open === l.id ? null : l.id)} line={l} rule={rule} />;
          })}
        </tbody>
      </table>
    </section>
  );
}

function LineRows(props: {
  open: boolean;
  onToggle(): void;
  line: {
    id: string;
    occurredOn: string;
    kind: string;
    description: string;
    ruleVersion?: number | null;
    arithmetic: string;
    amountMinor: number;
  };
  rule: { version: number; effectiveFrom: string; summary: string } | null;
}) {
  const { line: l, rule } = props;
  return (
    <>
      <tr>
        <td>{formatDate(`${l.occurredOn}T12:00:00Z`)}</td>
        <td>{KIND_LABEL[l.kind] ?? l.kind}</td>
        <td>
          <button type="button" className="link-button" onClick={props.onToggle} aria-expanded={props.open}>
            {l.description}
          </button>
        </td>
        <td>{l.ruleVersion ? `v${l.ruleVersion}` : '—'}</td>
        <td>{formatCents(l.amountMinor)}</td>
      </tr>
      {props.open && (
        <tr className="payroll-line-detail">
          <td colSpan={5} data-testid="line-detail">
            <p>
              <strong>Arithmetic:</strong> {l.arithmetic}
            </p>
            {rule && (
              <p>
                <strong>
                  Rule v{rule.version}, in force from {formatDate(`${rule.effectiveFrom}T12:00:00Z`)}:
                </strong>{' '}
                {rule.summary}
              </p>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
