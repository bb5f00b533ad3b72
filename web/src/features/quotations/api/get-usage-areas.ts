import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

export function getUsageAreas() {
  return logged('usage areas', unwrap(api.quotation['usage-areas'].$get()));
}

export function getUsageAreasQueryOptions() {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'usage-areas'], queryFn: getUsageAreas });
}

export function useUsageAreas() {
  return useQuery(getUsageAreasQueryOptions());
}
