import { useState } from 'react';
import type { PickerClient } from '../../components/client-picker';
import { formatCents, formatDuration, formatLongDate, formatTime } from '../../lib/format';
import { fillLabel, splitRoster } from './class-form';
import type { ClassDetail, Enrolment } from './classes-api';

export interface RosterPanelProps {
  detail: ClassDetail;
  instructorName: string;
  roomName: string | null;
  clientName(id: string): string;
  now: Date;
  can: { manage: boolean; enrol: boolean; attend: boolean };
  busy: boolean;
  /** Shown above the roster: what the last action did ("Ana Ruiz moved up from the waitlist"). */
  notice: string | null;
  error: string | null;
  /** The client picker slot (the shared picker in the app, a stub in tests). */
  picker(props: { value: PickerClient | null; onChange(c: PickerClient | null): void }): React.ReactNode;
  onEnrol(client: PickerClient): void;
  onCancelEnrolment(e: Enrolment): void;
  onAttendance(e: Enrolment, status: 'attended' | 'no-show' | 'enrolled'): void;
  onEdit(): void;
  onCancelClass(reason: string | null): void;
}

const STATUS_LABEL: Record<Enrolment['status'], string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  attended: 'Attended',
  'no-show': 'No-show',
};
const STATUS_BADGE: Record<Enrolment['status'], string> = {
  enrolled: 'badge-primary',
  waitlisted: 'badge-warning',
  cancelled: 'badge-muted',
  attended: 'badge-success',
  'no-show': 'badge-danger',
};

/** One session: its facts, the seated clients, the waitlist in order, and what staff may do with them. */
export function RosterPanel(p: RosterPanelProps) {
  const { detail } = p;
  const [client, setClient] = useState<PickerClient | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const roster = splitRoster(detail.enrolments);
  const live = detail.status === 'scheduled';
  const started = p.now >= new Date(detail.startsAt);
  const ended = p.now >= new Date(detail.endsAt);

  const row = (e: Enrolment, place?: number) => (
    <li key={e.id} className="class-roster-row" data-testid={`enrolment-${e.id}`} data-status={e.status}>
      {place !== undefined && <span className="class-place">#{place}</span>}
      <span className="class-client">{p.clientName(e.clientId)}</span>
      <span className={`badge ${STATUS_BADGE[e.status]}`}>{STATUS_LABEL[e.status]}</span>
      <span className="class-row-actions">
        {live && p.can.attend && started && e.status !== 'waitlisted' && (
          <>
            {e.status !== 'attended' && (
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={p.busy}
                onClick={() => p.onAttendance(e, 'attended')}
                data-testid={`attended-${e.id}`}
              >
                Attended
              </button>
            )}
            {e.status !== 'no-show' && (
              <button type="button" className="btn btn-ghost btn-xs" disabled={p.busy} onClick={() => p.onAttendance(e, 'no-show')}>
                No-show
              </button>
            )}
            {e.status !== 'enrolled' && (
              <button type="button" className="btn btn-ghost btn-xs" disabled={p.busy} onClick={() => p.onAttendance(e, 'enrolled')}>
                Undo
              </button>
            )}
          </>
        )}
        {live && p.can.enrol && (e.status === 'enrolled' || e.status === 'waitlisted') && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={p.busy}
            onClick={() => p.onCancelEnrolment(e)}
            data-testid={`cancel-enrolment-${e.id}`}
          >
            Cancel
          </button>
        )}
      </span>
    </li>
  );

  return (
    <div className="stack-sm class-detail" data-testid="class-detail">
      <p className="muted">
        {formatLongDate(detail.startsAt)} · {formatTime(detail.startsAt)}–{formatTime(detail.endsAt)} ({formatDuration(detail.durationMin)})
        <br />
        {p.instructorName}
        {p.roomName ? ` · ${p.roomName}` : ''} · {detail.priceMinor > 0 ? formatCents(detail.priceMinor) : 'Free'}
      </p>
      <p>
        <strong data-testid="class-fill">{fillLabel(detail)}</strong>
        {detail.status === 'cancelled' && detail.cancelReason ? <span className="muted"> · {detail.cancelReason}</span> : null}
      </p>
      {p.notice && (
        <div className="alert alert-success" role="status" data-testid="class-notice">
          {p.notice}
        </div>
      )}
      {p.error && (
        <div className="alert alert-error" role="alert" data-testid="roster-error">
          {p.error}
        </div>
      )}

      {live && !ended && p.can.enrol && (
        <form
          className="row gap wrap class-enrol"
          onSubmit={(e) => {
            e.preventDefault();
            if (client) {
              p.onEnrol(client);
              setClient(null);
            }
          }}
        >
          <div className="class-picker">{p.picker({ value: client, onChange: setClient })}</div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!client || p.busy} data-testid="enrol-submit">
            {detail.enrolledCount >= detail.capacity ? 'Add to waitlist' : 'Enrol'}
          </button>
        </form>
      )}

      <section className="class-roster" aria-label="Roster">
        <h3>
          Enrolled ({roster.seated.length}/{detail.capacity})
        </h3>
        {roster.seated.length === 0 ? (
          <p className="muted">Nobody yet.</p>
        ) : (
          <ul data-testid="roster-seated">{roster.seated.map((e) => row(e))}</ul>
        )}
      </section>
      {roster.waitlist.length > 0 && (
        <section className="class-roster" aria-label="Waitlist">
          <h3>Waitlist ({roster.waitlist.length})</h3>
          <ul data-testid="roster-waitlist">{roster.waitlist.map((e) => row(e, e.waitlistPosition ?? undefined))}</ul>
        </section>
      )}
      {roster.cancelled.length > 0 && (
        <details className="class-roster">
          <summary className="muted">Cancelled ({roster.cancelled.length})</summary>
          <ul>{roster.cancelled.map((e) => row(e))}</ul>
        </details>
      )}

      {live && p.can.manage && (
        <div className="form-actions class-manage">
          {!started && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={p.onEdit} data-testid="edit-class">
              Edit class
            </button>
          )}
          {!ended && !confirmCancel && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmCancel(true)} data-testid="cancel-class">
              Cancel class
            </button>
          )}
          {confirmCancel && (
            <div className="row gap wrap">
              <input
                aria-label="Reason"
                placeholder="Reason (optional)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
              />
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={p.busy}
                onClick={() => p.onCancelClass(reason.trim() || null)}
                data-testid="confirm-cancel-class"
              >
                Cancel class and its {detail.enrolledCount + detail.waitlistedCount} places
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
