import type { QueryClient } from '@tanstack/react-query';

/**
 * After any lead write: refetch the lead queries and dashboard figures on
 * screen, and drop the ones off screen. The app's queries never refetch on
 * mount (lib/query-client.ts), so an invalidated but unmounted query would
 * otherwise show its old data when it comes back. Mutations do not await it:
 * their toast and closing dialog need not wait for the refetch.
 */
export async function refreshLeadQueries(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: ['leads'], type: 'inactive' });
  queryClient.removeQueries({ queryKey: ['dashboard'], type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['leads'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
