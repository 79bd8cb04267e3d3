import { api } from '../../lib/api-client';

/** Password recovery calls; the server's answer text is shown as given. */
export interface RecoveryAnswer {
  message?: string;
  /** SMS requests: the code is bound to this request. */
  requestId?: string;
}

export const requestResetEmail = (email: string) => api.post<RecoveryAnswer | null>('/api/auth/forgot-password', { email });

export const requestResetSms = (emailOrPhone: string) =>
  api.post<RecoveryAnswer | null>(
    '/api/auth/forgot-password-sms',
    emailOrPhone.includes('@') ? { email: emailOrPhone } : { phone: emailOrPhone },
  );

export const resetPassword = (input: { token?: string; requestId?: string; code?: string; password: string }) =>
  api.post<RecoveryAnswer | null>('/api/auth/reset-password', input);

export const MIN_PASSWORD_LENGTH = 8;

/** Why a new password cannot be used yet, or null; the server checks again. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password !== confirm) return 'The passwords do not match';
  return null;
}
