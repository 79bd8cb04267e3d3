import { formatLongDate } from '../../lib/format';
import { zonedToUtc } from './time-grid';

interface Props {
  date: string;
  label?: string;
  onPrev(): void;
  onToday(): void;
  onNext(): void;
  onPick(date: string): void;
}

/** Prev / Today / Next and a date picker. */
export function DateNav({ date, label, onPrev, onToday, onNext, onPick }: Props) {
  return (
    <div className="row gap wrap appt-nav">
      <button type="button" className="btn btn-secondary btn-sm" onClick={onPrev} aria-label="Previous" data-testid="date-prev">
        ‹
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onToday} data-testid="date-today">
        Today
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onNext} aria-label="Next" data-testid="date-next">
        ›
      </button>
      <input
        type="date"
        aria-label="Date"
        value={date}
        onChange={(e) => e.target.value && onPick(e.target.value)}
        data-testid="date-picker"
      />
      <strong className="appt-date-label">{label ?? formatLongDate(zonedToUtc(date, 12 * 60))}</strong>
    </div>
  );
}
