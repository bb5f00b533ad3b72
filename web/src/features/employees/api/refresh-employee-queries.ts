import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** Every employee query (list, figures, directory, details) sits under this key. */
export const EMPLOYEES_KEY = 'employees';

/** After any employee write: the lists, the four figures and the directory the manager picker reads. */
export function refreshEmployeeQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [EMPLOYEES_KEY]);
}
