import type { QueryClient } from '@tanstack/react-query';

/**
 * After a write: refetch the queries under `roots` that are on screen, and
 * drop the ones off screen, which would otherwise come back with old data
 * (queries never refetch on mount, lib/query-client.ts). The dashboard's
 * figures always follow. Mutations do not await it: their toast and closing
 * dialog need not wait for the refetch.
 */
export async function refreshQueries(queryClient: QueryClient, roots: readonly string[]): Promise<void> {
  const all = [...roots, 'dashboard'];
  for (const root of all) queryClient.removeQueries({ queryKey: [root], type: 'inactive' });
  await Promise.all(all.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}
