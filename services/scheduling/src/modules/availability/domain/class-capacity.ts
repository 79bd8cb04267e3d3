// Class seats. Whether a full class offers a waitlist is the caller's decision; this only refuses.
import type { ClassSeatCheck } from './availability-types.js';

export function classSeatsLeft(capacity: number, enrolled: number): number {
  return Math.max(0, Math.floor(capacity) - Math.max(0, Math.floor(enrolled)));
}

export function checkClassSeat(input: { capacity: number; enrolled: number; seats?: number; className?: string }): ClassSeatCheck {
  const seats = input.seats ?? 1;
  const left = classSeatsLeft(input.capacity, input.enrolled);
  if (seats <= left) return { ok: true, seatsLeft: left - seats };
  const what = input.className ?? 'Class';
  const message = left === 0 ? `${what} is full` : `Only ${left} seat${left === 1 ? '' : 's'} left in ${what}`;
  return { ok: false, seatsLeft: left, reason: message, details: { code: 'class-full', message } };
}
