import type { QueryClient } from '@tanstack/react-query';
import type { RecordCache } from '../../../lib/record-mutations';
import { refreshQueries } from '../../../lib/refresh-queries';

export const QUOTATIONS_KEY = 'quotations';

/** After any quotation write: the lists, the details and the dashboard's pending count. */
export function refreshQuotationQueries(queryClient: QueryClient) {
  return refreshQueries(queryClient, [QUOTATIONS_KEY]);
}

/** A quotation's detail query, for the save, send and approve mutations. */
export const QUOTATION_CACHE: RecordCache = {
  detailKey: (id) => [QUOTATIONS_KEY, 'detail', id],
  refresh: refreshQuotationQueries,
};

/** A path part of /api/quotation/... lookups, encoded. */
export const part = (value: string) => encodeURIComponent(value);
