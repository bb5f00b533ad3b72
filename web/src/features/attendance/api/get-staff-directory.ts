import { useEffect, useMemo } from 'react';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { ATTENDANCE_KEY } from './attendance-queries';

const DIRECTORY_PAGE = 50;

/** The active staff, by name (GET /api/users/directory?status=active). */
export function getActiveStaff(cursor: string | undefined) {
  return unwrap(api.users.directory.$get({ query: listQuery({ status: 'active' }, DIRECTORY_PAGE, cursor) }));
}

export function getActiveStaffQueryOptions() {
  return { ...pagedListQueryOptions([ATTENDANCE_KEY, 'staff'], getActiveStaff), staleTime: 5 * 60_000 };
}

/** Every active employee (a firm's staff is a few pages at most), for the employee picker and filter; nothing asked when not `enabled`. */
export function useActiveStaff(enabled: boolean) {
  const query = usePagedList(getActiveStaffQueryOptions(), { enabled, keepPrevious: false });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (enabled && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [enabled, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const staff = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { staff, isPending: enabled && query.isPending, isError: query.isError };
}
