import { DateTime } from 'luxon';

/** What the database refused: the resource whose hold collided with a committed booking. */
export interface TakenResource {
  kind: 'staff' | 'room' | 'device';
  id: string;
  name: string;
  at: Date;
}

/** "Dana Lee is already booked at 2:00 PM" / "Room 2 is taken at 2:00 PM", in the location's zone. */
export function takenMessage(t: TakenResource, timeZone: string): string {
  const time = DateTime.fromJSDate(t.at, { zone: timeZone }).toFormat('h:mm a');
  return t.kind === 'staff' ? `${t.name} is already booked at ${time}` : `${t.name} is taken at ${time}`;
}
