import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { ShiftFieldsFragment } from '../../gql/graphql';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDate, formatTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { minutesInDay, parseHHMM, todayIn, zonedToUtc } from '../appointments/time-grid';
import { useStaffOptions } from '../services/staff-options';
import { APPROVE_TIME_SHEET, CLOCK_IN, CLOCK_OUT, CURRENT_SHIFT, EDIT_SHIFT, END_BREAK, START_BREAK, TIME_SHEET } from './time-clock-gql';
import { hours, lastTwoWeeks } from './time-clock-format';
import '../../styles/clients.css';
import './time-clock.css';

type Action = 'in' | 'out' | 'breakStart' | 'breakEnd';

function usePunch(onDone: () => void) {
  const [clockIn, a] = useMutation(CLOCK_IN);
  const [clockOut, b] = useMutation(CLOCK_OUT);
  const [startBreak, c] = useMutation(START_BREAK);
  const [endBreak, d] = useMutation(END_BREAK);
  const busy = a.loading || b.loading || c.loading || d.loading;
  const punch = async (action: Action, input: { locationId: string; staffId?: string; pin?: string }) => {
    const run = { in: clockIn, out: clockOut, breakStart: startBreak, breakEnd: endBreak }[action];
    try {
      await run({ variables: { input } });
      toast({ title: { in: 'Clocked in', out: 'Clocked out', breakStart: 'Break started', breakEnd: 'Back from break' }[action] });
      onDone();
      return true;
    } catch (e) {
      toast({ title: 'The time clock refused that', description: graphqlErrorMessage(e), variant: 'destructive' });
      return false;
    }
  };
  return { punch, busy };
}

/**
 * /time-clock: your own clock (in, breaks, out), a shared front-desk clock where each person uses
 * their PIN, and time sheets with overtime computed by the location's rule; managers correct a
 * shift with a reason and approve a period for payroll.
 */
export function TimeClockPage() {
  const { selected } = useLocations();
  const { can } = usePermissions();
  const locationId = selected?.id;
  const current = useQuery(CURRENT_SHIFT, { fetchPolicy: 'cache-and-network' });
  const [sheetVersion, setSheetVersion] = useState(0);
  const refresh = () => {
    void current.refetch();
    setSheetVersion((v) => v + 1);
  };
  const { punch, busy } = usePunch(refresh);
  const shift = current.data?.currentShift ?? null;

  return (
    <section className="page time-clock-page" data-testid="time-clock-page">
      <header className="page-header">
        <div>
          <h1>Time clock</h1>
          <p className="muted">{selected?.name ?? 'No location selected'}</p>
        </div>
      </header>
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : (
        <div className="time-clock-grid">
          <section className="card" aria-labelledby="my-clock-title" data-testid="my-clock">
            <h2 id="my-clock-title">My clock</h2>
            {current.loading && !current.data ? (
              <Spinner fullScreen={false} />
            ) : (
              <>
                <p className="clock-state" role="status" data-testid="clock-state">
                  {!shift
                    ? 'You are clocked out.'
                    : shift.onBreak
                      ? `On a break (clocked in at ${formatTime(shift.clockInAt)}).`
                      : `Clocked in since ${formatTime(shift.clockInAt)}.`}
                </p>
                <div className="clock-actions">
                  {!shift && (
                    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void punch('in', { locationId })}>
                      Clock in
                    </button>
                  )}
                  {shift && !shift.onBreak && (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={busy}
                      onClick={() => void punch('breakStart', { locationId })}
                    >
                      Start break
                    </button>
                  )}
                  {shift?.onBreak && (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={busy}
                      onClick={() => void punch('breakEnd', { locationId })}
                    >
                      End break
                    </button>
                  )}
                  {shift && (
                    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void punch('out', { locationId })}>
                      Clock out
                    </button>
                  )}
                </div>
              </>
            )}
          </section>
          {can(PERMISSIONS.VIEW_STAFF) && <DeskClock locationId={locationId} onDone={refresh} />}
          <TimeSheetCard refreshKey={sheetVersion} locationId={locationId} canManage={can(PERMISSIONS.MANAGE_TIME_CLOCK)} />
        </div>
      )}
    </section>
  );
}

