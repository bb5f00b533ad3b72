import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import { AUDIT_KEY } from './get-audit-log';

const PICKER_LIMIT = 10;

/** Staff searched by name as one types in the person filter (GET /api/users?q=, admin and superadmin, as the viewer is). */
export const getStaffSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [AUDIT_KEY, 'staff', { q }],
    queryFn: () => unwrap(api.users.$get({ query: listQuery({ q }, PICKER_LIMIT, undefined) })),
  });

/** Keeps the previous matches on screen while the next search runs. */
export const useStaffSearch = (q: string, enabled: boolean) => useQuery({ ...getStaffSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });

/** The person the URL names, by id, for the filter's label. */
export const usePerson = (id: string) =>
  useQuery({
    queryKey: [AUDIT_KEY, 'person', id],
    queryFn: () => unwrap(api.users[':id'].$get({ param: { id } })),
    enabled: id !== '',
    retry: false,
  });
