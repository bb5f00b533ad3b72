import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** The root of every query of this feature: project lists, details and photos. */
export const PROJECT_MANAGEMENT_KEY = 'project-management';

/**
 * After any project write: this feature's queries, the customers' (a project
 * changes its customer's project count), the dashboard figures, and the
 * website's project queries, so the public pages opened later show the change.
 */
export function refreshProjectManagementQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [PROJECT_MANAGEMENT_KEY, 'customers', 'projects']);
}
