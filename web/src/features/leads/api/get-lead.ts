import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

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
