import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conflictOf } from '../../lib/api-client';
import { bookingApi, type MyAppointment, type PublicLocation, type Slot } from './booking-api';
import { whenLabel } from './BookingFlow';
import { TimePicker } from './TimePicker';

/** A signed-in client's upcoming appointments, with cancel and reschedule until the policy window. */
export function MyAppointments({ locations }: { locations: PublicLocation[] }) {
  const mine = useQuery({ queryKey: ['online-booking-mine'], queryFn: bookingApi.mine });
  if (mine.isLoading) return <p className="muted">Loading your appointments…</p>;
  if (mine.isError)
    return (
      <p className="form-error" role="alert">
        {(mine.error as Error).message}
      </p>
    );
  const list = mine.data ?? [];
  return (
    <section className="card bk-mine" id="my-appointments" aria-label="Your upcoming appointments" data-testid="my-appointments">
      <h2>Your upcoming appointments</h2>
      {list.length === 0 ? (
        <p className="muted">Nothing booked yet.</p>
      ) : (
        list.map((a) => <MyAppointmentRow key={a.id} a={a} location={locations.find((l) => l.id === a.locationId)} />)
      )}
    </section>
  );
}

function MyAppointmentRow({ a, location }: { a: MyAppointment; location?: PublicLocation }) {
  const qc = useQueryClient();
  const timeZone = location?.timeZone ?? 'America/Chicago';
  const [moving, setMoving] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Slot[] } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['online-booking-mine'] });
  const cancel = useMutation({
    mutationFn: () => bookingApi.cancel(a.id),
    onSuccess: refresh,
    onError: (e) => setRefusal(conflictOf<Slot>(e)),
  });
  const move = useMutation({
    mutationFn: (s: Slot) => bookingApi.reschedule(a.id, s.startsAt, s.staffId),
    onSuccess: () => {
      setMoving(false);
      setSlot(null);
      void refresh();
    },
    onError: (e) => setRefusal(conflictOf<Slot>(e)),
  });
  return (
    <article className="bk-mine-row" data-testid="my-appointment" data-appointment-id={a.id}>
      <div>
        <strong>{a.serviceName}</strong> with {a.staffName}
        <div className="muted">
          {whenLabel(a.startsAt, timeZone)}
          {location ? ` · ${location.name}` : ''}
        </div>
        {!a.canChange && a.changeBlockedReason && <div className="muted small">{a.changeBlockedReason}</div>}
      </div>
      {a.canChange && !moving && !confirmCancel && (
        <div className="bk-row-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setRefusal(null);
              setMoving(true);
            }}
          >
            Reschedule
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmCancel(true)}>
            Cancel
          </button>
        </div>
      )}
      {confirmCancel && (
        <div className="bk-row-actions">
          <span>Cancel this appointment?</span>
          <button type="button" className="btn btn-danger btn-sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Yes, cancel it
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmCancel(false)}>
            Keep it
          </button>
        </div>
      )}
      {moving && (
        <div className="stack bk-move">
          <TimePicker
            locationId={a.locationId}
            serviceIds={[a.serviceId]}
            staffId={a.staffId}
            timeZone={timeZone}
            selected={slot}
            onPick={setSlot}
          />
          <div className="bk-row-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!slot || move.isPending}
              onClick={() => slot && move.mutate(slot)}
            >
              Move to this time
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMoving(false)}>
              Never mind
            </button>
          </div>
        </div>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal.message}
        </p>
      )}
    </article>
  );
}
