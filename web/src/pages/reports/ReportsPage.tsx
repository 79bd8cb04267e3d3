import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { ReportQuery, ReportRowFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDate } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { todayIn } from '../appointments/time-grid';
import { downloadFile, errorText } from '../clients/clients-api';
import { BarChart } from './BarChart';
import { REPORT } from './reports-gql';
import { exportPath, formatBps, PRESET_LABEL, PRESETS, presetRange, rangeProblem, type DateRange, type Preset } from './report-range';
import '../../styles/clients.css';
import './reports.css';

const SECTIONS = [
  { key: 'sales', label: 'Sales' },
  { key: 'appointments', label: 'Appointments' },
  { key: 'clients', label: 'Clients' },
  { key: 'staff', label: 'Staff' },
  { key: 'retail', label: 'Retail' },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];
type Report = ReportQuery['report'];

const METHOD_LABEL: Record<string, string> = { cash: 'Cash', card: 'Card', terminal: 'Card reader', card_on_file: 'Card on file' };
const count = (n: number) => String(n);
const dayLabel = (date: string) => formatDate(`${date}T12:00:00`);

/**
 * /reports: sales, appointments, clients, staff performance and retail over a range of local dates
 * and one location or all, from payroll's projections of the events. Every section has a chart
 * or figures, the table under it, and a CSV export.
 */
