/** The one error body every service and the gateway answer with. */
export interface ErrorBody {
  error: string;
  /** Validation: the field problems. Conflict: what the caller needs to show it (e.g. the current record). */
  details?: { field: string; message: string }[] | unknown;
  /** A refused claim (a booking, a class time): what was taken, e.g. scheduling's `TakenTime[]`. */
  taken?: unknown[];
  /** … and what is free instead (e.g. scheduling's nearest slots). */
  alternatives?: unknown[];
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_CREDENTIALS = 'Invalid email or password';
