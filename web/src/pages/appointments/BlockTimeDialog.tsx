import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatLongDate } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { toast } from '../../shell/toast-store';
import { Dialog } from '../clients/Dialog';
import { ADD_TIME_OFF } from '../schedule/schedule-gql';
import { blockInterval } from './block-time';
import { colonHHMM, zonedToUtc } from './time-grid';
import { CALENDAR_QUERIES } from './use-calendar-data';

interface Props {
  locationId: string;
  date: string;
  staffId: string;
  staffName: string;
  startMin: number;
  /** Where a drag over the cells ended (else an hour after the start). */
  endMin?: number;
  onClose(): void;
}

/**
 * Block personal time from an empty cell: a "blocked" interval (scheduling's time off, kind
 * blocked) that the availability engine refuses bookings over, shaded on the calendar with its label.
 */
export function BlockTimeDialog({ locationId, date, staffId, staffName, startMin, endMin, onClose }: Props) {
  const [from, setFrom] = useState(colonHHMM(startMin));
  const [until, setUntil] = useState(colonHHMM(Math.min(endMin ?? startMin + 60, 24 * 60 - 15)));
  const [label, setLabel] = useState('Personal time');
  const [error, setError] = useState<string | null>(null);
  const [add, state] = useMutation(ADD_TIME_OFF, {
    refetchQueries: [...CALENDAR_QUERIES, 'CalendarUnavailable'],
    awaitRefetchQueries: true,
  });
  const submit = async () => {
    const i = blockInterval(date, from, until);
    if (!i.ok) return setError(i.message);
    setError(null);
    try {
      await add({
        variables: { input: { staffId, locationId, startsAt: i.startsAt, endsAt: i.endsAt, label: label.trim() || null, kind: 'blocked' } },
      });
      toast({ title: 'Time blocked', description: `${staffName}, ${from}–${until}`, variant: 'success' });
      onClose();
    } catch (e) {
      setError(refusalText(e, 'block time on the calendar'));
    }
  };
  return (
    <Dialog
      title={`Block time for ${staffName}`}
      onClose={onClose}
      testId="block-dialog"
      description={formatLongDate(zonedToUtc(date, 720))}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="row gap wrap">
          <label className="field">
            <span>From</span>
            <input type="time" step={900} required value={from} onChange={(e) => setFrom(e.target.value)} data-testid="block-from" />
          </label>
          <label className="field">
            <span>Until</span>
            <input type="time" step={900} required value={until} onChange={(e) => setUntil(e.target.value)} data-testid="block-until" />
          </label>
        </div>
        <label className="field">
          <span>What for (shown on the calendar)</span>
          <input value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} data-testid="block-label" />
        </label>
        {error && (
          <p className="appt-error" role="alert" data-testid="block-error">
            {error}
          </p>
        )}
        <div className="row gap appt-dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={state.loading} data-testid="block-submit">
            {state.loading ? 'Blocking…' : 'Block time'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}
