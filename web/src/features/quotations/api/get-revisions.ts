import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** The kept earlier versions of a quote, newest first. */
export function getRevisions(id: string, cursor: string | undefined) {
  return unwrap(api.quotations[':id'].revisions.$get({ param: { id }, query: cursor ? { cursor } : {} }));
}

export function getRevisionsQueryOptions(id: string) {
  return pagedListQueryOptions([QUOTATIONS_KEY, 'detail', id, 'revisions'], (cursor) => getRevisions(id, cursor));
}

export function useRevisions(id: string, enabled: boolean) {
  return usePagedList(getRevisionsQueryOptions(id), { enabled, keepPrevious: false });
}
