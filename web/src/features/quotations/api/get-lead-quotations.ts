import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** A lead's quotes (a calculator lead's draft among them, issue 26), newest first, a page at a time. */
export function getLeadQuotationsQueryOptions(leadId: string, limit: number) {
  return pagedListQueryOptions([QUOTATIONS_KEY, 'list', { leadId, limit }], (cursor) => unwrap(api.quotations.$get({ query: listQuery({ leadId }, limit, cursor) })));
}

export function useLeadQuotations(leadId: string, limit: number) {
  return usePagedList(getLeadQuotationsQueryOptions(leadId, limit));
}
