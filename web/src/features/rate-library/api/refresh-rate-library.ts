import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';
import { RATE_LIBRARY_KEY } from './get-rate-library';

/** The quotation builder's lookups (its query root): a library edit changes what they answer. */
const LOOKUPS_KEY = 'quotation-lookups';

/** A library write whose success refreshes the library and the builder's lookups. */
export function useLibraryWrite<I, T>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void refreshQueries(queryClient, [RATE_LIBRARY_KEY, LOOKUPS_KEY]) });
}
