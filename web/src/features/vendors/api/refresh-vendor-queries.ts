import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** After any vendor write: the vendor lists and the dashboard figures (Active Vendors). */
export function refreshVendorQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, ['vendors']);
}
