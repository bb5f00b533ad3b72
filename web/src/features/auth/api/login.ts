import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, SessionUser } from '@app/shared-types/auth';
import { api, unwrap } from '../../../lib/api-client';
import { getSessionQueryOptions } from './get-session';

/** Signs in: the server sets the session cookie and answers with the user. */
export function login(input: LoginInput): Promise<SessionUser> {
  return unwrap(api.auth.login.$post({ json: input }));
}

interface Options {
  onSuccess?: (user: PublicUser) => void;
  onError?: (error: Error) => void;
}

/** On success the session query holds the user, which shows the portal. */
export function useLogin({ onSuccess, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onSuccess: (session) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, session);
      onSuccess?.(session.user);
    },
    onError: (error) => onError?.(error),
  });
}
