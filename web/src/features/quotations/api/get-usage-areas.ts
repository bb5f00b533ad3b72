import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { LOOKUPS_KEY, logged } from './lookup-key';

export function getUsageAreas() {
  return logged('usage areas', apiJson<string[]>('/api/quotation/usage-areas'));
}

export function getUsageAreasQueryOptions() {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'usage-areas'], queryFn: getUsageAreas });
}

export function useUsageAreas() {
  return useQuery(getUsageAreasQueryOptions());
}
