import type { QueryClient } from '@tanstack/react-query';

/**
 * After any vendor write: refetch the vendor lists and the dashboard figures
 * on screen (Active Vendors), and drop the ones off screen, which would
 * otherwise come back with old data (queries never refetch on mount,
 * lib/query-client.ts). Mutations do not await it: their toast and closing
 * dialog need not wait for the refetch.
 */
export async function refreshVendorQueries(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: ['vendors'], type: 'inactive' });
  queryClient.removeQueries({ queryKey: ['dashboard'], type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['vendors'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