/** A shared screen at the desk: pick yourself, type your PIN, punch. */
function DeskClock({ locationId, onDone }: { locationId: string; onDone(): void }) {
  const { people } = useStaffOptions();
  const [staffId, setStaffId] = useState('');
  const [pin, setPin] = useState('');
  const { punch, busy } = usePunch(onDone);
  const go = async (action: Action) => {
    if (!staffId || !pin) return;
    if (await punch(action, { locationId, staffId, pin })) setPin('');
  };
  return (
    <section className="card" aria-labelledby="desk-clock-title">
      <h2 id="desk-clock-title">Front desk clock</h2>
      <p className="muted small">Each person clocks with their own PIN.</p>
      <div className="field">
        <label htmlFor="desk-person">Person</label>
        <select id="desk-person" value={staffId} onChange={(e) => setStaffId(e.target.value)}>
          <option value="">Choose…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.fullName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="desk-pin">PIN</label>
        <input
          id="desk-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="clock-actions">
        <button type="button" className="btn btn-secondary" disabled={busy || !staffId || !pin} onClick={() => void go('in')}>
          Clock in
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || !staffId || !pin} onClick={() => void go('breakStart')}>
          Break
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || !staffId || !pin} onClick={() => void go('breakEnd')}>
          Back
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || !staffId || !pin} onClick={() => void go('out')}>
          Clock out
        </button>
      </div>
    </section>
  );
}

function TimeSheetCard({ locationId, canManage, refreshKey }: { locationId: string; canManage: boolean; refreshKey: number }) {
  const { user } = useSession();
  const { people } = useStaffOptions(!canManage);
  const today = todayIn();
  const [staffId, setStaffId] = useState(user?.id ?? '');
  const [range, setRange] = useState(() => ({ from: lastTwoWeeks(today).from, to: today }));
  const sheet = useQuery(TIME_SHEET, {
    variables: { locationId, from: range.from, to: range.to, staffId: staffId || null },
    fetchPolicy: 'cache-and-network',
  });
  // A punch on this page changes the sheet shown (the person chosen stays chosen).
  const { refetch } = sheet;
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);
  const [approve, approving] = useMutation(APPROVE_TIME_SHEET);
  const [editing, setEditing] = useState<string | null>(null);
  const data = sheet.data?.timeSheet;

  const doApprove = async () => {
    try {
      await approve({ variables: { input: { staffId: data!.staffId, locationId, from: range.from, to: range.to } } });
      toast({ title: 'Time sheet approved' });
      void sheet.refetch();
    } catch (e) {
      toast({ title: 'Not approved', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <section className="card time-sheet" aria-labelledby="time-sheet-title" data-testid="time-sheet">
      <h2 id="time-sheet-title">Time sheet</h2>
      <div className="time-sheet-filters">
        {canManage && (
          <div className="field">
            <label htmlFor="sheet-person">Person</label>
            <select id="sheet-person" value={staffId} onChange={(e) => setStaffId(e.target.value)}>
              {user && <option value={user.id}>Me</option>}
              {people
                .filter((p) => p.id !== user?.id)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.fullName}
                  </option>
                ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="sheet-from">From</label>
          <input
            id="sheet-from"
            type="date"
            value={range.from}
            onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor="sheet-to">To</label>
          <input
            id="sheet-to"
            type="date"
            value={range.to}
            onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
      </div>
      {sheet.loading && !data ? (
        <Spinner fullScreen={false} />
      ) : sheet.error && !data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(sheet.error)}
        </div>
      ) : data ? (
        <>
          <p className="time-sheet-totals" data-testid="time-sheet-totals">
            Worked <strong>{hours(data.workedMinutes)}</strong> · regular {hours(data.regularMinutes)} · overtime{' '}
            {hours(data.overtimeMinutes)}
            {data.unresolved > 0 && <span className="badge badge-warning"> {data.unresolved} to resolve</span>}
            {data.approvedAt && <span className="badge badge-success"> Approved {formatDate(data.approvedAt)}</span>}
          </p>
          {data.shifts.length === 0 ? (
            <p className="muted small">No shifts in these dates.</p>
          ) : (
            <table className="table" aria-label="Shifts">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">In</th>
                  <th scope="col">Out</th>
                  <th scope="col">Break</th>
                  <th scope="col">Worked</th>
                  <th scope="col">State</th>
                  {canManage && <th scope="col">Correct</th>}
                </tr>
              </thead>
              <tbody>
                {data.shifts.map((s) => (
                  <ShiftRow
                    key={s.id}
                    shift={s}
                    column={canManage}
                    canManage={canManage && s.staffId !== user?.id}
                    editing={editing === s.id}
                    onEdit={setEditing}
                    onSaved={() => void sheet.refetch()}
                  />
                ))}
              </tbody>
            </table>
          )}
          {canManage && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={approving.loading || data.unresolved > 0 || data.shifts.length === 0}
              onClick={() => void doApprove()}
            >
              Approve time sheet
            </button>
          )}
        </>
      ) : null}
    </section>
  );
}

function ShiftRow(props: {
  shift: ShiftFieldsFragment;
  column: boolean;
  canManage: boolean;
  editing: boolean;
  onEdit(id: string | null): void;
  onSaved(): void;
}) {
  const s = props.shift;
  const state =
    s.status === 'forgotten'
      ? 'Forgotten clock-out'
      : s.status === 'open'
        ? s.onBreak
          ? 'On break'
          : 'Open'
        : s.approved
          ? 'Approved'
          : 'Closed';
  return (
    <>
      <tr data-testid={`shift-${s.id}`}>
        <td>{formatDate(`${s.workDate}T12:00:00Z`)}</td>
        <td>{formatTime(s.clockInAt)}</td>
        <td>{s.clockOutAt ? formatTime(s.clockOutAt) : '—'}</td>
        <td>{s.breakMinutes} min</td>
        <td>{hours(s.workedMinutes)}</td>
        <td>
          {state}
          {s.edits.length > 0 && (
            <span className="muted small" title={s.edits.map((e) => `${formatDate(e.editedAt)}: ${e.reason}`).join('\n')}>
              {' '}
              (corrected: {s.edits.at(-1)!.reason})
            </span>
          )}
        </td>
        {props.column && (
          <td>
            {props.canManage && s.status !== 'open' && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => props.onEdit(props.editing ? null : s.id)}
                aria-expanded={props.editing}
              >
                Correct
              </button>
            )}
          </td>
        )}
      </tr>
      {props.editing && (
        <tr>
          <td colSpan={7}>
            <EditShiftForm
              shift={s}
              onDone={() => {
                props.onEdit(null);
                props.onSaved();
              }}
            />
          </td>
        </tr>
      )}
    </>
  );
}

