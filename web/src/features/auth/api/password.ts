import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ChangePasswordInput, PasswordResetInput } from '@app/shared-types/auth';
import { api, unwrap } from '../../../lib/api-client';

/** Settings > Security > passwordMinLength, for the change and reset screens (the server checks it again). */
export function usePasswordRules() {
  return useQuery(queryOptions({ queryKey: ['password-rules'], queryFn: () => unwrap(api.auth['password-rules'].$get()) }));
}

/** The signed-in person's own password; the server ends their other sessions and keeps this one. */
export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => unwrap(api.auth['change-password'].$post({ json: input })) });
}

/** 'Forgot password?': the answer (202) is the same for any email. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => unwrap(api.auth['password-reset'].$post({ json: { email } })) });
}

/** The reset screen of an emailed link: the link's token and the new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: (input: PasswordResetInput) => unwrap(api.auth['password-reset'].complete.$post({ json: input })) });
}
