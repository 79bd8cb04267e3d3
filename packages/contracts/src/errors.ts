/** The one error body every service and the gateway answer with. */
export interface ErrorBody {
  error: string;
  /** Validation: the field problems. Conflict: what the caller needs to show it (e.g. the current record). */
  details?: { field: string; message: string }[] | unknown;
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_CREDENTIALS = 'Invalid email or password';