const hhmm = (iso: string, date: string) => {
  const m = minutesInDay(new Date(iso), date);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A manager's correction: times on the shift's day (location time), the break, and a reason (kept). */
function EditShiftForm({ shift, onDone }: { shift: ShiftFieldsFragment; onDone(): void }) {
  const [inAt, setIn] = useState(hhmm(shift.clockInAt, shift.workDate));
  const [outAt, setOut] = useState(shift.clockOutAt ? hhmm(shift.clockOutAt, shift.workDate) : '');
  const [breakMin, setBreak] = useState(String(shift.breakMinutes));
  const [reason, setReason] = useState('');
  const [edit, saving] = useMutation(EDIT_SHIFT);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const outMinutes = parseHHMM(outAt);
      const inMinutes = parseHHMM(inAt);
      // A clock-out before the clock-in is the next morning.
      const outDate =
        outMinutes <= inMinutes
          ? new Date(zonedToUtc(shift.workDate, outMinutes).getTime() + 86_400_000)
          : zonedToUtc(shift.workDate, outMinutes);
      await edit({
        variables: {
          id: shift.id,
          input: {
            clockInAt: zonedToUtc(shift.workDate, inMinutes).toISOString(),
            clockOutAt: outDate.toISOString(),
            breakMinutes: Number(breakMin) || 0,
            reason,
            version: shift.version,
          },
        },
      });
      toast({ title: 'Shift corrected' });
      onDone();
    } catch (err) {
      toast({ title: 'Not corrected', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <form className="edit-shift" onSubmit={(e) => void submit(e)} aria-label="Correct the shift">
      <div className="field">
        <label htmlFor={`in-${shift.id}`}>Clock in</label>
        <input id={`in-${shift.id}`} type="time" value={inAt} onChange={(e) => setIn(e.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor={`out-${shift.id}`}>Clock out</label>
        <input id={`out-${shift.id}`} type="time" value={outAt} onChange={(e) => setOut(e.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor={`break-${shift.id}`}>Break (minutes)</label>
        <input id={`break-${shift.id}`} inputMode="numeric" value={breakMin} onChange={(e) => setBreak(e.target.value)} />
      </div>
      <div className="field grow">
        <label htmlFor={`reason-${shift.id}`}>Reason</label>
        <input
          id={`reason-${shift.id}`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          required
          minLength={3}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-sm" disabled={saving.loading}>
        Save correction
      </button>
    </form>
  );
}
