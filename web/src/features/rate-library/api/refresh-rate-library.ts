import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshQueries } from '../../../lib/refresh-queries';
import { RATE_LIBRARY_KEY } from './get-rate-library';

/** The quotation builder's lookups (its query root): a library edit changes what they answer. */
const LOOKUPS_KEY = 'quotation-lookups';

/** A library write whose success refreshes the library and the builder's lookups. */
export function useLibraryWrite<I, T>(mutationFn: (input: I) => Promise<T>) {
  return useRefreshingWrite(mutationFn, (queryClient) => refreshQueries(queryClient, [RATE_LIBRARY_KEY, LOOKUPS_KEY]));
}
