import { skipToken, useQuery } from '@tanstack/react-query';

function roleOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('user' in data)) return undefined;
  const { user } = data;
  if (typeof user !== 'object' || user === null || !('role' in user)) return undefined;
  return typeof user.role === 'string' ? user.role : undefined;
}

/**
 * The signed-in user's role from the session the portal already loaded
 * (['auth', 'me']); never fetches. Undefined when the session is not cached.
 */
export function useSignedInRole(): string | undefined {
  const { data } = useQuery({ queryKey: ['auth', 'me'], queryFn: skipToken });
  return roleOf(data);
}
