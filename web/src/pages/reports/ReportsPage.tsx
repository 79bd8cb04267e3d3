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
import { ReportSection, ReportTable, type ReportColumn } from './ReportSection';
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
  { key: 'gift-cards', label: 'Gift cards' },
  { key: 'memberships', label: 'Memberships' },
  { key: 'automations', label: 'Automations' },
] as const;
type SectionKey = (typeof SECTIONS)[number]['key'];
type Report = ReportQuery['report'];

const METHOD_LABEL: Record<string, string> = { cash: 'Cash', card: 'Card', terminal: 'Card reader', card_on_file: 'Card on file' };
const count = (n: number) => String(n);
/** Minutes as hours with one decimal: 1,530 → '25.5 h'. */
const hoursOf = (minutes: number) => `${(minutes / 60).toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
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
            Sales, appointments, clients, staff, retail, gift cards, memberships and automations for the dates you choose, in each
            location&apos;s time zone.
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
        ) : section === 'retail' ? (
          <RetailSection report={report} />
        ) : section === 'gift-cards' ? (
          <GiftCardsSection report={report} />
        ) : section === 'memberships' ? (
          <MembershipsSection report={report} />
        ) : (
          <AutomationsSection report={report} />
        )}
      </div>
    </section>
  );
}

type Row = ReportRowFieldsFragment;

/** The tables of keyed rows (by service, staff, method…): what, how many, and the amount unless `amount` is false. */
function rowColumns(what: string, unit: string, opts: { amount?: boolean; label?: (r: Row) => string } = {}): ReportColumn<Row>[] {
  const cols: ReportColumn<Row>[] = [
    { header: what, cell: opts.label ?? ((r) => r.label) },
    { header: unit, num: true, cell: (r) => r.count },
  ];
  if (opts.amount !== false) cols.push({ header: 'Amount', num: true, cell: (r) => formatCents(r.amountMinor) });
  return cols;
}

function RowsTable(props: { caption: string; what: string; unit: string; rows: Row[]; amount?: boolean; label?: (r: Row) => string }) {
  return (
    <ReportTable caption={props.caption} columns={rowColumns(props.what, props.unit, props)} rows={props.rows} rowKey={(r) => r.key} />
  );
}

type Day = Report['sales']['byDay'][number];
const DAY_COLUMNS: ReportColumn<Day>[] = [
  { header: 'Day', cell: (d) => dayLabel(d.date) },
  { header: 'Tickets', num: true, cell: (d) => d.tickets },
  { header: 'Sales', num: true, cell: (d) => formatCents(d.salesMinor) },
  { header: 'Tips', num: true, cell: (d) => formatCents(d.tipsMinor) },
  { header: 'Refunds', num: true, cell: (d) => formatCents(d.refundsMinor) },
];

function SalesSection({ report }: { report: Report }) {
  const t = report.sales.totals;
  const labels = useMemo(() => report.sales.byDay.map((d) => dayLabel(d.date)), [report]);
  const values = useMemo(() => report.sales.byDay.map((d) => d.salesMinor), [report]);
  return (
    <ReportSection
      testId="report-sales"
      stats={[
        { label: 'Sales', value: formatCents(t.salesMinor), testId: 'report-sales-total' },
        { label: 'Tickets', value: count(t.tickets), testId: 'report-sales-tickets' },
        { label: 'Average ticket', value: formatCents(t.averageTicketMinor) },
        { label: 'Tips', value: formatCents(t.tipsMinor), testId: 'report-sales-tips' },
        { label: 'Refunds', value: formatCents(t.refundsMinor) },
        { label: 'Net of refunds', value: formatCents(t.netMinor) },
      ]}
      note={
        <>
          Services {formatCents(t.servicesMinor)} · products {formatCents(t.productsMinor)} · other {formatCents(t.otherMinor)} · discounts{' '}
          {formatCents(t.discountMinor)} · tax {formatCents(t.taxMinor)}. Sales are after discounts, before tax and tips.
        </>
      }
      chart={{ label: 'Sales by day', labels, values, format: formatCents, testId: 'report-sales-chart' }}
      columns={
        <>
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
        </>
      }
    >
      <ReportTable
        caption="Sales by day"
        columns={DAY_COLUMNS}
        rows={report.sales.byDay}
        rowKey={(d) => d.date}
        rowTestId={(d) => `report-day-${d.date}`}
      />
    </ReportSection>
  );
}

function AppointmentsSection({ report }: { report: Report }) {
  const a = report.appointments;
  const labels = useMemo(() => a.byStaff.map((r) => r.label), [a]);
  const values = useMemo(() => a.byStaff.map((r) => r.count), [a]);
  return (
    <ReportSection
      testId="report-appointments"
      stats={[
        { label: 'Appointments', value: count(a.total) },
        { label: 'Completed', value: count(a.completed) },
        { label: 'Still booked', value: count(a.booked) },
        { label: 'Cancelled', value: count(a.cancelled) },
        { label: 'No-show rate', value: formatBps(a.noShowBps) },
        { label: 'Booked online', value: formatBps(a.onlineBps) },
        { label: 'Utilisation', value: formatBps(a.utilisationBps), testId: 'report-utilisation' },
        { label: 'Working hours', value: hoursOf(a.workingMinutes), testId: 'report-working-hours' },
      ]}
      note={
        <>
          Utilisation is booked time ({hoursOf(a.bookedMinutes)}, not cancelled) over working hours ({hoursOf(a.workingMinutes)}, the
          schedules&apos; weekly hours less breaks).
        </>
      }
      chart={{ label: 'Appointments by staff', labels, values, format: count }}
    >
      <RowsTable caption="Appointments by staff (not cancelled)" what="Staff" unit="Appointments" rows={a.byStaff} amount={false} />
    </ReportSection>
  );
}

function ClientsSection({ report }: { report: Report }) {
  const c = report.clients;
  return (
    <ReportSection
      testId="report-clients"
      stats={[
        { label: 'New clients', value: count(c.newClients) },
        { label: 'Clients served', value: count(c.served) },
        { label: 'Returning', value: count(c.returning) },
        { label: 'First visits', value: count(c.firstVisits) },
        { label: 'Retention', value: formatBps(c.retentionBps) },
        { label: 'Rebooked', value: formatBps(c.rebookingBps) },
      ]}
    >
      <RowsTable caption="Top clients by spend" what="Client" unit="Tickets" rows={c.topClients} />
    </ReportSection>
  );
}

type StaffRow = Report['staff'][number];
const STAFF_COLUMNS: ReportColumn<StaffRow>[] = [
  { header: 'Staff', cell: (s) => s.staffName ?? 'Unknown staff' },
  { header: 'Revenue', num: true, cell: (s) => formatCents(s.revenueMinor) },
  { header: 'Services', num: true, cell: (s) => s.services },
  { header: 'Average ticket', num: true, cell: (s) => formatCents(s.averageTicketMinor) },
  { header: 'Tips', num: true, cell: (s) => formatCents(s.tipsMinor) },
  {
    header: 'Rebooked',
    num: true,
    cell: (s) => (
      <>
        {formatBps(s.rebookingBps)} <span className="muted small">of {s.completedAppointments}</span>
      </>
    ),
  },
  {
    header: 'Utilisation',
    num: true,
    cell: (s) => (
      <>
        {formatBps(s.utilisationBps)}{' '}
        <span className="muted small">
          {hoursOf(s.bookedMinutes)} of {hoursOf(s.workingMinutes)}
        </span>
      </>
    ),
  },
];

function StaffSection({ report }: { report: Report }) {
  const labels = useMemo(() => report.staff.map((s) => s.staffName ?? 'Unknown staff'), [report]);
  const values = useMemo(() => report.staff.map((s) => s.revenueMinor), [report]);
  return (
    <ReportSection testId="report-staff" chart={{ label: 'Revenue by staff', labels, values, format: formatCents }}>
      <ReportTable caption="Staff performance" columns={STAFF_COLUMNS} rows={report.staff} rowKey={(s) => s.staffId} />
    </ReportSection>
  );
}

function RetailSection({ report }: { report: Report }) {
  return (
    <ReportSection
      testId="report-retail"
      note={
        <>
          Low stock is on the dashboard and in <Link to="/products">Products</Link>.
        </>
      }
    >
      <RowsTable caption="Top products" what="Product" unit="Sold" rows={report.retail.topProducts} />
    </ReportSection>
  );
}

function GiftCardsSection({ report }: { report: Report }) {
  const g = report.giftCards;
  const rows = [
    { key: 'opening', label: 'Owed at the start', amountMinor: g.openingLiabilityMinor, count: null },
    { key: 'issued', label: 'Issued', amountMinor: g.issuedMinor, count: g.issuedCount },
    { key: 'redeemed', label: 'Redeemed', amountMinor: g.redeemedMinor ? -g.redeemedMinor : 0, count: g.redeemedCount },
    { key: 'refunded', label: 'Refunded onto cards', amountMinor: g.refundedMinor, count: null },
    { key: 'adjusted', label: 'Adjusted', amountMinor: g.adjustedMinor, count: null },
    { key: 'expired', label: 'Expired', amountMinor: g.expiredMinor ? -g.expiredMinor : 0, count: null },
    { key: 'closing', label: 'Owed at the end', amountMinor: g.liabilityMinor, count: g.outstandingCards },
  ];
  return (
    <ReportSection
      testId="report-gift-cards"
      stats={[
        { label: 'Liability', value: formatCents(g.liabilityMinor), testId: 'report-gift-card-liability' },
        { label: 'Cards with a balance', value: count(g.outstandingCards) },
        { label: 'Issued', value: formatCents(g.issuedMinor) },
        { label: 'Redeemed', value: formatCents(g.redeemedMinor) },
        { label: 'Expired', value: formatCents(g.expiredMinor) },
      ]}
      note={
        <>
          What gift cards still owe on the last day of the range: issued − redeemed + refunded ± adjusted − expired (cards sold at the
          location chosen, or all).
        </>
      }
    >
      <ReportTable
        caption="Gift card liability"
        columns={[
          { header: 'Movement', cell: (r) => r.label },
          { header: 'Cards', num: true, cell: (r) => (r.count === null ? '' : r.count) },
          { header: 'Amount', num: true, cell: (r) => formatCents(r.amountMinor) },
        ]}
        rows={rows}
        rowKey={(r) => r.key}
      />
    </ReportSection>
  );
}

function MembershipsSection({ report }: { report: Report }) {
  const ms = report.memberships;
  const labels = useMemo(() => ms.byPlan.map((r) => r.label), [ms]);
  const values = useMemo(() => ms.byPlan.map((r) => r.amountMinor), [ms]);
  return (
    <ReportSection
      testId="report-memberships"
      stats={[
        { label: 'Monthly recurring revenue', value: formatCents(ms.mrrMinor), testId: 'report-membership-mrr' },
        { label: 'Active members', value: count(ms.active), testId: 'report-membership-active' },
        { label: 'New', value: count(ms.started) },
        { label: 'Cancelled', value: count(ms.cancelled) },
        { label: 'Churn', value: formatBps(ms.churnBps) },
      ]}
      note={
        <>
          MRR of the memberships active on the last day (a yearly plan counts a twelfth of its price); churn is cancellations in the range
          over the {ms.activeAtStart} active at its start.
        </>
      }
      chart={{ label: 'MRR by plan', labels, values, format: formatCents }}
    >
      <RowsTable caption="Active memberships by plan" what="Plan" unit="Members" rows={ms.byPlan} />
    </ReportSection>
  );
}

type AutomationRow = Report['automations']['byKind'][number];
const AUTOMATION_COLUMNS: ReportColumn<AutomationRow>[] = [
  { header: 'Automation', cell: (k) => k.label },
  { header: 'Sent', num: true, cell: (k) => k.sent },
  { header: 'Skipped', num: true, cell: (k) => k.skipped },
  { header: 'Cancelled', num: true, cell: (k) => k.cancelled },
  { header: 'Sent share', num: true, cell: (k) => formatBps(k.sentBps) },
];

function AutomationsSection({ report }: { report: Report }) {
  const au = report.automations;
  const labels = useMemo(() => au.byKind.map((k) => k.label), [au]);
  const values = useMemo(() => au.byKind.map((k) => k.sent), [au]);
  return (
    <ReportSection
      testId="report-automations"
      stats={[
        { label: 'Sent', value: count(au.sent), testId: 'report-automations-sent' },
        { label: 'Skipped', value: count(au.skipped) },
        { label: 'Cancelled', value: count(au.cancelled) },
        { label: 'By text', value: count(au.sms) },
        { label: 'By e-mail', value: count(au.email) },
      ]}
      note={
        <>
          Automated messages that finished in the range: sent, skipped (no consent, the daily cap, booked again…) or cancelled (the
          appointment changed). Admins set them up under Automations.
        </>
      }
      chart={{ label: 'Sent by automation', labels, values, format: count }}
    >
      <ReportTable caption="Automation results" columns={AUTOMATION_COLUMNS} rows={au.byKind} rowKey={(k) => k.kind} />
    </ReportSection>
  );
}
