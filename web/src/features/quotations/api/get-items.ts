import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';
import { LOOKUPS_KEY, logged } from './lookup-key';

export interface LibraryItem {
  itemName: string;
  unit: string;
}

/** The items of a usage area, each with its unit. */
export function getItems(usageArea: string) {
  return logged('items', apiJson<LibraryItem[]>(`/api/quotation/items/${part(usageArea)}`));
}

export function getItemsQueryOptions(usageArea: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'items', usageArea], queryFn: () => getItems(usageArea) });
}

export function useItems(usageArea: string) {
  return useQuery({ ...getItemsQueryOptions(usageArea), enabled: usageArea !== '' });
}
