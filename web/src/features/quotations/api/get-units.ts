import { KNOWN_UNITS } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

export function getUnits() {
  return logged('units', unwrap(api.quotation['all-units'].$get()));
}

export function getUnitsQueryOptions() {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'all-units'], queryFn: getUnits });
}

/** The library's units; the known ones (SPEC.md 3) until they load or when they cannot. */
export function useUnits(): readonly string[] {
  return useQuery(getUnitsQueryOptions()).data ?? KNOWN_UNITS;
}
