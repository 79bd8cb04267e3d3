/** The one error body every service and the gateway answer with. */
export interface ErrorBody {
  error: string;
  details?: { field: string; message: string }[];
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_CREDENTIALS = 'Invalid email or password';
