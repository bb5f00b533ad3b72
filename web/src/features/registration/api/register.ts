import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RegistrationInput } from '@app/shared-types/two-factor';
import { api, unwrap } from '../../../lib/api-client';

/** The password rule of 'Request access'; ApiError 404 while Settings > allowRegistration is off. */
export function getRegistrationInfo() {
  return unwrap(api.auth.registration.$get());
}

export function useRegistrationInfo() {
  return useQuery({ ...queryOptions({ queryKey: ['registration-info'], queryFn: getRegistrationInfo }), retry: false });
}

/** Sends the request; the answer (202) is the same whether or not the email was already registered. */
export function useRegister() {
  return useMutation({ mutationFn: (input: RegistrationInput) => unwrap(api.auth.register.$post({ json: input })) });
}
