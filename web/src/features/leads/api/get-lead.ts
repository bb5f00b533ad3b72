import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { RecordCache } from '../../../lib/record-mutations';
import { refreshLeadQueries } from './refresh-lead-queries';

/** A lead with its timeline, newest first; rejects with ApiError 404 when it does not exist. */
export function getLead(id: string) {
  return unwrap(api.leads[':id'].$get({ param: { id } }));
}

export function getLeadQueryOptions(id: string) {
  return queryOptions({ queryKey: ['leads', 'detail', id], queryFn: () => getLead(id) });
}

export function useLead(id: string | null) {
  return useQuery({ ...getLeadQueryOptions(id ?? ''), enabled: id !== null });
}

/** A lead's detail query and the refresh after any lead write, for the lead mutations. */
export const LEAD_CACHE: RecordCache = {
  detailKey: (id) => getLeadQueryOptions(id).queryKey,
  refresh: refreshLeadQueries,
};
