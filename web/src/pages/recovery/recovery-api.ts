import { api } from '../../lib/api-client';

/** Password recovery calls (backend arrives later; answers shown as given). */
export interface RecoveryAnswer {
  message?: string;
  success?: boolean;
}

export const requestResetEmail = (email: string) => api.post<RecoveryAnswer | null>('/api/auth/forgot-password', { email });

export const requestResetSms = (emailOrPhone: string) =>
  api.post<RecoveryAnswer | null>('/api/auth/forgot-password-sms', emailOrPhone.includes('@') ? { email: emailOrPhone } : { phone: emailOrPhone });

export const resetPassword = (input: { token?: string; code?: string; password: string }) =>
  api.post<RecoveryAnswer | null>('/api/auth/reset-password', input);

export const MIN_PASSWORD_LENGTH = 8;
