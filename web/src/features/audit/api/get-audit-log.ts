import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { AuditFilters } from '../model';

export const AUDIT_KEY = 'audit-log';

/** One page of the audit log, newest first, filtered on the server (GET /api/audit-log). */
export function getAuditLog({ filters, limit, cursor }: { filters: AuditFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api['audit-log'].$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getAuditLogQueryOptions(filters: AuditFilters, limit: number) {
  return pagedListQueryOptions([AUDIT_KEY, 'list', { ...filters, limit }], (cursor) => getAuditLog({ filters, limit, cursor }));
}

/** Keeps the previous entries on screen while a new filter loads. */
export function useAuditLog(filters: AuditFilters, limit: number) {
  return usePagedList(getAuditLogQueryOptions(filters, limit));
}
