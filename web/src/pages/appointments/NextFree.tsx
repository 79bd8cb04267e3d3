import { useState } from 'react';
import { api } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/format';
import { refusalText } from '../../lib/permission-refusal';
import { nextFreeWindow, slotCell, NEXT_FREE_DAYS } from './next-free';

interface Slot {
  startsAt: string;
  staffId: string;
}

interface Props {
  locationId: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  /** The day shown: the search starts there (or now). */
  date: string;
  /** The found time: book it (the booking dialog opens there). */
  onPick(date: string, startMin: number): void;
}

/**
 * A column's "Next free": asks the availability engine (the same one that refuses a booking) for the
 * person's first bookable start of the chosen service, so the desk sees it before trying.
 */
export function NextFree({ locationId, serviceId, serviceName, staffId, staffName, date, onPick }: Props) {
  const [state, setState] = useState<{ for: string; slot: Slot | null; error?: string } | null>(null);
  const key = `${serviceId}|${date}`;
  const shown = state?.for === key ? state : null;
  const ask = async () => {
    const w = nextFreeWindow(date, new Date());
    const q = new URLSearchParams({ locationId, serviceId, staffId, from: w.from, to: w.to });
    try {
      const res = await api.get<{ slots: Slot[] }>(`/api/availability?${q}`);
      setState({ for: key, slot: res.slots[0] ?? null });
    } catch (e) {
      setState({ for: key, slot: null, error: refusalText(e, 'see free times') });
    }
  };
  if (!shown)
    return (
      <button
        type="button"
        className="btn btn-ghost btn-xs appt-next-free"
        data-testid={`next-free-${staffId}`}
        aria-label={`Next free: ${staffName}, ${serviceName}`}
        onClick={() => void ask()}
      >
        Next free
      </button>
    );
  if (shown.error)
    return (
      <span className="appt-next-free muted" role="status" data-testid={`next-free-result-${staffId}`}>
        {shown.error}
      </span>
    );
  if (!shown.slot)
    return (
      <span className="appt-next-free muted" role="status" data-testid={`next-free-result-${staffId}`}>
        Nothing free in {NEXT_FREE_DAYS} days
      </span>
    );
  const cell = slotCell(shown.slot.startsAt);
  const text = `${cell.date === date ? '' : `${formatDate(shown.slot.startsAt).replace(/, \d{4}$/, '')} `}${formatTime(shown.slot.startsAt)}`;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-xs appt-next-free"
      data-testid={`next-free-result-${staffId}`}
      data-starts-at={shown.slot.startsAt}
      aria-label={`${text}: book ${staffName} for ${serviceName}`}
      onClick={() => onPick(cell.date, cell.startMin)}
    >
      {text}
    </button>
  );
}
