import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateLibraryAnswer } from '@app/shared-types/rate-library';
import { api, unwrap } from '../../../lib/api-client';

/** The query root of the whole library; the builder's lookups live under 'quotation-lookups'. */
export const RATE_LIBRARY_KEY = 'rate-library';

/** The whole rate library (retired entries, ids and cost prices included), and whether this role may edit it. */
export async function getRateLibrary(): Promise<RateLibraryAnswer> {
  return unwrap(api['rate-library'].$get());
}

export function getRateLibraryQueryOptions() {
  return queryOptions({ queryKey: [RATE_LIBRARY_KEY], queryFn: getRateLibrary });
}

export function useRateLibrary() {
  return useQuery(getRateLibraryQueryOptions());
}
