import type { ClassSessionView, EnrolmentStatus, EnrolmentView, SessionStatus } from '@salon/contracts';
import { conflictOf, fieldErrorsOf } from '../../lib/api-client';

export type { EnrolmentStatus, SessionStatus };
export type ClassSession = ClassSessionView;
export type Enrolment = EnrolmentView;

export interface ClassDetail extends ClassSession {
  enrolments: (Enrolment & { client?: { id: string; fullName: string } | null })[];
}

export interface RoomOption {
  id: string;
  name: string;
  capacity: number;
  active: boolean;
}

export interface ClassProblem {
  message: string;
  /** Field → message, from a 400's details. */
  fields: Record<string, string>;
  /** One line per date of a series that is not free (409). */
  conflicts: { startsAt: string; reason: string }[];
}

/** What a refusal says, in the shape the dialogs show: the message, per-field errors, per-date conflicts (the 409's `taken`). */
export function problemOf(error: unknown): ClassProblem {
  const { message, taken } = conflictOf(error);
  return { message, fields: fieldErrorsOf(error), conflicts: taken.map((t) => ({ startsAt: t.startsAt, reason: t.reason })) };
}
