import type { ClassSessionView, EnrolmentStatus, EnrolmentView, SessionStatus } from '@salon/contracts';
import { ApiError, fieldErrorsOf, graphqlRefusalOf } from '../../lib/api-client';

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

/** What a refusal says, in the shape the dialogs show: the message, per-field errors, per-date conflicts. */
export function problemOf(error: unknown): ClassProblem {
  const refusal = graphqlRefusalOf(error);
  const message = refusal?.message ?? (error instanceof Error ? error.message : 'Something went wrong');
  if (!(error instanceof ApiError) && !refusal) return { message, fields: {}, conflicts: [] };
  const details = (error instanceof ApiError ? (error.body as { details?: { conflicts?: unknown } } | null) : (refusal as { details?: { conflicts?: unknown } }))?.details;
  const raw = details && !Array.isArray(details) && Array.isArray(details.conflicts) ? details.conflicts : [];
  const conflicts = raw.filter((c): c is { startsAt: string; reason: string } => !!c && typeof c.startsAt === 'string' && typeof c.reason === 'string');
  return { message, fields: fieldErrorsOf(error), conflicts };
}
