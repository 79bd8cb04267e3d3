import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { storage } from '../../session/storage-keys';
import type { Appointment } from './appointments-api';
import { onlineSeenKey, parseSeenAt, unseenOnline } from './online-seen';

interface Props {
  userId: string;
  /** The appointments on screen (the day or the week). */
  items: readonly Appointment[];
  clientNames: Map<string, string>;
  onOpen(a: Appointment, opener: HTMLElement | null): void;
}

/** "N booked online since you last looked": the online bookings this user has not seen on this browser. */
export function OnlineSinceLastLook({ userId, items, clientNames, onOpen }: Props) {
  const [seenAt, setSeenAt] = useState(() => parseSeenAt(storage.get(onlineSeenKey(userId))));
  const unseen = useMemo(() => unseenOnline(items, seenAt), [items, seenAt]);
  const markSeen = () => {
    // Never before the newest booking on screen: a clock behind the server's must not re-flag them.
    const at = Math.max(Date.now(), ...items.map((a) => (a.createdAt ? Date.parse(a.createdAt) : 0)));
    storage.set(onlineSeenKey(userId), new Date(at).toISOString());
    setSeenAt(at);
  };
  // The first look on this browser starts the clock: nothing booked before it counts as new.
  useEffect(() => {
    if (seenAt === null && items.length > 0) markSeen();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seenAt, items]);
  if (unseen.length === 0) return null;
  return (
    <details className="appt-online-new" data-testid="online-new">
      <summary>
        <span className="appt-online-dot" aria-hidden="true" />
        {unseen.length} booked online since you last looked
      </summary>
      <ul>
        {unseen.map((a) => (
          <li key={a.id}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={(e) => onOpen(a, e.currentTarget)}>
              {clientNames.get(a.clientId) ?? 'Client'}: {a.serviceName}, {formatDateTime(a.startsAt)}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-sm" data-testid="online-new-seen" onClick={markSeen}>
        Mark as seen
      </button>
    </details>
  );
}