export function ReportsPage() {
  const loc = useLocations();
  const today = todayIn(loc.selected?.timeZone ?? undefined);
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', today));
  const [locationId, setLocationId] = useState<string>('');
  const [section, setSection] = useState<SectionKey>('sales');
  const problem = rangeProblem(range);
  const { data, loading, error } = useQuery(REPORT, {
    variables: { from: range.from, to: range.to, locationId: locationId || null },
    skip: !!problem,
    fetchPolicy: 'cache-and-network',
  });
  const report = data?.report ?? null;
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onTabKey = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? SECTIONS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const j = (next + SECTIONS.length) % SECTIONS.length;
    setSection(SECTIONS[j]!.key);
    tabRefs.current[j]?.focus();
  };

  const exportCsv = async () => {
    try {
      await downloadFile(exportPath(section, range, locationId || null), `${section}-report-${range.from}-to-${range.to}.csv`);
    } catch (err) {
      toast({ title: 'Not exported', description: errorText(err), variant: 'destructive' });
    }
  };

  return (
    <section className="page reports-page" data-testid="reports-page">
      <header className="page-header">
        <div>
          <h1>Reports</h1>
          <p className="muted">
            Sales, appointments, clients, staff and retail for the dates you choose, in each location&apos;s time zone.
          </p>
        </div>
      </header>

      <form className="card report-filters" aria-label="Report range" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="report-from">From</label>
          <input id="report-from" type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="report-to">To</label>
          <input id="report-to" type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="report-location">Location</label>
          <select id="report-location" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
            <option value="">All locations</option>
            {loc.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div className="report-presets" role="group" aria-label="Quick ranges">
          {PRESETS.map((p: Preset) => {
            const r = presetRange(p, today);
            const active = r.from === range.from && r.to === range.to;
            return (
              <button
                key={p}
                type="button"
                className={`btn btn-sm ${active ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={active}
                onClick={() => setRange(r)}
                data-testid={`report-preset-${p}`}
              >
                {PRESET_LABEL[p]}
              </button>
            );
          })}
        </div>
      </form>

      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      {error && !problem && (
        <p className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </p>
      )}

      <div className="report-tabs-row">
        <div role="tablist" aria-label="Report sections" className="tabs">
          {SECTIONS.map((s, i) => (
            <button
              key={s.key}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${s.key}`}
              aria-selected={section === s.key}
              aria-controls={`${id}-panel`}
              tabIndex={section === s.key ? 0 : -1}
              className="tab"
              onClick={() => setSection(s.key)}
              onKeyDown={(e) => onTabKey(e, i)}
              data-testid={`report-tab-${s.key}`}
            >
              {s.label}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void exportCsv()}
          disabled={!report}
          data-testid="report-export"
        >
          Export CSV
        </button>
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${section}`} className="report-panel" aria-busy={loading}>
        {!report ? (
          !problem && !error && <Spinner fullScreen={false} />
        ) : section === 'sales' ? (
          <SalesSection report={report} />
        ) : section === 'appointments' ? (
          <AppointmentsSection report={report} />
        ) : section === 'clients' ? (
          <ClientsSection report={report} />
        ) : section === 'staff' ? (
          <StaffSection report={report} />
        ) : (
          <RetailSection report={report} />
        )}
      </div>
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card stat-card report-stat">
      <p className="stat-label">{label}</p>
      <p className="stat-value" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function RowsTable({
  caption,
  what,
  unit,
  rows,
  amount = true,
  label = (r) => r.label,
}: {
  caption: string;
  what: string;
  unit: string;
  rows: ReportRowFieldsFragment[];
  amount?: boolean;
  label?: (r: ReportRowFieldsFragment) => string;
}) {
  return (
    <table className="table report-table" aria-label={caption}>
      <thead>
        <tr>
          <th scope="col">{what}</th>
          <th scope="col" className="num">
            {unit}
          </th>
          {amount && (
            <th scope="col" className="num">
              Amount
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={amount ? 3 : 2} className="muted">
              Nothing in this range.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{label(r)}</th>
              <td className="num">{r.count}</td>
              {amount && <td className="num">{formatCents(r.amountMinor)}</td>}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function SalesSection({ report }: { report: Report }) {
  const t = report.sales.totals;
  const labels = useMemo(() => report.sales.byDay.map((d) => dayLabel(d.date)), [report]);
  const values = useMemo(() => report.sales.byDay.map((d) => d.salesMinor), [report]);
  return (
    <div className="report-section" data-testid="report-sales">
      <div className="report-stats">
        <Stat label="Sales" value={formatCents(t.salesMinor)} testId="report-sales-total" />
        <Stat label="Tickets" value={count(t.tickets)} testId="report-sales-tickets" />
        <Stat label="Average ticket" value={formatCents(t.averageTicketMinor)} />
        <Stat label="Tips" value={formatCents(t.tipsMinor)} testId="report-sales-tips" />
        <Stat label="Refunds" value={formatCents(t.refundsMinor)} />
        <Stat label="Net of refunds" value={formatCents(t.netMinor)} />
      </div>
      <p className="muted small">
        Services {formatCents(t.servicesMinor)} · products {formatCents(t.productsMinor)} · other {formatCents(t.otherMinor)} · discounts{' '}
        {formatCents(t.discountMinor)} · tax {formatCents(t.taxMinor)}. Sales are after discounts, before tax and tips.
      </p>
      <BarChart label="Sales by day" labels={labels} values={values} format={formatCents} testId="report-sales-chart" />
      <table className="table report-table" aria-label="Sales by day">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="num">
              Tickets
            </th>
            <th scope="col" className="num">
              Sales
            </th>
            <th scope="col" className="num">
              Tips
            </th>
            <th scope="col" className="num">
              Refunds
            </th>
          </tr>
        </thead>
        <tbody>
          {report.sales.byDay.map((d) => (
            <tr key={d.date} data-testid={`report-day-${d.date}`}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td className="num">{d.tickets}</td>
              <td className="num">{formatCents(d.salesMinor)}</td>
              <td className="num">{formatCents(d.tipsMinor)}</td>
              <td className="num">{formatCents(d.refundsMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="report-columns">
        <RowsTable caption="Sales by service" what="Service" unit="Sold" rows={report.sales.byService} />
        <RowsTable caption="Sales by staff" what="Staff" unit="Tickets" rows={report.sales.byStaff} />
        <RowsTable
          caption="Payments by method"
          what="Paid by"
          unit="Payments"
          rows={report.sales.byPaymentMethod}
          label={(r) => METHOD_LABEL[r.key] ?? r.label}
        />
        <RowsTable caption="Sales by location" what="Location" unit="Tickets" rows={report.sales.byLocation} />
      </div>
    </div>
  );
}

function AppointmentsSection({ report }: { report: Report }) {
  const a = report.appointments;
  const labels = useMemo(() => a.byStaff.map((r) => r.label), [a]);
  const values = useMemo(() => a.byStaff.map((r) => r.count), [a]);
  return (
    <div className="report-section" data-testid="report-appointments">
      <div className="report-stats">
        <Stat label="Appointments" value={count(a.total)} />
        <Stat label="Completed" value={count(a.completed)} />
        <Stat label="Still booked" value={count(a.booked)} />
        <Stat label="Cancelled" value={count(a.cancelled)} />
        <Stat label="No-show rate" value={formatBps(a.noShowBps)} />
        <Stat label="Booked online" value={formatBps(a.onlineBps)} />
      </div>
      <BarChart label="Appointments by staff" labels={labels} values={values} format={count} />
      <RowsTable caption="Appointments by staff (not cancelled)" what="Staff" unit="Appointments" rows={a.byStaff} amount={false} />
    </div>
  );
}

function ClientsSection({ report }: { report: Report }) {
  const c = report.clients;
  return (
    <div className="report-section" data-testid="report-clients">
      <div className="report-stats">
        <Stat label="New clients" value={count(c.newClients)} />
        <Stat label="Clients served" value={count(c.served)} />
        <Stat label="Returning" value={count(c.returning)} />
        <Stat label="First visits" value={count(c.firstVisits)} />
        <Stat label="Retention" value={formatBps(c.retentionBps)} />
        <Stat label="Rebooked" value={formatBps(c.rebookingBps)} />
      </div>
      <RowsTable caption="Top clients by spend" what="Client" unit="Tickets" rows={c.topClients} />
    </div>
  );
}

function StaffSection({ report }: { report: Report }) {
  const labels = useMemo(() => report.staff.map((s) => s.staffName ?? 'Unknown staff'), [report]);
  const values = useMemo(() => report.staff.map((s) => s.revenueMinor), [report]);
  return (
    <div className="report-section" data-testid="report-staff">
      <BarChart label="Revenue by staff" labels={labels} values={values} format={formatCents} />
      <table className="table report-table" aria-label="Staff performance">
        <thead>
          <tr>
            <th scope="col">Staff</th>
            <th scope="col" className="num">
              Revenue
            </th>
            <th scope="col" className="num">
              Services
            </th>
            <th scope="col" className="num">
              Average ticket
            </th>
            <th scope="col" className="num">
              Tips
            </th>
            <th scope="col" className="num">
              Rebooked
            </th>
          </tr>
        </thead>
        <tbody>
          {report.staff.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                Nothing in this range.
              </td>
            </tr>
          ) : (
            report.staff.map((s) => (
              <tr key={s.staffId}>
                <th scope="row">{s.staffName ?? 'Unknown staff'}</th>
                <td className="num">{formatCents(s.revenueMinor)}</td>
                <td className="num">{s.services}</td>
                <td className="num">{formatCents(s.averageTicketMinor)}</td>
                <td className="num">{formatCents(s.tipsMinor)}</td>
                <td className="num">
                  {formatBps(s.rebookingBps)} <span className="muted small">of {s.completedAppointments}</span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function RetailSection({ report }: { report: Report }) {
  return (
    <div className="report-section" data-testid="report-retail">
      <RowsTable caption="Top products" what="Product" unit="Sold" rows={report.retail.topProducts} />
      <p className="muted small">
        Low stock is on the dashboard and in <Link to="/products">Products</Link>.
      </p>
    </div>
  );
}
