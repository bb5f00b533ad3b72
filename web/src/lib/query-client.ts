import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC.md section 7: no automatic refetch (not on mount, focus or reconnect),
 * data never becomes stale, no retries. Mutations invalidate what they change.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
