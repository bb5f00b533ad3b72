import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { AuditFilters } from '../model';

export const AUDIT_KEY = 'audit-log';

/** One page of the audit log, newest first, filtered on the server (GET /api/audit-log). */
export function getAuditLog({ filters, limit, cursor }: { filters: AuditFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api['audit-log'].$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getAuditLogQueryOptions(filters: AuditFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [AUDIT_KEY, 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getAuditLog({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous entries on screen while a new filter loads. */
export function useAuditLog(filters: AuditFilters, limit: number) {
  return useInfiniteQuery({ ...getAuditLogQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
