import { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** Spec §7: stale after 5 minutes, no retries, refetch on window focus. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: false,
        refetchOnWindowFocus: true,
        // Query keys start with the REST path, e.g. ['/api/business-settings'].
        queryFn: ({ queryKey }) => api.get(String(queryKey[0])),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
