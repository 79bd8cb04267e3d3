import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client';
import { useSession } from './session-context';
import type { BusinessSettings } from '@salon/contracts';

export const BUSINESS_SETTINGS_KEY = ['/api/business-settings'] as const;
export const FETCH_SETTINGS_ERROR = 'Failed to fetch business settings';
export const UPDATE_SETTINGS_ERROR = 'Failed to update business settings';

/** An error with the spec's text and, as detail, what the server said. */
export class SettingsError extends Error {
  readonly detail: string | null;
  readonly status: number | null;
  constructor(message: string, cause: unknown) {
    super(message);
    this.name = 'SettingsError';
    this.detail = cause instanceof Error && cause.message !== message ? cause.message : null;
    this.status = cause instanceof ApiError ? cause.status : null;
  }
}

export function useBusinessSettings() {
  const { status, user } = useSession();
  return useQuery({
    queryKey: BUSINESS_SETTINGS_KEY,
    enabled: status === 'authenticated' && !!user && user.role !== 'client',
    queryFn: async () => {
      try {
        return await api.get<BusinessSettings>('/api/business-settings');
      } catch (e) {
        throw new SettingsError(FETCH_SETTINGS_ERROR, e);
      }
    },
  });
}

export function useUpdateBusinessSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<BusinessSettings>) => {
      try {
        return await api.put<BusinessSettings>('/api/business-settings', patch);
      } catch (e) {
        throw new SettingsError(UPDATE_SETTINGS_ERROR, e);
      }
    },
    onSuccess: (data) => {
      qc.setQueryData(BUSINESS_SETTINGS_KEY, data);
      void qc.invalidateQueries({ queryKey: BUSINESS_SETTINGS_KEY });
    },
  });
}
