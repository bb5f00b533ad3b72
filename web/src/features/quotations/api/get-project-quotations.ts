import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** A project's quotes (the one it was approved from and its variations), newest first, a page at a time. */
export function getProjectQuotationsQueryOptions(projectId: string, limit: number) {
  return pagedListQueryOptions([QUOTATIONS_KEY, 'list', { projectId, limit }], (cursor) =>
    unwrap(api.quotations.$get({ query: listQuery({ projectId }, limit, cursor) })),
  );
}

export function useProjectQuotations(projectId: string, limit: number) {
  return usePagedList(getProjectQuotationsQueryOptions(projectId, limit));
}
