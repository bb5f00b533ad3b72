import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorConfirmInput, TwoFactorProofInput } from '@app/shared-types/two-factor';
import { api, unwrap } from '../../../lib/api-client';

/** The signed-in person's two-factor sign-in: on or off, recovery codes left, whether Settings require it. */
export function getTwoFactorStatus() {
  return unwrap(api.auth['two-factor'].$get());
}

export function getTwoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: ['two-factor'], queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...getTwoFactorStatusQueryOptions(), enabled });
}

/** Any change refreshes the status. */
function useTwoFactorMutation<I, T>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions().queryKey }),
  });
}

/** A new secret to scan (nothing changes until a code confirms it). */
export const useStartTwoFactor = () => useTwoFactorMutation(() => unwrap(api.auth['two-factor'].start.$post()));
/** Turns it on with a code of the new secret: answers the ten recovery codes, shown once. */
export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((input: TwoFactorConfirmInput) => unwrap(api.auth['two-factor'].confirm.$post({ json: input })));
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((input: TwoFactorProofInput) => unwrap(api.auth['two-factor'].disable.$post({ json: input })));
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((input: TwoFactorProofInput) => unwrap(api.auth['two-factor']['recovery-codes'].$post({ json: input })));
