import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** One kept version, whole. */
export function getRevision(id: string, revision: number) {
  return unwrap(api.quotations[':id'].revisions[':revision'].$get({ param: { id, revision: String(revision) } }));
}

export function getRevisionQueryOptions(id: string, revision: number) {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'detail', id, 'revision', revision], queryFn: () => getRevision(id, revision) });
}

export function useRevision(id: string, revision: number | null) {
  return useQuery({ ...getRevisionQueryOptions(id, revision ?? 0), enabled: revision !== null });
}
