import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** The root of every customer query: lists, details and picker searches. */
export const CUSTOMERS_KEY = 'customers';

/**
 * After any customer write: the customer queries, the project lists (a
 * customer's name shows on its projects) and the dashboard figures.
 */
export function refreshCustomerQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [CUSTOMERS_KEY, 'project-management']);
}
