import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '@app/shared-types/auth';
import { api, ApiError, unwrap } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';

/**
 * The session as GET /api/auth/me answers it ({ user }), or null when signed
 * out (the API answers { user: null } with 200, so a signed-out visit logs no
 * failed request; a 401 is still read as signed out). Other screens read the
 * role from this cache entry.
 */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await unwrap(api.auth.me.$get());
    return user ? { user } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const SESSION_QUERY_KEY = ['auth', 'me'] as const;

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Back to the login form when the server ends the session (idle timeout, password
 * changed elsewhere): the first 401 of any other query or mutation signs this
 * browser out too, instead of leaving every screen on a '401' error.
 */
export function useSignOutOnExpiredSession(onExpired: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useEffect(() => {
    const expire = (error: ApiError) => {
      if (queryClient.getQueryData(SESSION_QUERY_KEY) === null) return;
      toast({
        variant: 'destructive',
        title: 'Session expired',
        description: error.body?.error ?? 'Please sign in again.',
      });
      onExpired(error);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === 'auth') return;
      if (isUnauthorized(event.action.error)) expire(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.mutation.options.mutationKey?.[0] === 'auth') return;
      if (isUnauthorized(event.action.error)) expire(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, toast, onExpired]);
}
