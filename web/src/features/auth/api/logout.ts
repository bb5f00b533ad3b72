import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../../../lib/api-client';
import { getSessionQueryOptions } from './get-session';

/** Ends the session on the server and clears its cookie. */
export function logout() {
  return unwrap(api.auth.logout.$post());
}

/**
 * Signs this browser out: the session query becomes null (the login form shows)
 * and every other cached answer goes, so nothing of the last user stays in memory.
 */
export function clearClientSession(queryClient: QueryClient) {
  void queryClient.cancelQueries();
  queryClient.setQueryData(getSessionQueryOptions().queryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}

/** How long Logout waits for the screen's reads in flight before it ends the session. */
const READS_WAIT_MS = 2000;

/**
 * Resolves once no query is fetching (or after READS_WAIT_MS): a read still in
 * flight when the session ends would be refused (401) on its way back.
 */
async function readsSettled(queryClient: QueryClient) {
  const until = Date.now() + READS_WAIT_MS;
  while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Logout always signs the browser out and goes to `redirectTo` (the portal's
 * dashboard); a server error is only logged (SPEC.md 8).
 */
export function useLogout({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: async () => {
      await readsSettled(queryClient);
      return logout();
    },
    onError: (error) => console.error('Logout failed', error),
    onSettled: () => {
      clearClientSession(queryClient);
      void navigate(redirectTo);
    },
  });
}
