import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxStatus } from '@app/shared-types/notifications';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';

export const BELL_KEY = 'notifications';
export const OUTBOX_KEY = 'notification-outbox';

/** How often the bell asks for its count while the portal is open (and on window focus). */
export const BELL_POLL_MS = 60_000;
/** The bell lists this many of the newest. */
export const BELL_LIMIT = 10;

/** The signed-in user's newest notifications and unread count (GET /api/notifications). */
export const getBellQueryOptions = () =>
  queryOptions({
    queryKey: [BELL_KEY, 'bell'],
    queryFn: () => unwrap(api.notifications.$get({ query: listQuery({}, BELL_LIMIT, undefined) })),
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useBell() {
  return useQuery(getBellQueryOptions());
}

/** Mark one read, or all: the bell reloads after either. */
export function useBellActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: [BELL_KEY] });
  const read = useMutation({ mutationFn: (id: string) => unwrap(api.notifications[':id'].read.$post({ param: { id } })), onSettled });
  const readAll = useMutation({ mutationFn: () => unwrap(api.notifications['read-all'].$post()), onSettled });
  return { read, readAll };
}

/** The outbox in one status, a page at a time (GET /api/notifications/outbox, admins). */
export const getOutboxQueryOptions = (status: OutboxStatus, limit: number) =>
  pagedListQueryOptions([OUTBOX_KEY, { status, limit }], (cursor) => unwrap(api.notifications.outbox.$get({ query: { ...listQuery({}, limit, cursor), status } })));

export function useOutbox(status: OutboxStatus, limit: number) {
  return usePagedList(getOutboxQueryOptions(status, limit), { keepPrevious: false });
}

export function retryOutboxEmail(id: string) {
  return unwrap(api.notifications.outbox[':id'].retry.$post({ param: { id } }));
}

/** Sends one email now with the saved SMTP settings (to `to`, or the company email). */
export function sendTestEmail(to: string) {
  return unwrap(api.settings['test-email'].$post({ json: { to: to.trim() } }));
}
