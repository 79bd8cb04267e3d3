import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { addDays, todayIn, zonedDate } from '../appointments/time-grid';
import { bookingApi, type Slot } from './booking-api';
import { groupSlots } from './booking-steps';

const DAYS_SHOWN = 14;

interface Props {
  locationId: string;
  /** One service, or several booked as one visit (in order). */
  serviceIds: string[];
  staffId?: string;
  timeZone: string;
  selected: Slot | null;
  onPick(slot: Slot): void;
}

/** Two weeks of days (those without a free time are greyed) and the chosen day's times by part of day. */
export function TimePicker({ locationId, serviceIds, staffId, timeZone, selected, onPick }: Props) {
  const [firstDay, setFirstDay] = useState(() => todayIn(timeZone));
  const lastDay = addDays(firstDay, DAYS_SHOWN - 1);
  const slots = useQuery({
    queryKey: ['online-booking-slots', locationId, serviceIds.join(','), staffId ?? 'any', firstDay],
    queryFn: () =>
      bookingApi.slots({
        locationId,
        ...(serviceIds.length > 1 ? { serviceIds: serviceIds.join(',') } : { serviceId: serviceIds[0] }),
        staffId,
        from: firstDay,
        to: lastDay,
      }),
    staleTime: 15_000,
  });
  const byDay = useMemo(() => {
    const map = new Map<string, Slot[]>();
    for (const s of slots.data?.slots ?? []) {
      const d = zonedDate(new Date(s.startsAt), timeZone);
      map.set(d, [...(map.get(d) ?? []), s]);
    }
    return map;
  }, [slots.data, timeZone]);
  const days = Array.from({ length: DAYS_SHOWN }, (_, i) => addDays(firstDay, i));
  const [day, setDay] = useState<string | null>(null);
  // Open on the first day with a free time, so nobody has to hunt for it.
  useEffect(() => {
    if (!slots.data) return;
    if (day && days.includes(day) && byDay.has(day)) return;
    setDay(days.find((d) => byDay.has(d)) ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots.data]);
  const today = todayIn(timeZone);
  const label = (d: string) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });

  return (
    <div className="bk-time" data-testid="bk-time">
      <div className="bk-days-nav">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={firstDay <= today}
          onClick={() => setFirstDay(addDays(firstDay, -DAYS_SHOWN))}
          aria-label="Earlier days"
        >
          ‹
        </button>
        <div className="bk-days" role="listbox" aria-label="Day">
          {days.map((d) => (
            <button
              key={d}
              type="button"
              role="option"
              aria-selected={d === day}
              className={`bk-day${d === day ? ' is-selected' : ''}`}
              disabled={!byDay.has(d)}
              onClick={() => setDay(d)}
              data-date={d}
            >
              {label(d)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setFirstDay(addDays(firstDay, DAYS_SHOWN))}
          aria-label="Later days"
        >
          ›
        </button>
      </div>
      {slots.isLoading && <p className="muted">Finding free times…</p>}
      {slots.isError && (
        <p className="form-error" role="alert">
          {(slots.error as Error).message}
        </p>
      )}
      {slots.data && !day && (
        <p className="muted">No free times in these two weeks. Try later days{staffId ? ' or anyone available' : ''}.</p>
      )}
      {day &&
        groupSlots(byDay.get(day) ?? [], timeZone).map((g) => (
          <section key={g.part} className="bk-part" aria-label={g.part}>
            <h3>{g.part}</h3>
            <div className="bk-slots">
              {g.slots.map((s) => (
                <button
                  key={s.startsAt}
                  type="button"
                  className={`bk-slot${selected?.startsAt === s.startsAt ? ' is-selected' : ''}`}
                  aria-pressed={selected?.startsAt === s.startsAt}
                  onClick={() => onPick(s)}
                  data-starts-at={s.startsAt}
                >
                  {time(s.startsAt)}
                </button>
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
