import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, SessionUser } from '@app/shared-types/auth';
import type { LoginChallengeAnswer, LoginVerifyInput, VerifiedLogin } from '@app/shared-types/two-factor';
import { api, unwrap } from '../../../lib/api-client';
import { getSessionQueryOptions } from './get-session';

/** POST /api/auth/login: the session's user, or the second step (a code, or two-factor set-up) when one follows. */
export type LoginAnswer = SessionUser | LoginChallengeAnswer;

/** Signs in: the server sets the session cookie and answers with the user, or asks for a second step (no session yet). */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return unwrap(api.auth.login.$post({ json: input }));
}

/** The second step: a code (or a recovery code); during set-up at sign-in, the new recovery codes come back once. */
export function verifyLogin(input: LoginVerifyInput): Promise<VerifiedLogin> {
  return unwrap(api.auth.login.verify.$post({ json: input }));
}

interface Options {
  onSuccess?: (user: PublicUser) => void;
  /** The password was right and a second step follows. */
  onChallenge?: (challenge: LoginChallengeAnswer) => void;
  onError?: (error: Error) => void;
}

/** On success the session query holds the user, which shows the portal. */
export function useLogin({ onSuccess, onChallenge, onError }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onSuccess: (answer) => {
      if ('twoFactor' in answer) {
        onChallenge?.(answer);
        return;
      }
      queryClient.setQueryData(getSessionQueryOptions().queryKey, answer);
      onSuccess?.(answer.user);
    },
    onError: (error) => onError?.(error),
  });
}

/** Shows the portal: the session query holds the user (after the recovery codes of a set-up were saved, if any). */
export function useEnterPortal() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    const session: SessionUser = { user };
    queryClient.setQueryData(getSessionQueryOptions().queryKey, session);
  };
}
