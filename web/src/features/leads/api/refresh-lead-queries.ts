import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** After any lead write: the lead queries and the dashboard figures. */
export function refreshLeadQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, ['leads']);
}
