/** An appointment's change log in words: who did what when. Pure. */
import { formatDate, formatDateTime, formatDuration, formatTime } from '../../lib/format';
import { statusLabel } from './status';

/** A line of the log as GraphQL answers it (AppointmentChangeView in contracts; kinds typed as strings there). */
export interface ChangeLine {
  at: string;
  by: string | null;
  byKind: string;
  byName: string | null;
  what: string;
  from: string | null;
  to: string | null;
}

const BOOKED_VIA: Record<string, string> = { staff: 'at the desk', online: 'online', api: 'through the booking API' };

/** "Riley Front", "The client", "The system", or "A staff member" when identity does not name them. */
export function changeAuthor(c: Pick<ChangeLine, 'byKind' | 'byName'>): string {
  if (c.byName) return c.byName;
  if (c.byKind === 'client') return 'The client';
  if (c.byKind === 'system') return 'The system';
  return 'A staff member';
}

/** A time beside another: the date only when they fall on different days. */
function timePair(from: string, to: string): [string, string] {
  return formatDate(from) === formatDate(to) ? [formatTime(from), formatTime(to)] : [formatDateTime(from), formatDateTime(to)];
}

/** What the change did, as a sentence ("Moved from 10:00 AM to 11:00 AM"). Staff ids are named from `staffNames`. */
export function describeChange(c: ChangeLine, staffNames: ReadonlyMap<string, string>): string {
  const staff = (id: string | null) => (id ? (staffNames.get(id) ?? 'another staff member') : 'nobody');
  switch (c.what) {
    case 'booked':
      return `Booked ${BOOKED_VIA[c.from ?? ''] ?? ''} for ${c.to ? formatDateTime(c.to) : 'a time'}`.replace('  ', ' ');
    case 'time': {
      if (!c.from || !c.to) return 'Moved';
      const [from, to] = timePair(c.from, c.to);
      return `Moved from ${from} to ${to}`;
    }
    case 'staff':
      return `Staff changed from ${staff(c.from)} to ${staff(c.to)}`;
    case 'length':
      return `Length changed from ${formatDuration(Number(c.from))} to ${formatDuration(Number(c.to))}`;
    case 'service':
      return `Service changed from ${c.from ?? 'none'} to ${c.to ?? 'none'}`;
    case 'status':
      return `Status changed from ${statusLabel(c.from ?? '')} to ${statusLabel(c.to ?? '')}`;
    case 'cancel-reason':
      return c.to ? `Cancel reason: ${c.to}` : 'Cancel reason removed';
    case 'notes':
      return !c.from ? `Notes added: ${c.to ?? ''}` : !c.to ? 'Notes removed' : `Notes changed to: ${c.to}`;
    default:
      return 'Changed';
  }
}

/** Newest first, as a person reads a log. */
export const newestFirst = <T extends Pick<ChangeLine, 'at'>>(changes: readonly T[]): T[] =>
  changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.at.localeCompare(a.c.at) || b.i - a.i)
    .map(({ c }) => c);
