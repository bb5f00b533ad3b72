import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

/** The items of a usage area, each with its unit. */
export function getItems(usageArea: string) {
  return logged('items', unwrap(api.quotation.items[':usageArea'].$get({ param: { usageArea } })));
}

export function getItemsQueryOptions(usageArea: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'items', usageArea], queryFn: () => getItems(usageArea) });
}

export function useItems(usageArea: string) {
  return useQuery({ ...getItemsQueryOptions(usageArea), enabled: usageArea !== '' });
}
