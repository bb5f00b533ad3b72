import type { QueryClient } from '@tanstack/react-query';

/** The root of every query of this feature: projects and customers, lists, details and searches. */
export const PROJECT_MANAGEMENT_KEY = 'project-management';

/**
 * After any project or customer write: refetch this feature's queries and the
 * dashboard figures on screen, and drop the ones off screen, which would
 * otherwise come back with old data (queries never refetch on mount,
 * lib/query-client.ts). Projects and customers together, because each write
 * moves the other: a project changes its customer's project count, a
 * customer's name shows on its projects. The website's project queries are
 * dropped too, so the public pages opened later show the change. Mutations
 * do not await it: their toast and closing dialog need not wait.
 */
export async function refreshProjectManagementQueries(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: [PROJECT_MANAGEMENT_KEY], type: 'inactive' });
  queryClient.removeQueries({ queryKey: ['dashboard'], type: 'inactive' });
  queryClient.removeQueries({ queryKey: ['projects'], type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [PROJECT_MANAGEMENT_KEY] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
